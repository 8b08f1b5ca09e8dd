-- Chat rooms per service (issue 43): a Slack or Mattermost channel, a
-- Matrix room, or a Teams webhook, that every notification of the service
-- is posted to.
CREATE TABLE chat_rooms (
    id BIGSERIAL PRIMARY KEY,
    service_id UUID NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('slack', 'mattermost', 'teams', 'matrix')),
    target TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (service_id, kind, target)
);

-- One notification's post in one room: queued by the publishing
-- statement, made due again by every change to the notification (taken,
-- resolved, updated), leased by a replica's sweep. `handed` is written
-- before the request goes, with the key the post carries, so after a
-- crash it is looked for in the room rather than posted twice.
CREATE TABLE chat_posts (
    room_id BIGINT NOT NULL REFERENCES chat_rooms (id) ON DELETE CASCADE,
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'handed', 'posted', 'digested', 'failed')),
    post_key TEXT,
    post_ref TEXT,
    shown TEXT NOT NULL DEFAULT '',
    attempts INT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    handed_at TIMESTAMPTZ,
    posted_at TIMESTAMPTZ,
    due_at TIMESTAMPTZ,
    claimed_until TIMESTAMPTZ,
    hastened BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (room_id, notification_id)
);
CREATE INDEX chat_posts_due_idx ON chat_posts (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX chat_posts_notification_idx ON chat_posts (notification_id);
CREATE INDEX chat_posts_made_idx ON chat_posts (room_id, posted_at) WHERE posted_at IS NOT NULL;

-- A chat account bound to a Herald person by that person (from a link
-- only the chat service's signed callback makes).
CREATE TABLE chat_identities (
    kind TEXT NOT NULL CHECK (kind IN ('slack', 'mattermost')),
    chat_user TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (kind, chat_user)
);
CREATE INDEX chat_identities_user_idx ON chat_identities (user_id);
