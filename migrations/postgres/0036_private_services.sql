-- Who must and who may receive (issue 41). A private service is seen only
-- by its roles' holders and admins. A team's subscription to a service is
-- made for each person who joins the team (`mandatory`: and cannot be left).
ALTER TABLE services ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE team_subscriptions (
    service_id UUID NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    team_id BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    mandatory BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (service_id, team_id)
);
CREATE INDEX team_subscriptions_team ON team_subscriptions (team_id);
