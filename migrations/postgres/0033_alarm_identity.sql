-- Which alarm at its source a notification stands for (issue 40), in typed
-- columns the write-back reads instead of parsing the key: `alarm_source`
-- 'alertmanager' or 'phoebus', `alarm_identity` the alert's identity or the
-- PV's alarm path, whole (a key past 256 bytes is stored as its hash).
-- Both set or both empty; rows from before are read from their keys here,
-- where a key still says which alarm it was.
ALTER TABLE notifications ADD COLUMN alarm_source TEXT, ADD COLUMN alarm_identity TEXT;
UPDATE notifications SET alarm_source = 'alertmanager', alarm_identity = substr(key, 7) WHERE key LIKE 'alert:%';
UPDATE notifications SET alarm_source = 'phoebus', alarm_identity = substr(key, 7) WHERE key LIKE 'alarm:%';
