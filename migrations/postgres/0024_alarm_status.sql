-- An alarm's phase on the notification that stands for it (issue 25: an
-- alarm's life by key). NULL for a plain notification; 'firing' or
-- 'resolved' for one an alert source (Alertmanager, Grafana, Phoebus)
-- published under its alert's key, so a resolution updates the firing
-- notification instead of adding a second one.

ALTER TABLE notifications ADD COLUMN alarm TEXT;
