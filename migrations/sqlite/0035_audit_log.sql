-- The audit log (issue 41): see the PostgreSQL migration.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    actor_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL,
    service_id TEXT,
    target TEXT NOT NULL,
    before_value TEXT,
    after_value TEXT,
    address TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_service ON audit_log (service_id, id) WHERE service_id IS NOT NULL;
CREATE INDEX audit_log_actor ON audit_log (actor_id) WHERE actor_id IS NOT NULL;
