-- Trust on the alarm path (issue 39).

-- What happened to an escalation besides its calls, for the timeline: each
-- end (acknowledged, resolved, exhausted, held back; `who` took it), and
-- each resumption by an acknowledgement's withdrawal (`who` withdrew it).
-- `step`/`pass`: the step to run next at that moment.
CREATE TABLE escalation_events (
    id BIGSERIAL PRIMARY KEY,
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    step INTEGER NOT NULL,
    pass INTEGER NOT NULL,
    who TEXT,
    at TIMESTAMPTZ NOT NULL
);
CREATE INDEX escalation_events_notification ON escalation_events (notification_id);

-- The start brake counts a service's escalations of the last minute.
CREATE INDEX escalations_service_started ON escalations (service_id, started_at);

-- A device gets at most one withdrawal per notification however often it
-- is acknowledged and withdrawn: the withdrawals already queued or sent are
-- found by these (only withdrawal rows are in them).
CREATE INDEX deliveries_withdrawal_idx ON deliveries (notification_id, device_id) WHERE purpose = 'withdrawal';
CREATE INDEX delivery_history_withdrawal_idx ON delivery_history (notification_id, device_id) WHERE purpose = 'withdrawal';

-- An alert is what its labels say: kept with its state (a sorted-keys JSON
-- object), so a later report of the fingerprint with other labels is
-- refused and the write-back silences only the alert with these labels.
ALTER TABLE alert_states ADD COLUMN labels TEXT;

-- An escalation step calling the subscribers goes through a fan-out job of
-- its own beside the post's (chunked, behind the express lane, at a critical
-- notification's priority): a job is a notification's and a kind's.
ALTER TABLE fanouts ADD COLUMN kind TEXT NOT NULL DEFAULT 'post';
ALTER TABLE fanouts DROP CONSTRAINT fanouts_pkey;
ALTER TABLE fanouts ADD PRIMARY KEY (notification_id, kind);

-- An account confined to the demo service: its last login came through a
-- secondary OpenID Connect realm the site does not trust (the demo account
-- is confined by its origin).
ALTER TABLE users ADD COLUMN confined BOOLEAN NOT NULL DEFAULT false;

-- Calendar feeds' secrets kept as their SHA-256 (hex), found by a unique
-- index like publish tokens: the addresses given out before keep working,
-- and the database holds none usable any more.
ALTER TABLE rotas ADD COLUMN feed_secret_hash TEXT;
UPDATE rotas SET feed_secret_hash = encode(sha256(convert_to(feed_secret, 'UTF8')), 'hex');
ALTER TABLE rotas DROP COLUMN feed_secret;
CREATE UNIQUE INDEX rotas_feed_secret_hash ON rotas (feed_secret_hash);
ALTER TABLE calendar_secrets ADD COLUMN secret_hash TEXT;
UPDATE calendar_secrets SET secret_hash = encode(sha256(convert_to(secret, 'UTF8')), 'hex');
ALTER TABLE calendar_secrets DROP COLUMN secret;
ALTER TABLE calendar_secrets ALTER COLUMN secret_hash SET NOT NULL;
CREATE UNIQUE INDEX calendar_secrets_hash ON calendar_secrets (secret_hash);

-- Who last withdrew a notification's acknowledgement, and when: a
-- lock-screen acknowledge link issued before someone else's withdrawal is
-- refused.
CREATE TABLE acknowledgement_withdrawals (
    notification_id BIGINT PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    username TEXT NOT NULL,
    withdrawn_at TIMESTAMPTZ NOT NULL
);

-- An acknowledgement (or its withdrawal) changes every holder's inbox item:
-- kept as one row per notification, which every holder's inbox changes
-- read, instead of a write to each holder's row (a million for a large
-- audience, on every acknowledgement).
CREATE TABLE acknowledgement_changes (
    notification_id BIGINT PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    changed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX acknowledgement_changes_at ON acknowledgement_changes (changed_at);

-- A large audience's withdrawals go through a fan-out job ('withdrawal'),
-- which walks the holders in user order (this index, one range per chunk)
-- and pushes to their devices on the job's platforms.
ALTER TABLE fanouts ADD COLUMN platforms TEXT[] NOT NULL DEFAULT '{}';
CREATE INDEX inbox_notification_user_idx ON inbox (notification_id, user_id);
-- It serves every lookup by notification the old index did: one index, not two, for each inbox row a fan-out writes.
DROP INDEX inbox_notification_idx;
