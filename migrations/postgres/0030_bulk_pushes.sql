-- Fairness between notifications of one severity (issue 27). A fan-out's
-- pushes (a post to more subscribers than the publish links itself) are
-- `bulk`: claims serve them after every other due push of the same
-- priority, so a routine notification to a few people is never behind a
-- routine newsletter's queued chunks, nor a one-device critical alarm
-- behind a critical message to everyone. Two fan-outs at once share the
-- workers: each keeps at most two chunks queued, claimed oldest first.
ALTER TABLE deliveries ADD COLUMN bulk BOOLEAN NOT NULL DEFAULT false;
-- The urgent lane's index in the claims' order.
DROP INDEX deliveries_urgent_idx;
CREATE INDEX deliveries_urgent_idx ON deliveries (priority DESC, bulk, next_attempt_at) WHERE state IN ('pending', 'retrying') AND priority >= 11;
