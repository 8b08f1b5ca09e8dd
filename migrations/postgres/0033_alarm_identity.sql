-- Which alarm at its source a notification stands for (issue 40), in typed
-- columns the write-back reads instead of parsing the key: `alarm_source`
-- 'alertmanager' or 'phoebus', `alarm_identity` the alert's identity or the
-- PV's alarm path, whole (a key past 256 bytes is stored as its hash). Both
-- set or both empty. Rows from before are not rewritten (that would hold the
-- table's lock for a scan of every notification): where both are empty the
-- store reads the alarm from the key, where a key still says which it was
-- (`StoredValue.alarmIdentity`), as for a row an older replica writes during
-- a rolling upgrade.
ALTER TABLE notifications ADD COLUMN alarm_source TEXT, ADD COLUMN alarm_identity TEXT;
