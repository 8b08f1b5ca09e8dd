-- Claims read the queue in their own order (issue 27). Every claim takes
-- the first due pushes by (priority DESC, bulk, next_attempt_at); without
-- an index in that order each one read and sorted the whole due range:
-- 4.2 ms of a 500-push claim with a fan-out's 10,000 queued, 45–51 ms with
-- 200,000 due at once after an outage. In this order a claim stops after
-- the pushes it takes (and the leased ones ahead of them). The urgent
-- lane's claims (priority >= 11) are a range of the same index, so its
-- own partial index goes; so does the index by due time alone, which only
-- the rare hastening of retries after an outage read (a scan of the queue
-- does for that): every queued push wrote an entry in each.
CREATE INDEX deliveries_claim_idx ON deliveries (priority DESC, bulk, next_attempt_at) WHERE state IN ('pending', 'retrying');
DROP INDEX deliveries_urgent_idx;
DROP INDEX deliveries_due_idx;
