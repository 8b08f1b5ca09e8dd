-- Paging a team or a rota (issue 41): see the PostgreSQL migration.
CREATE TABLE page_services (
    service_id TEXT PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    team_id INTEGER UNIQUE REFERENCES teams (id) ON DELETE CASCADE,
    rota_id INTEGER UNIQUE REFERENCES rotas (id) ON DELETE CASCADE,
    CHECK ((team_id IS NULL) <> (rota_id IS NULL))
);
