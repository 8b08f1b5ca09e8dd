-- Notifications held until their time (deliver_at): kept here, so they
-- survive restarts, until the scheduler has published them.
CREATE TABLE scheduled_notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    deliver_at INTEGER NOT NULL,
    lease_until INTEGER,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL,
    url TEXT NOT NULL,
    severity TEXT,
    attributes TEXT,
    expires_at INTEGER,
    key TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX scheduled_notifications_due_idx ON scheduled_notifications (deliver_at);
CREATE INDEX scheduled_notifications_service_idx ON scheduled_notifications (service_id, deliver_at);
