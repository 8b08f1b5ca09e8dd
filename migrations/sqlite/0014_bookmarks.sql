-- Bookmarks: a user stars an inbox item to keep it. Starred notifications
-- are exempt from retention: the partial index answers "starred by anyone?"
-- for each old notification (a user's own list reads the primary key).
ALTER TABLE inbox ADD COLUMN is_starred INTEGER NOT NULL DEFAULT 0;
CREATE INDEX inbox_starred_idx ON inbox (notification_id) WHERE is_starred;
