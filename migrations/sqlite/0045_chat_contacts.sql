-- Slack and Mattermost accounts as contact methods (issue 43): the site's
-- Slack app and Mattermost bot write to a person in a direct message. Each
-- kind has its queue platform, and its messages are followed (edited once
-- their alarm is taken or resolved).
-- SQLite cannot change a CHECK constraint: the tables are rebuilt, as in
-- 0040 (no table references them; ids keep counting).
CREATE TABLE devices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost')),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
);
INSERT INTO devices_new (id, user_id, token, platform, created_at, last_seen_at) SELECT id, user_id, token, platform, created_at, last_seen_at FROM devices;
INSERT INTO sqlite_sequence (name, seq) SELECT 'devices_new', seq FROM sqlite_sequence WHERE name = 'devices'
    AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'devices_new');
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'devices'), 0)) WHERE name = 'devices_new';
DROP TABLE devices;
ALTER TABLE devices_new RENAME TO devices;
CREATE INDEX devices_user_idx ON devices (user_id);

CREATE TABLE removed_devices_new (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost')),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    removed_at INTEGER NOT NULL,
    reason TEXT NOT NULL
);
INSERT INTO removed_devices_new SELECT id, user_id, token, platform, created_at, last_seen_at, removed_at, reason FROM removed_devices;
DROP TABLE removed_devices;
ALTER TABLE removed_devices_new RENAME TO removed_devices;
CREATE INDEX removed_devices_removed_at_idx ON removed_devices (removed_at);

CREATE TABLE contact_methods_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost')),
    address TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    verified_at INTEGER,
    -- The code waiting to be typed: its SHA-256 only.
    code_hash TEXT,
    code_expires_at INTEGER,
    code_tries INTEGER NOT NULL DEFAULT 0,
    device_id INTEGER UNIQUE,
    source TEXT NOT NULL DEFAULT 'entered',
    UNIQUE (user_id, kind, address)
);
INSERT INTO contact_methods_new (id, user_id, kind, address, created_at, verified_at, code_hash, code_expires_at, code_tries, device_id, source)
    SELECT id, user_id, kind, address, created_at, verified_at, code_hash, code_expires_at, code_tries, device_id, source FROM contact_methods;
INSERT INTO sqlite_sequence (name, seq) SELECT 'contact_methods_new', seq FROM sqlite_sequence WHERE name = 'contact_methods'
    AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'contact_methods_new');
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'contact_methods'), 0)) WHERE name = 'contact_methods_new';
DROP TABLE contact_methods;
ALTER TABLE contact_methods_new RENAME TO contact_methods;
CREATE INDEX contact_methods_address_idx ON contact_methods (kind, address);

-- The partial indexes of 0040, over every contact platform (the queries
-- name the same list, so the planner can use them).
DROP INDEX IF EXISTS delivery_history_contact_idx;
DROP INDEX IF EXISTS delivery_history_contact_sent_idx;
DROP INDEX IF EXISTS deliveries_contact_idx;
CREATE INDEX delivery_history_contact_idx ON delivery_history (device_id, finished_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost');
CREATE INDEX delivery_history_contact_sent_idx ON delivery_history (platform, finished_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost');
CREATE INDEX deliveries_contact_idx ON deliveries (device_id, contact_started_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost');

CREATE TABLE contact_follow_ups_new (
    delivery_id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL CHECK (platform IN ('ntfy', 'pushover', 'matrix', 'slack', 'mattermost')),
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    method_id INTEGER NOT NULL,
    receipt TEXT,
    sent_at INTEGER NOT NULL,
    checks INTEGER NOT NULL DEFAULT 0,
    next_check_at INTEGER NOT NULL,
    claimed_until INTEGER,
    hastened INTEGER NOT NULL DEFAULT 0
);
INSERT INTO contact_follow_ups_new SELECT delivery_id, platform, notification_id, user_id, method_id, receipt, sent_at, checks, next_check_at, claimed_until, hastened
    FROM contact_follow_ups;
DROP TABLE contact_follow_ups;
ALTER TABLE contact_follow_ups_new RENAME TO contact_follow_ups;
CREATE INDEX contact_follow_ups_due_idx ON contact_follow_ups (next_check_at);
CREATE INDEX contact_follow_ups_notification_idx ON contact_follow_ups (notification_id);
