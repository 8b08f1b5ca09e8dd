-- Where a notification was published from: the trace propagation headers
-- (a JSON object) and the HTTP request id, so the delivery worker continues
-- the publish's trace and names the request in its logs. NULL when tracing
-- is off and for notifications from before.

ALTER TABLE notifications ADD COLUMN trace_context TEXT;
ALTER TABLE notifications ADD COLUMN request_id TEXT;
