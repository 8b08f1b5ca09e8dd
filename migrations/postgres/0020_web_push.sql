-- Web Push: a browser's push subscription is a device of its own platform.
ALTER TABLE devices DROP CONSTRAINT IF EXISTS devices_platform_check;
ALTER TABLE devices ADD CONSTRAINT devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush'));
ALTER TABLE removed_devices DROP CONSTRAINT IF EXISTS removed_devices_platform_check;
ALTER TABLE removed_devices ADD CONSTRAINT removed_devices_platform_check CHECK (platform IN ('apns', 'fcm', 'webpush'));
