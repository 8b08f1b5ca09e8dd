-- A service's own publish limit (a token bucket), set by an admin; a
-- service without a row has the server's default (PUBLISH_RATE/PUBLISH_BURST).

CREATE TABLE service_limits (
    service_id TEXT PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    per_second REAL NOT NULL CHECK (per_second >= 0),
    burst INTEGER NOT NULL CHECK (burst >= 1),
    updated_at INTEGER NOT NULL
);
