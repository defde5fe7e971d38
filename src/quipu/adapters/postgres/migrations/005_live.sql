-- Live updates: every new message and every status change of a conversation is announced on one channel,
-- so any API process (behind any load balancer) can push it to the browsers that watch that conversation.
CREATE OR REPLACE FUNCTION ops.announce_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('quipu_conversations', NEW.conversation_id::text);
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER messages_announce AFTER INSERT ON ops.messages
    FOR EACH ROW EXECUTE FUNCTION ops.announce_conversation();

CREATE OR REPLACE TRIGGER conversations_announce AFTER UPDATE OF status ON ops.conversations
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION ops.announce_conversation();

CREATE INDEX IF NOT EXISTS conversations_queue_idx ON ops.conversations (status, last_message_at DESC);
CREATE INDEX IF NOT EXISTS handoff_cases_conversation_idx ON ops.handoff_cases (conversation_id, created_at DESC);
