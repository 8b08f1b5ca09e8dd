-- Herald's initial schema (SQLite).
-- Times are integer microseconds since 1970 (UTC); booleans are 0/1.
-- The migrator runs one statement at a time: end every statement with a
-- semicolon at the end of a line.

CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    is_active INTEGER NOT NULL DEFAULT 1,
    is_admin INTEGER NOT NULL DEFAULT 0,
    login_expires_at INTEGER,
    created_at INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER))
);

CREATE TABLE services (
    id TEXT PRIMARY KEY,
    category TEXT NOT NULL,
    color TEXT NOT NULL,
    owner TEXT NOT NULL,
    created_at INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER))
);

CREATE TABLE subscriptions (
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER)),
    PRIMARY KEY (service_id, user_id)
) WITHOUT ROWID;
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);

CREATE TABLE devices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm')),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
);
CREATE INDEX devices_user_idx ON devices (user_id);

CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL DEFAULT '',
    url TEXT NOT NULL DEFAULT ''
);
CREATE INDEX notifications_service_idx ON notifications (service_id, created_at);
CREATE INDEX notifications_created_idx ON notifications (created_at);

-- inbox and deliveries take one row per subscriber (per device) at every
-- post, so they carry no foreign keys and no index whose keys arrive in random
-- order: at 10,000 subscribers the per-row FK checks alone tripled the time of
-- a post. Their rows are created from existing rows inside the publishing
-- statement, and the store removes them with the user, service or
-- notification they belong to. Device and user ids are never reused, so a
-- delivery whose device is gone is simply skipped by the worker.

CREATE TABLE inbox (
    user_id INTEGER NOT NULL,
    notification_id INTEGER NOT NULL,
    is_read INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, notification_id)
) WITHOUT ROWID;
CREATE INDEX inbox_notification_idx ON inbox (notification_id);

CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    notification_id INTEGER NOT NULL,
    device_id INTEGER,
    user_id INTEGER NOT NULL,
    platform TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'sent', 'retrying', 'failed', 'dropped', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_until INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX deliveries_notification_idx ON deliveries (notification_id);
CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE state IN ('pending', 'retrying');
