-- The workers' urgent lane (issue 27): critical notifications and escalation
-- calls (priority 11 and above: `DeliveryPriority.urgent`) are claimed on
-- their own; this index keeps that claim a short read.
CREATE INDEX deliveries_urgent_idx ON deliveries (priority DESC, next_attempt_at) WHERE state IN ('pending', 'retrying') AND priority >= 11;
