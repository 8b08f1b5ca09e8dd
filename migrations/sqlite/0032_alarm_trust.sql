-- Trust on the alarm path (issue 39): see the PostgreSQL migration.
CREATE TABLE escalation_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    step INTEGER NOT NULL,
    pass INTEGER NOT NULL,
    who TEXT,
    at INTEGER NOT NULL
);
CREATE INDEX escalation_events_notification ON escalation_events (notification_id);

CREATE INDEX escalations_service_started ON escalations (service_id, started_at);

CREATE INDEX deliveries_withdrawal_idx ON deliveries (notification_id, device_id) WHERE purpose = 'withdrawal';
CREATE INDEX delivery_history_withdrawal_idx ON delivery_history (notification_id, device_id) WHERE purpose = 'withdrawal';

ALTER TABLE alert_states ADD COLUMN labels TEXT;
