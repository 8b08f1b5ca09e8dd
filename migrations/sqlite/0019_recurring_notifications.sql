-- Notifications published on a cron schedule in a time zone (reminders).
-- Each occurrence is published under the key recurring:<id>:<epoch>, so
-- it is one notification whichever scheduler runs it, crash or not.
CREATE TABLE recurring_notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    cron TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL,
    url TEXT NOT NULL,
    severity TEXT,
    attributes TEXT,
    next_run_at INTEGER,
    last_run_at INTEGER,
    lease_until INTEGER,
    created_at INTEGER NOT NULL
);
CREATE INDEX recurring_notifications_due_idx ON recurring_notifications (next_run_at) WHERE next_run_at IS NOT NULL;
CREATE INDEX recurring_notifications_service_idx ON recurring_notifications (service_id);
