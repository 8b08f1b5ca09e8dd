-- Which alarm at its source a notification stands for: see the PostgreSQL migration.
ALTER TABLE notifications ADD COLUMN alarm_source TEXT;
ALTER TABLE notifications ADD COLUMN alarm_identity TEXT;
UPDATE notifications SET alarm_source = 'alertmanager', alarm_identity = substr(key, 7) WHERE key LIKE 'alert:%';
UPDATE notifications SET alarm_source = 'phoebus', alarm_identity = substr(key, 7) WHERE key LIKE 'alarm:%';
