-- Web Push: a browser's push subscription is a device of its own platform.
-- SQLite cannot change a CHECK constraint, so both tables are rebuilt (no
-- table references devices). Device ids keep counting from where they were:
-- a removed device keeps its id for a restore, so none may be reused.
CREATE TABLE devices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush')),
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
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush')),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    removed_at INTEGER NOT NULL,
    reason TEXT NOT NULL
);
INSERT INTO removed_devices_new SELECT id, user_id, token, platform, created_at, last_seen_at, removed_at, reason FROM removed_devices;
DROP TABLE removed_devices;
ALTER TABLE removed_devices_new RENAME TO removed_devices;
CREATE INDEX removed_devices_removed_at_idx ON removed_devices (removed_at);
