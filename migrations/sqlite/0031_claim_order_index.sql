-- Claims read the queue in their own order (issue 27): see the PostgreSQL migration.
CREATE INDEX deliveries_claim_idx ON deliveries (priority DESC, bulk, next_attempt_at) WHERE state IN ('pending', 'retrying');
DROP INDEX deliveries_urgent_idx;
DROP INDEX deliveries_due_idx;
