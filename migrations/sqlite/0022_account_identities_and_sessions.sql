-- Accounts bound to where they came from. An account is signed in to by
-- the method that made it (users.origin); an OpenID Connect account is
-- found by its provider's issuer and subject, never by name alone; an
-- admin may link an account to another method (or an OpenID issuer whose
-- subject the next login binds). A login whose name belongs to an account
-- of another origin is refused unless such a link exists.
CREATE TABLE account_identities (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    origin TEXT NOT NULL CHECK (origin IN ('ldap', 'url', 'oidc')),
    -- The OpenID issuer; '' for the other methods.
    issuer TEXT NOT NULL DEFAULT '',
    -- The OpenID subject; NULL until the first login through the link.
    subject TEXT,
    linked_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, origin, issuer)
);
CREATE UNIQUE INDEX account_identities_subject_idx ON account_identities (issuer, subject) WHERE subject IS NOT NULL;

-- The web app's sessions: a token of their own (shorter-lived than the
-- apps'), valid while its row is here; signing out deletes it.
CREATE TABLE web_sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX web_sessions_user_idx ON web_sessions (user_id);
CREATE INDEX web_sessions_expires_at_idx ON web_sessions (expires_at);
