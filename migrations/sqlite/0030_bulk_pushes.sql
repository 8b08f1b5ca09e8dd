-- Fairness between notifications of one severity (issue 27): see the PostgreSQL migration.
ALTER TABLE deliveries ADD COLUMN bulk INTEGER NOT NULL DEFAULT 0;
DROP INDEX deliveries_urgent_idx;
CREATE INDEX deliveries_urgent_idx ON deliveries (priority DESC, bulk, next_attempt_at) WHERE state IN ('pending', 'retrying') AND priority >= 11;
