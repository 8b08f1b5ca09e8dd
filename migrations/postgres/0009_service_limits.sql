-- A service's own publish limit (a token bucket), set by an admin; a
-- service without a row has the server's default (PUBLISH_RATE/PUBLISH_BURST).

CREATE TABLE service_limits (
    service_id UUID PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    per_second DOUBLE PRECISION NOT NULL CHECK (per_second >= 0),
    burst INTEGER NOT NULL CHECK (burst >= 1),
    updated_at TIMESTAMP NOT NULL
);
