-- Who must and who may receive (issue 41): see the PostgreSQL migration.
ALTER TABLE services ADD COLUMN private INTEGER NOT NULL DEFAULT 0;

CREATE TABLE team_subscriptions (
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    mandatory INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (service_id, team_id)
);
CREATE INDEX team_subscriptions_team ON team_subscriptions (team_id);
