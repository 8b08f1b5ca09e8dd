-- Slack and Mattermost accounts as contact methods (issue 43): the site's
-- Slack app and Mattermost bot write to a person in a direct message. Each
-- kind has its queue platform, and its messages are followed (edited once
-- their alarm is taken or resolved).
ALTER TABLE devices DROP CONSTRAINT IF EXISTS devices_platform_check;
ALTER TABLE devices ADD CONSTRAINT devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost'));
ALTER TABLE removed_devices DROP CONSTRAINT IF EXISTS removed_devices_platform_check;
ALTER TABLE removed_devices ADD CONSTRAINT removed_devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost'));
ALTER TABLE contact_methods DROP CONSTRAINT IF EXISTS contact_methods_kind_check;
ALTER TABLE contact_methods ADD CONSTRAINT contact_methods_kind_check CHECK (kind IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost'));
ALTER TABLE contact_follow_ups DROP CONSTRAINT IF EXISTS contact_follow_ups_platform_check;
ALTER TABLE contact_follow_ups ADD CONSTRAINT contact_follow_ups_platform_check CHECK (platform IN ('ntfy', 'pushover', 'matrix', 'slack', 'mattermost'));

-- The partial indexes of 0040, over every contact platform (the queries
-- name the same list, so the planner can use them).
DROP INDEX IF EXISTS delivery_history_contact_idx;
DROP INDEX IF EXISTS delivery_history_contact_sent_idx;
DROP INDEX IF EXISTS deliveries_contact_idx;
CREATE INDEX delivery_history_contact_idx ON delivery_history (device_id, finished_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost');
CREATE INDEX delivery_history_contact_sent_idx ON delivery_history (platform, finished_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost');
CREATE INDEX deliveries_contact_idx ON deliveries (device_id, contact_started_at) WHERE platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost');
