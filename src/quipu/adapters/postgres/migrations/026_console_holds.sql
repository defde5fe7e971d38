-- A conversation a person answers is held by exactly one operator (a supervisor may reassign it), and every
-- time staff open a thread it is written down.
ALTER TABLE ops.conversations ADD COLUMN IF NOT EXISTS held_by uuid REFERENCES ops.operators (operator_id);

CREATE TABLE IF NOT EXISTS ops.thread_reads (
    read_id         bigserial PRIMARY KEY,
    conversation_id uuid NOT NULL REFERENCES ops.conversations (conversation_id),
    operator_id     uuid NOT NULL REFERENCES ops.operators (operator_id),
    status          text NOT NULL,
    read_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS thread_reads_conversation_idx ON ops.thread_reads (conversation_id, read_at DESC);
DROP TRIGGER IF EXISTS thread_reads_append_only ON ops.thread_reads;
CREATE TRIGGER thread_reads_append_only BEFORE UPDATE OR DELETE ON ops.thread_reads
    FOR EACH ROW EXECUTE FUNCTION ops.refuse_change();

GRANT SELECT, INSERT ON ops.thread_reads TO quipu_app;
GRANT USAGE, SELECT ON SEQUENCE ops.thread_reads_read_id_seq TO quipu_app;
