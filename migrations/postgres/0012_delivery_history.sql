-- Finished deliveries leave the queue: `deliveries` holds only what is still
-- to be sent (pending, retrying), so claiming, waking and counting cost the
-- same however many pushes went before. What became of each push is kept,
-- compactly, in `delivery_history` until retention forgets it.
CREATE TABLE delivery_history (
    id BIGINT PRIMARY KEY,
    notification_id BIGINT NOT NULL,
    device_id BIGINT,
    user_id BIGINT NOT NULL,
    platform TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('sent', 'failed', 'dropped', 'skipped')),
    attempts INTEGER NOT NULL,
    last_error TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX delivery_history_notification_idx ON delivery_history (notification_id);
CREATE INDEX delivery_history_finished_idx ON delivery_history (finished_at);

INSERT INTO delivery_history (id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, finished_at)
    SELECT id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, updated_at
    FROM deliveries WHERE state NOT IN ('pending', 'retrying');
DELETE FROM deliveries WHERE state NOT IN ('pending', 'retrying');

-- Every delivery, queued or finished, for reports and scripts.
CREATE VIEW all_deliveries AS
    SELECT id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, updated_at FROM deliveries
    UNION ALL
    SELECT id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, finished_at FROM delivery_history;

-- Retention finds resolved alerts by age.
CREATE INDEX alert_states_notified_idx ON alert_states (notified_at);
