-- Contact methods and personal notification rules (issue 42).
-- A verified method gets a device row of its kind's platform (token
-- '#contact-<id>', which no push token can be), so its messages go through
-- the same queue as pushes.
-- SQLite cannot change a CHECK constraint: both tables are rebuilt, as in 0020
-- (still no table references devices; ids keep counting).
CREATE TABLE devices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email')),
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
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email')),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    removed_at INTEGER NOT NULL,
    reason TEXT NOT NULL
);
INSERT INTO removed_devices_new SELECT id, user_id, token, platform, created_at, last_seen_at, removed_at, reason FROM removed_devices;
DROP TABLE removed_devices;
ALTER TABLE removed_devices_new RENAME TO removed_devices;
CREATE INDEX removed_devices_removed_at_idx ON removed_devices (removed_at);

CREATE TABLE contact_methods (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('sms', 'voice', 'email')),
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
CREATE INDEX contact_methods_address_idx ON contact_methods (kind, address);

-- A person's own rule per class (a row: they chose; steps may be empty).
CREATE TABLE contact_rules (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rule_class TEXT NOT NULL CHECK (rule_class IN ('routine', 'high', 'critical', 'call')),
    steps TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, rule_class)
);

-- What the queue applies: their own rules or the site's default, worked
-- out in Swift (ContactRules.effective) for each verified method's device.
CREATE TABLE contact_steps (
    device_id INTEGER NOT NULL,
    rule_class TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- (No key to contact_methods: a method's removal deletes its steps, and
    -- saving a person's rules replaces them all.)
    method_id INTEGER NOT NULL,
    min_priority INTEGER NOT NULL,
    max_priority INTEGER NOT NULL,
    delay_seconds INTEGER NOT NULL,
    PRIMARY KEY (device_id, rule_class)
);
CREATE INDEX contact_steps_user_idx ON contact_steps (user_id);

-- When a contact message was handed to its provider: a claim after a
-- crash finds it set and does not send it twice.
ALTER TABLE deliveries ADD COLUMN contact_started_at INTEGER;

-- A reply finds the texts its sender was sent, by when they went
-- (ContactStore.contactedNotifications); the daily caps count them.
CREATE INDEX delivery_history_contact_idx ON delivery_history (device_id, finished_at) WHERE platform IN ('sms', 'voice', 'email');
CREATE INDEX delivery_history_contact_sent_idx ON delivery_history (platform, finished_at) WHERE platform IN ('sms', 'voice', 'email');
CREATE INDEX deliveries_contact_idx ON deliveries (device_id, contact_started_at) WHERE platform IN ('sms', 'voice', 'email');
