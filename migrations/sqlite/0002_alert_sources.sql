-- Alert sources: a level on notifications, per-service bearer tokens for
-- senders outside the allowlist, and each alert's last known state so that
-- repeats are not pushed again.

ALTER TABLE notifications ADD COLUMN severity TEXT;

-- Only a SHA-256 of each token is kept; the token is shown once, at creation.
CREATE TABLE service_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER
);
CREATE INDEX service_tokens_service_idx ON service_tokens (service_id);

-- One row per (service, alert fingerprint): what was last pushed for it.
CREATE TABLE alert_states (
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL,
    status TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    notified_at INTEGER NOT NULL,
    PRIMARY KEY (service_id, fingerprint)
);

-- Per-service Mustache templates for the title, subtitle, url and severity of
-- notifications made from webhooks (and, when set, from alerts).
CREATE TABLE service_templates (
    service_id TEXT PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL DEFAULT '',
    url TEXT NOT NULL DEFAULT '',
    severity TEXT NOT NULL DEFAULT '',
    updated_at INTEGER NOT NULL
);
