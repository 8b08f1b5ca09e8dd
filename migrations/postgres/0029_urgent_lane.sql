-- The workers' urgent lane (issue 27): critical notifications' pushes and
-- escalation calls (priority 11 and above: `DeliveryPriority.urgent`) are
-- claimed on their own, beside the batches in flight, so a small urgent
-- notification never waits for a slot behind a large fan-out. Few rows are
-- ever urgent and due at once: this index makes that claim a short read
-- whatever the rest of the queue holds.
CREATE INDEX deliveries_urgent_idx ON deliveries (priority DESC, next_attempt_at) WHERE state IN ('pending', 'retrying') AND priority >= 11;
