-- Acknowledgements sent back to the alarm's source (issue 25): where a
-- service's are sent (an admin's choice), and per notification what the
-- source should know and what it was last made to agree with. A row is
-- written in the acknowledgement's own transaction and claimed by the
-- write-back runner under a lease, so a failed try is retried and never lost.

CREATE TABLE service_write_backs (
    service_id TEXT PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE TABLE write_backs (
    notification_id INTEGER PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    wanted TEXT NOT NULL,
    achieved TEXT,
    reference TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    detail TEXT,
    refused INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    claimed_by TEXT,
    claimed_until INTEGER,
    updated_at INTEGER NOT NULL
);

CREATE INDEX write_backs_due ON write_backs (next_attempt_at) WHERE achieved IS NOT wanted AND refused = 0;
