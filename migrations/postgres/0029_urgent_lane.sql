-- Claims by priority (issue 27). A claim reads each priority's due pushes
-- in turn, most severe first, each as a range of this index (its
-- `priority`, due by now, oldest first) that stops once the claim is full:
-- it never sorts the whole due range (17.8 ms per 500-row claim during a
-- 200,000-device fan-out), never reads a provider's waiting retries (due
-- later), and the workers' urgent lane (critical notifications and
-- escalation calls, priority 11 and above) reads only its own ranks.
CREATE INDEX deliveries_claim_idx ON deliveries (priority, next_attempt_at) WHERE state IN ('pending', 'retrying');
