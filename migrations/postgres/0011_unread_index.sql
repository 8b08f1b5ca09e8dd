-- Each push carries the user's unread count (the badge, up to 999): with
-- this index it is read from the unread rows alone, not from every inbox
-- row of the user (a neglected inbox made every claim slower).
CREATE INDEX inbox_unread_idx ON inbox (user_id) WHERE NOT is_read;
