-- Which alarm at its source a notification stands for: see the PostgreSQL migration.
ALTER TABLE notifications ADD COLUMN alarm_source TEXT;
ALTER TABLE notifications ADD COLUMN alarm_identity TEXT;
