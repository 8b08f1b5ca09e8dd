-- Messages a bridge failed to handle several times: kept with the reason and
-- skipped, so one bad message neither stops the bridge nor is read forever.

CREATE TABLE parked_messages (
    id BIGSERIAL PRIMARY KEY,
    source TEXT NOT NULL,
    reference TEXT NOT NULL,
    payload BYTEA,
    reason TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    parked_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX parked_messages_parked_idx ON parked_messages (parked_at);

-- Severities are a closed set from now on (see Severity); a stored one
-- outside it would be answered as a value the API does not document.
UPDATE notifications SET severity = NULL
WHERE severity NOT IN ('none', 'ok', 'info', 'low', 'warning', 'minor', 'major', 'error', 'high', 'invalid', 'undefined', 'critical');
