-- Notifications brought over from another server (herald import-ess): the
-- source's key (ess:<its id>) names the copy, so a second import finds it
-- instead of storing it twice.

CREATE TABLE imported_notifications (
    source_key TEXT PRIMARY KEY,
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE
);
