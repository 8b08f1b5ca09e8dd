-- Acknowledgements sent back to the alarm's source (issue 25): where a
-- service's are sent (an admin's choice), and per notification what the
-- source should know and what it was last made to agree with. A row is
-- written in the acknowledgement's own transaction and claimed by the
-- write-back runner under a lease, like held notifications, so a failed
-- try is retried and never lost.

CREATE TABLE service_write_backs (
    service_id UUID PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE write_backs (
    notification_id BIGINT PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    wanted TEXT NOT NULL,
    achieved TEXT,
    reference TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    detail TEXT,
    refused BOOLEAN NOT NULL DEFAULT false,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    -- While Herald's silence holds: when to look whether Alertmanager
    -- still has the alert (a silenced alert's resolution is never sent).
    watch_at TIMESTAMPTZ,
    -- The alert as Alertmanager listed it (JSON), to tell its resolution.
    snapshot TEXT,
    claimed_by TEXT,
    claimed_until TIMESTAMPTZ,
    updated_at TIMESTAMPTZ NOT NULL
);

-- The runner's question, asked every second: which are due.
CREATE INDEX write_backs_due ON write_backs (next_attempt_at) WHERE achieved IS DISTINCT FROM wanted AND NOT refused;
CREATE INDEX write_backs_watched ON write_backs (watch_at) WHERE watch_at IS NOT NULL;

-- A push that takes down what a phone or browser shows, once someone
-- acknowledged it (`withdrawal`), beside the ordinary ones (`alert`).
ALTER TABLE deliveries ADD COLUMN purpose TEXT NOT NULL DEFAULT 'alert';
ALTER TABLE delivery_history ADD COLUMN purpose TEXT NOT NULL DEFAULT 'alert';
DROP VIEW all_deliveries;
CREATE VIEW all_deliveries AS
    SELECT id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, updated_at, purpose FROM deliveries
    UNION ALL
    SELECT id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, finished_at, purpose FROM delivery_history;
