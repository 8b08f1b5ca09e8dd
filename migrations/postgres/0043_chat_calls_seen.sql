-- Slack's signed button calls already acted on (issue 43): a call captured
-- in transit and sent again within its five minutes is refused. Kept as the
-- SHA-256 of the call's signature, for ten minutes; shared by the replicas.
CREATE TABLE chat_calls_seen (
    digest TEXT PRIMARY KEY,
    seen_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX chat_calls_seen_at_idx ON chat_calls_seen (seen_at);
