-- Fan-out after the answer (issue 27): see the PostgreSQL migration.
CREATE TABLE fanouts (
    notification_id INTEGER PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    service_id TEXT NOT NULL,
    posted_at INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER)),
    -- A JSON array of filter ids.
    refused_filters TEXT NOT NULL DEFAULT '[]',
    after_user INTEGER NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until INTEGER
);

-- Claims serve the most severe first: see the PostgreSQL migration.
ALTER TABLE deliveries ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
