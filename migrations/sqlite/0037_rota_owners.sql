-- Rotas get owners too (issue 41): see the PostgreSQL migration.
CREATE TABLE rota_owners (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    rota_id INTEGER NOT NULL REFERENCES rotas (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    team_id INTEGER REFERENCES teams (id) ON DELETE CASCADE,
    granted_at INTEGER NOT NULL,
    CHECK ((user_id IS NULL) <> (team_id IS NULL))
);
CREATE UNIQUE INDEX rota_owners_person ON rota_owners (rota_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX rota_owners_team ON rota_owners (rota_id, team_id) WHERE team_id IS NOT NULL;
CREATE INDEX rota_owners_user ON rota_owners (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX rota_owners_by_team ON rota_owners (team_id) WHERE team_id IS NOT NULL;
