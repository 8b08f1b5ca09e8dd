-- The audit log (issue 41): who changed what (before and after), when and
-- from where. Append-only; retention deletes the oldest (AUDIT_RETENTION_DAYS).
-- An account's entries outlive it by name (actor_id set to NULL); a
-- service's outlive it too (service_id is no foreign key: what was done to
-- a deleted service stays answerable).
CREATE TABLE audit_log (
    id BIGSERIAL PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL,
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL,
    service_id UUID,
    target TEXT NOT NULL,
    before_value TEXT,
    after_value TEXT,
    address TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_service ON audit_log (service_id, id) WHERE service_id IS NOT NULL;
CREATE INDEX audit_log_actor ON audit_log (actor_id) WHERE actor_id IS NOT NULL;
