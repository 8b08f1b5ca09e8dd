-- Notifications held until their time (deliver_at): kept here, so they
-- survive restarts, until a scheduler (any replica, under a lease) has
-- published them.
CREATE TABLE scheduled_notifications (
    id BIGSERIAL PRIMARY KEY,
    service_id UUID NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    deliver_at TIMESTAMPTZ NOT NULL,
    lease_until TIMESTAMPTZ,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL,
    url TEXT NOT NULL,
    severity TEXT,
    attributes TEXT,
    expires_at TIMESTAMPTZ,
    key TEXT,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX scheduled_notifications_due_idx ON scheduled_notifications (deliver_at);
CREATE INDEX scheduled_notifications_service_idx ON scheduled_notifications (service_id, deliver_at);
