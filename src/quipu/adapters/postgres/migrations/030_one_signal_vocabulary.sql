-- Risk signals have one vocabulary (duplicate, foreign_purchase, pending, ...). Cases, disputes and actions
-- stored before it used duplicate_charge, foreign_transaction and pending_charge: renamed here so every row reads
-- the same. The decision log is append-only and keeps the words it was written with.
CREATE OR REPLACE FUNCTION pg_temp.signal_name(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE name WHEN 'duplicate_charge' THEN 'duplicate' WHEN 'foreign_transaction' THEN 'foreign_purchase'
                     WHEN 'pending_charge' THEN 'pending' ELSE name END
$$;
CREATE OR REPLACE FUNCTION pg_temp.signal_names(names jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(jsonb_agg(DISTINCT pg_temp.signal_name(n)), '[]'::jsonb) FROM jsonb_array_elements_text(names) n
$$;

UPDATE ops.actions SET view = jsonb_set(view, '{facts,signals}', pg_temp.signal_names(view #> '{facts,signals}'))
WHERE jsonb_typeof(view #> '{facts,signals}') = 'array'
  AND view #> '{facts,signals}' ?| ARRAY['duplicate_charge', 'foreign_transaction', 'pending_charge'];

UPDATE ops.handoff_cases
SET reason_codes = ARRAY(SELECT DISTINCT pg_temp.signal_name(r) FROM unnest(reason_codes) r ORDER BY 1)
WHERE reason_codes && ARRAY['duplicate_charge', 'foreign_transaction', 'pending_charge'];

UPDATE ops.handoff_cases
SET case_file = jsonb_set(case_file, '{verified_facts,signals}', pg_temp.signal_names(case_file #> '{verified_facts,signals}'))
WHERE jsonb_typeof(case_file #> '{verified_facts,signals}') = 'array'
  AND case_file #> '{verified_facts,signals}' ?| ARRAY['duplicate_charge', 'foreign_transaction', 'pending_charge'];

UPDATE ops.disputes
SET investigation_result = jsonb_set(investigation_result, '{signals}', pg_temp.signal_names(investigation_result -> 'signals'))
WHERE jsonb_typeof(investigation_result -> 'signals') = 'array'
  AND investigation_result -> 'signals' ?| ARRAY['duplicate_charge', 'foreign_transaction', 'pending_charge'];
