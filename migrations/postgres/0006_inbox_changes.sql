-- Live streams: when each inbox item last changed (its position in a
-- stream; NULL for items from before, which no stream resumes to), and the
-- items users deleted, kept a day so a reconnecting stream hears of them.

ALTER TABLE inbox ADD COLUMN changed_at TIMESTAMPTZ;

CREATE TABLE inbox_removals (
    user_id BIGINT NOT NULL,
    notification_id BIGINT NOT NULL,
    removed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX inbox_removals_user_idx ON inbox_removals (user_id, removed_at);
CREATE INDEX inbox_removals_age_idx ON inbox_removals (removed_at);
