-- Fan-out after the answer (issue 27). A post to a service with more
-- subscribers than the publish links itself stores the notification and one
-- row here, and is answered; the workers then link its audience and queue
-- its pushes in chunks, in subscriber order, each chunk one transaction
-- that also moves `after_user` on: a fan-out stopped at any point (a
-- SIGKILL) goes on from there, never twice.
--
-- The audience is the subscribers at the post: subscriptions made before
-- `posted_at` (both the database's clock), less the holders of the filters
-- that refused the notification.
CREATE TABLE fanouts (
    notification_id BIGINT PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    service_id UUID NOT NULL,
    posted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    refused_filters BIGINT[] NOT NULL DEFAULT '{}',
    after_user BIGINT NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until TIMESTAMPTZ
);

-- Claims serve the due pushes of the most severe notification first (its
-- severity's rank: none 0 … critical; an escalation's call above all), then
-- the oldest: a small urgent notification is never behind a large routine
-- one. Not in the index: the due range (next_attempt_at) is read and its
-- top sorted, so a provider's waiting retries are never read; the due range
-- stays short because a large audience enters the queue a chunk at a time.
ALTER TABLE deliveries ADD COLUMN priority SMALLINT NOT NULL DEFAULT 0;
