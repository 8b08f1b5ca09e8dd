-- Devices a provider called dead are moved here with the reason instead of
-- being deleted, and kept for a grace period, so an operator can restore
-- them after a misconfiguration (a wrong APNs topic makes every token look
-- dead). Deliveries keep pointing at the id; a restored device gets it back.

CREATE TABLE removed_devices (
    id BIGINT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm')),
    created_at TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    removed_at TIMESTAMPTZ NOT NULL,
    reason TEXT NOT NULL
);
CREATE INDEX removed_devices_removed_at_idx ON removed_devices (removed_at);
