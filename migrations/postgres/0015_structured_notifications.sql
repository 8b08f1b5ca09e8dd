-- Structured notifications: attributes (a flat JSON object, matched by
-- subscribers' filters), an expiry after which inboxes hide it and
-- providers drop it, and a sender's key that a later post updates.
ALTER TABLE notifications ADD COLUMN attributes TEXT, ADD COLUMN expires_at TIMESTAMPTZ, ADD COLUMN key TEXT;
CREATE UNIQUE INDEX notifications_key_idx ON notifications (service_id, key) WHERE key IS NOT NULL;
