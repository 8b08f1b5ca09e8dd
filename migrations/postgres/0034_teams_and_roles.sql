-- Teams and roles per service (issue 41). A team's members come from a
-- directory group, an OpenID Connect claim, or an admin (source_kind:
-- 'ldap', 'oidc', 'manual'; source_ref: the group's DN or the claim's
-- value). A role of a service is granted to one person or one team.
CREATE TABLE teams (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    source_kind TEXT NOT NULL,
    source_ref TEXT,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE team_members (
    team_id BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members (user_id);

CREATE TABLE service_roles (
    id BIGSERIAL PRIMARY KEY,
    service_id UUID NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    team_id BIGINT REFERENCES teams (id) ON DELETE CASCADE,
    granted_at TIMESTAMPTZ NOT NULL,
    CHECK ((user_id IS NULL) <> (team_id IS NULL))
);
CREATE UNIQUE INDEX service_roles_person ON service_roles (service_id, role, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX service_roles_team ON service_roles (service_id, role, team_id) WHERE team_id IS NOT NULL;
CREATE INDEX service_roles_user ON service_roles (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX service_roles_by_team ON service_roles (team_id) WHERE team_id IS NOT NULL;
