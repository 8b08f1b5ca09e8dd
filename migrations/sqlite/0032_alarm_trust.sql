-- Trust on the alarm path (issue 39): see the PostgreSQL migration.
CREATE TABLE escalation_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    step INTEGER NOT NULL,
    pass INTEGER NOT NULL,
    who TEXT,
    at INTEGER NOT NULL
);
CREATE INDEX escalation_events_notification ON escalation_events (notification_id);

CREATE INDEX escalations_service_started ON escalations (service_id, started_at);

CREATE INDEX deliveries_withdrawal_idx ON deliveries (notification_id, device_id) WHERE purpose = 'withdrawal';
CREATE INDEX delivery_history_withdrawal_idx ON delivery_history (notification_id, device_id) WHERE purpose = 'withdrawal';

ALTER TABLE alert_states ADD COLUMN labels TEXT;

-- An escalation step calling the subscribers goes through a fan-out job of
-- its own beside the post's: a job is a notification's and a kind's
-- ('post', 'call'). SQLite changes a primary key by making the table anew.
CREATE TABLE fanouts_by_kind (
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    kind TEXT NOT NULL DEFAULT 'post',
    service_id TEXT NOT NULL,
    posted_at INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER)),
    refused_filters TEXT NOT NULL DEFAULT '[]',
    after_user INTEGER NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until INTEGER,
    PRIMARY KEY (notification_id, kind)
);
INSERT INTO fanouts_by_kind (notification_id, kind, service_id, posted_at, refused_filters, after_user, claimed_by, claimed_until)
    SELECT notification_id, 'post', service_id, posted_at, refused_filters, after_user, claimed_by, claimed_until FROM fanouts;
DROP TABLE fanouts;
ALTER TABLE fanouts_by_kind RENAME TO fanouts;

ALTER TABLE users ADD COLUMN confined INTEGER NOT NULL DEFAULT 0;

-- Calendar feeds' secrets kept as their SHA-256 (herald_sha256, installed
-- on Herald's connection): see the PostgreSQL migration.
ALTER TABLE rotas ADD COLUMN feed_secret_hash TEXT;
UPDATE rotas SET feed_secret_hash = herald_sha256(feed_secret);
ALTER TABLE rotas DROP COLUMN feed_secret;
CREATE UNIQUE INDEX rotas_feed_secret_hash ON rotas (feed_secret_hash);
ALTER TABLE calendar_secrets ADD COLUMN secret_hash TEXT;
UPDATE calendar_secrets SET secret_hash = herald_sha256(secret);
ALTER TABLE calendar_secrets DROP COLUMN secret;
CREATE UNIQUE INDEX calendar_secrets_hash ON calendar_secrets (secret_hash);

CREATE TABLE acknowledgement_withdrawals (
    notification_id INTEGER PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    username TEXT NOT NULL,
    withdrawn_at INTEGER NOT NULL
);

CREATE TABLE acknowledgement_changes (
    notification_id INTEGER PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    changed_at INTEGER NOT NULL
);
CREATE INDEX acknowledgement_changes_at ON acknowledgement_changes (changed_at);

-- A large audience's withdrawals go through a fan-out job ('withdrawal'),
-- which walks the holders in user order and pushes to their devices on the
-- job's platforms (a JSON array).
ALTER TABLE fanouts ADD COLUMN platforms TEXT NOT NULL DEFAULT '[]';
CREATE INDEX inbox_notification_user_idx ON inbox (notification_id, user_id);
-- It serves every lookup by notification the old index did: one index, not two, for each inbox row a fan-out writes.
DROP INDEX inbox_notification_idx;
