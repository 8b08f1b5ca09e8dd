-- Structured notifications: attributes (a flat JSON object, matched by
-- subscribers' filters), an expiry after which inboxes hide it and
-- providers drop it, and a sender's key that a later post updates.
ALTER TABLE notifications ADD COLUMN attributes TEXT;
ALTER TABLE notifications ADD COLUMN expires_at INTEGER;
ALTER TABLE notifications ADD COLUMN key TEXT;
CREATE UNIQUE INDEX notifications_key_idx ON notifications (service_id, key) WHERE key IS NOT NULL;
