-- Keyset paging of a service's notifications by id (the admin list), so a
-- page costs the same whatever the service has accumulated.

CREATE INDEX notifications_service_id_idx ON notifications (service_id, id);
