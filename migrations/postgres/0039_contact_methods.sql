-- Contact methods and personal notification rules (issue 42).
-- A verified method gets a device row of its kind's platform (token
-- '#contact-<id>', which no push token can be), so its messages go through
-- the same queue as pushes.
ALTER TABLE devices DROP CONSTRAINT IF EXISTS devices_platform_check;
ALTER TABLE devices ADD CONSTRAINT devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email'));
ALTER TABLE removed_devices DROP CONSTRAINT IF EXISTS removed_devices_platform_check;
ALTER TABLE removed_devices ADD CONSTRAINT removed_devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush', 'sms', 'voice', 'email'));

CREATE TABLE contact_methods (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('sms', 'voice', 'email')),
    address TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    verified_at TIMESTAMPTZ,
    -- The code waiting to be typed: its SHA-256 only.
    code_hash TEXT,
    code_expires_at TIMESTAMPTZ,
    code_tries INT NOT NULL DEFAULT 0,
    device_id BIGINT UNIQUE,
    UNIQUE (user_id, kind, address)
);
CREATE INDEX contact_methods_address_idx ON contact_methods (kind, address);

-- A person's own rule per class (a row: they chose; steps may be empty).
CREATE TABLE contact_rules (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rule_class TEXT NOT NULL CHECK (rule_class IN ('routine', 'high', 'critical', 'call')),
    steps TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, rule_class)
);

-- What the queue applies: their own rules or the site's default, worked
-- out in Swift (ContactRules.effective) for each verified method's device.
CREATE TABLE contact_steps (
    device_id BIGINT NOT NULL,
    rule_class TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- (No key to contact_methods: a method's removal deletes its steps, and
    -- saving a person's rules replaces them all.)
    method_id BIGINT NOT NULL,
    min_priority INT NOT NULL,
    max_priority INT NOT NULL,
    delay_seconds INT NOT NULL,
    PRIMARY KEY (device_id, rule_class)
);
CREATE INDEX contact_steps_user_idx ON contact_steps (user_id);

-- When a contact message was handed to its provider: a claim after a
-- crash finds it set and does not send it twice.
ALTER TABLE deliveries ADD COLUMN contact_started_at TIMESTAMPTZ;

-- A reply finds the texts its sender was sent, by when they went
-- (ContactStore.contactedNotifications); the daily caps count them.
CREATE INDEX delivery_history_contact_idx ON delivery_history (device_id, finished_at) WHERE platform IN ('sms', 'voice', 'email');
CREATE INDEX delivery_history_contact_sent_idx ON delivery_history (platform, finished_at) WHERE platform IN ('sms', 'voice', 'email');
CREATE INDEX deliveries_contact_idx ON deliveries (device_id, contact_started_at) WHERE platform IN ('sms', 'voice', 'email');
