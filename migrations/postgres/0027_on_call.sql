-- Nobody misses an alarm (issue 26): on-call rotas, escalation policies per
-- service with their durable timers, and each person's quiet hours and
-- snoozes.

-- A rota: members take turns in order (rota_members.position), each for
-- `rotation_length` local days or real hours, handing over at the local time
-- of `starts_at` in `time_zone`. `feed_secret` is the unguessable part of
-- its iCalendar feed's address.
CREATE TABLE rotas (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    rotation_unit TEXT NOT NULL,
    rotation_length INTEGER NOT NULL,
    time_zone TEXT NOT NULL,
    starts_at TIMESTAMPTZ NOT NULL,
    feed_secret TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE rota_members (
    rota_id BIGINT NOT NULL REFERENCES rotas (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (rota_id, position)
);
CREATE INDEX rota_members_user ON rota_members (user_id);

-- Someone covering for the rota from starts_at until ends_at.
CREATE TABLE rota_overrides (
    id BIGSERIAL PRIMARY KEY,
    rota_id BIGINT NOT NULL REFERENCES rotas (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    starts_at TIMESTAMPTZ NOT NULL,
    ends_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rota_overrides_rota ON rota_overrides (rota_id, ends_at);

-- A person's own iCalendar feed (every rota they are on).
CREATE TABLE calendar_secrets (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL
);

-- A service's escalation policy (JSON: steps, repeats, minimum severity);
-- `minimum_rank` is the minimum severity's place in Severity's order, so
-- the publish statement decides which notifications escalate.
CREATE TABLE escalation_policies (
    service_id UUID PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    policy TEXT NOT NULL,
    minimum_rank INTEGER NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- One escalation per notification, started in its publish's transaction
-- with the policy as it was then. The runner claims it when `due_at`
-- comes (a lease, like held notifications) and runs the step, the calls
-- and the move to the next step in one statement conditional on the step
-- it claimed: a step is never run twice nor skipped.
CREATE TABLE escalations (
    notification_id BIGINT PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    service_id UUID NOT NULL,
    policy TEXT NOT NULL,
    step INTEGER NOT NULL,
    pass INTEGER NOT NULL,
    due_at TIMESTAMPTZ NOT NULL,
    -- Nil while it runs; then acknowledged, resolved or exhausted.
    ended TEXT,
    ended_at TIMESTAMPTZ,
    claimed_by TEXT,
    claimed_until TIMESTAMPTZ,
    started_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX escalations_due ON escalations (due_at) WHERE ended IS NULL;

-- Who each step called (the timeline).
CREATE TABLE escalation_calls (
    id BIGSERIAL PRIMARY KEY,
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    step INTEGER NOT NULL,
    pass INTEGER NOT NULL,
    target TEXT NOT NULL,
    user_id BIGINT,
    username TEXT NOT NULL,
    devices INTEGER NOT NULL,
    called_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX escalation_calls_notification ON escalation_calls (notification_id);

-- A person's quiet hours (JSON: zone, windows, break-through, quieting).
CREATE TABLE quiet_hours (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- A service snoozed by one person until a time.
CREATE TABLE snoozes (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    service_id UUID NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    until TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, service_id)
);
