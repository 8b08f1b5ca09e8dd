-- How a service's notifications alert, where its admin changed the site's
-- choices (issue 25: urgency by severity). A JSON object, so later
-- settings of the same kind need no new table; a service without a row
-- alerts as the site says (SEVERITY_URGENCY).

CREATE TABLE service_alerting (
    service_id UUID PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
