-- Phones without an app of one's own and chat (issue 43): an ntfy topic,
-- a Pushover user key and a Matrix user are contact methods, each with its
-- queue platform.
-- SQLite cannot change a CHECK constraint: the tables are rebuilt, as in
-- 0020 and 0039 (no table references them; ids keep counting).
CREATE TABLE devices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix')),
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
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix')),
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
    kind TEXT NOT NULL CHECK (kind IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix')),
    address TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    verified_at INTEGER,
    -- The code waiting to be typed: its SHA-256 only.
    code_hash TEXT,
    code_expires_at INTEGER,
    code_tries INTEGER NOT NULL DEFAULT 0,
    device_id INTEGER UNIQUE,
    UNIQUE (user_id, kind, address)
);
INSERT INTO contact_methods_new (id, user_id, kind, address, created_at, verified_at, code_hash, code_expires_at, code_tries, device_id)
    SELECT id, user_id, kind, address, created_at, verified_at, code_hash, code_expires_at, code_tries, device_id FROM contact_methods;
INSERT INTO sqlite_sequence (name, seq) SELECT 'contact_methods_new', seq FROM sqlite_sequence WHERE name = 'contact_methods'
    AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'contact_methods_new');
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'contact_methods'), 0)) WHERE name = 'contact_methods_new';
DROP TABLE contact_methods;
ALTER TABLE contact_methods_new RENAME TO contact_methods;
CREATE INDEX contact_methods_address_idx ON contact_methods (kind, address);

-- The partial indexes of 0039, over every contact platform (the queries
-- name the same list, so the planner can use them).
DROP INDEX IF EXISTS delivery_history_contact_idx;
DROP INDEX IF EXISTS delivery_history_contact_sent_idx;
DROP INDEX IF EXISTS deliveries_contact_idx;
CREATE INDEX delivery_history_contact_idx ON delivery_history (device_id, finished_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix');
CREATE INDEX delivery_history_contact_sent_idx ON delivery_history (platform, finished_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix');
CREATE INDEX deliveries_contact_idx ON deliveries (device_id, contact_started_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix');

-- Messages Herald follows after they went: an ntfy message to change in
-- place and clear, a Pushover emergency whose receipt is read (its
-- acknowledgement is the person's) and cancelled once the alarm is taken
-- or resolved. A row lives until its follow-up is done.
CREATE TABLE contact_follow_ups (
    delivery_id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL CHECK (platform IN ('ntfy', 'pushover', 'matrix')),
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    method_id INTEGER NOT NULL,
    receipt TEXT,
    sent_at INTEGER NOT NULL,
    checks INTEGER NOT NULL DEFAULT 0,
    next_check_at INTEGER NOT NULL,
    claimed_until INTEGER,
    -- Made due while a sweep held it: the sweep's later "look again then"
    -- gives way to "now".
    hastened INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX contact_follow_ups_due_idx ON contact_follow_ups (next_check_at);
CREATE INDEX contact_follow_ups_notification_idx ON contact_follow_ups (notification_id);
