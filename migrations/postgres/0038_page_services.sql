-- Paging a team or a rota (issue 41): each has one private service its
-- pages are posted to, made when it is first paged (`PagePlan`). A team's
-- or a rota's deletion takes the link; the use case deletes the service.
CREATE TABLE page_services (
    service_id UUID PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    team_id BIGINT UNIQUE REFERENCES teams (id) ON DELETE CASCADE,
    rota_id BIGINT UNIQUE REFERENCES rotas (id) ON DELETE CASCADE,
    CHECK ((team_id IS NULL) <> (rota_id IS NULL))
);
