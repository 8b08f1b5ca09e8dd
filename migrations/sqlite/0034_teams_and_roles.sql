-- Teams and roles per service (issue 41): see the PostgreSQL migration.
CREATE TABLE teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    source_kind TEXT NOT NULL,
    source_ref TEXT,
    created_at INTEGER NOT NULL
);

CREATE TABLE team_members (
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at INTEGER NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members (user_id);

CREATE TABLE service_roles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    service_id TEXT NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    team_id INTEGER REFERENCES teams (id) ON DELETE CASCADE,
    granted_at INTEGER NOT NULL,
    CHECK ((user_id IS NULL) <> (team_id IS NULL))
);
CREATE UNIQUE INDEX service_roles_person ON service_roles (service_id, role, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX service_roles_team ON service_roles (service_id, role, team_id) WHERE team_id IS NOT NULL;
CREATE INDEX service_roles_user ON service_roles (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX service_roles_by_team ON service_roles (team_id) WHERE team_id IS NOT NULL;
