-- Phones without an app of one's own and chat (issue 43): an ntfy topic,
-- a Pushover user key and a Matrix user are contact methods, each with its
-- queue platform.
ALTER TABLE devices DROP CONSTRAINT IF EXISTS devices_platform_check;
ALTER TABLE devices ADD CONSTRAINT devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix'));
ALTER TABLE removed_devices DROP CONSTRAINT IF EXISTS removed_devices_platform_check;
ALTER TABLE removed_devices ADD CONSTRAINT removed_devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix'));
ALTER TABLE contact_methods DROP CONSTRAINT IF EXISTS contact_methods_kind_check;
ALTER TABLE contact_methods ADD CONSTRAINT contact_methods_kind_check CHECK (kind IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix'));

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
    delivery_id BIGINT PRIMARY KEY,
    platform TEXT NOT NULL CHECK (platform IN ('ntfy', 'pushover', 'matrix')),
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    method_id BIGINT NOT NULL,
    receipt TEXT,
    sent_at TIMESTAMPTZ NOT NULL,
    checks INT NOT NULL DEFAULT 0,
    next_check_at TIMESTAMPTZ NOT NULL,
    claimed_until TIMESTAMPTZ,
    -- Made due while a sweep held it: the sweep's later "look again then"
    -- gives way to "now".
    hastened BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX contact_follow_ups_due_idx ON contact_follow_ups (next_check_at);
CREATE INDEX contact_follow_ups_notification_idx ON contact_follow_ups (notification_id);
