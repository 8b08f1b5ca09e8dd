-- Someone saying "I have it" about a notification (issue 25: shared
-- acknowledgement). One per notification: the first wins. The user's name
-- is kept beside the id, so the record outlives a deleted account.

CREATE TABLE acknowledgements (
    notification_id BIGINT PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    username TEXT NOT NULL,
    comment TEXT,
    acknowledged_at TIMESTAMPTZ NOT NULL
);
