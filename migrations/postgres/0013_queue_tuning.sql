-- The delivery queue is a table every row of which is inserted, updated
-- once when claimed, and deleted within seconds.
--
-- Half of each page is left free, so that a claim's update (lease, attempt,
-- time: no indexed column) is a HOT update that stays on its page and adds
-- no index entries: a 500-row claim of a freshly queued fan-out took 24 ms
-- with full pages, 5 ms with half-full ones (queuing 100,000 took 326 ms,
-- now 366 ms).
--
-- After a large fan-out the table is empty but full of dead rows, which
-- claims and counts wade through until vacuumed: autovacuum visits it after
-- 5,000 dead rows, unthrottled (the worker also vacuums it after a large
-- drain).
ALTER TABLE deliveries SET (
    fillfactor = 50,
    autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
    autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 5000,
    autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 5000,
    autovacuum_vacuum_cost_delay = 0
);
