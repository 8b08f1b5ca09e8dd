-- Personal filters. A filter's content is stored once per service and
-- shared by every user who wrote the same one (publishing evaluates each
-- distinct filter once, whatever the number of users holding it). The
-- user's choice is kept apart from the subscription, so unsubscribing and
-- subscribing again keeps it. Keyword lists are JSON arrays of text.
CREATE TABLE filters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    expression TEXT NOT NULL DEFAULT '',
    include_keywords TEXT NOT NULL DEFAULT '[]',
    exclude_keywords TEXT NOT NULL DEFAULT '[]',
    UNIQUE (service_id, expression, include_keywords, exclude_keywords)
);
CREATE TABLE user_filters (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    filter_id INTEGER NOT NULL REFERENCES filters (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, service_id)
) WITHOUT ROWID;
CREATE INDEX user_filters_filter_idx ON user_filters (filter_id);
