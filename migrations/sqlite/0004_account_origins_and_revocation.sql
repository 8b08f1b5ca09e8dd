-- Where each account came from and when it last logged in, and which
-- generation of access tokens it accepts: revoking (a password change, a
-- deactivation, "log out everywhere") moves to the next generation, and
-- tokens of earlier ones are refused. Accounts from before keep generation
-- 0, which the old server's tokens (no generation claim) belong to.

ALTER TABLE users ADD COLUMN origin TEXT NOT NULL DEFAULT 'local';
ALTER TABLE users ADD COLUMN last_login_at INTEGER;
ALTER TABLE users ADD COLUMN token_generation BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN tokens_revoked_at INTEGER;
