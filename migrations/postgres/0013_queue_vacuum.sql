-- The delivery queue is a table every row of which is inserted, updated
-- and deleted within seconds: after a large fan-out it is empty but full of
-- dead rows, which claims and counts wade through until vacuumed. Vacuum it
-- early and unthrottled (the worker also vacuums it after a large drain).
ALTER TABLE deliveries SET (
    autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
    autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 5000,
    autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 5000,
    autovacuum_vacuum_cost_delay = 0
);
