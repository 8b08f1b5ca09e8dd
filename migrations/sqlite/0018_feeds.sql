-- Feeds an admin attaches to a service (RSS, Atom, GeoJSON), polled on a
-- schedule by any replica under a lease. Each entry is published under the
-- key feed:<feed id>:<entry id>, so it is published once however many
-- replicas poll and however often the server restarts.
CREATE TABLE feeds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    interval_seconds INTEGER NOT NULL,
    filter TEXT,
    title_template TEXT NOT NULL,
    subtitle_template TEXT NOT NULL,
    url_template TEXT NOT NULL,
    severity_template TEXT NOT NULL,
    attribute_names TEXT NOT NULL DEFAULT '[]',
    lifetime_seconds INTEGER,
    etag TEXT,
    last_modified TEXT,
    last_polled_at INTEGER,
    last_error TEXT,
    published_count INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    next_poll_at INTEGER NOT NULL,
    lease_until INTEGER,
    created_at INTEGER NOT NULL
);
CREATE INDEX feeds_due_idx ON feeds (next_poll_at);
CREATE INDEX feeds_service_idx ON feeds (service_id);
