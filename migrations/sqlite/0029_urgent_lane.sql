-- The workers' urgent lane (issue 27): see the PostgreSQL migration.
CREATE INDEX deliveries_urgent_idx ON deliveries (priority DESC, next_attempt_at) WHERE state IN ('pending', 'retrying') AND priority >= 11;
