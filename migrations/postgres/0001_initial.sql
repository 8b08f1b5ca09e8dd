-- Herald's initial schema (PostgreSQL).
-- The migrator runs one statement at a time: end every statement with a
-- semicolon at the end of a line, and do not use $$-quoted bodies.

CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    is_admin BOOLEAN NOT NULL DEFAULT FALSE,
    login_expires_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE services (
    id UUID PRIMARY KEY,
    category TEXT NOT NULL,
    color TEXT NOT NULL,
    owner TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
    service_id UUID NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (service_id, user_id)
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);

-- A token belongs to one user at a time: the phone's current account.
CREATE TABLE devices (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm')),
    created_at TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX devices_user_idx ON devices (user_id);

CREATE TABLE notifications (
    id BIGSERIAL PRIMARY KEY,
    service_id UUID NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL DEFAULT '',
    url TEXT NOT NULL DEFAULT ''
);
CREATE INDEX notifications_service_idx ON notifications (service_id, created_at);
CREATE INDEX notifications_created_idx ON notifications (created_at);

-- inbox and deliveries take one row per subscriber (per device) at every
-- post, so they carry no foreign keys and no index whose keys arrive in random
-- order: at 10,000 subscribers the per-row FK checks alone tripled the time of
-- a post. Their rows are created from existing rows inside the publishing
-- statement, and the store removes them with the user, service or
-- notification they belong to. Device and user ids are never reused, so a
-- delivery whose device is gone is simply skipped by the worker.

-- One row per (user, notification): the user's inbox with its own read flag.
CREATE TABLE inbox (
    user_id BIGINT NOT NULL,
    notification_id BIGINT NOT NULL,
    is_read BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, notification_id)
);
CREATE INDEX inbox_notification_idx ON inbox (notification_id);

-- The delivery queue: one row per (notification, device), filled in the
-- same transaction as the notification and drained by the delivery worker.
CREATE TABLE deliveries (
    id BIGSERIAL PRIMARY KEY,
    notification_id BIGINT NOT NULL,
    device_id BIGINT,
    user_id BIGINT NOT NULL,
    platform TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'sent', 'retrying', 'failed', 'dropped', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    lease_until TIMESTAMPTZ,
    last_error TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX deliveries_notification_idx ON deliveries (notification_id);
CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE state IN ('pending', 'retrying');
