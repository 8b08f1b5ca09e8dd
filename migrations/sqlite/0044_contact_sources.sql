-- Where a contact method came from (issue 42): 'entered' by its person and
-- verified with a code, or 'sign-in', an email address the site's identity
-- vouched for at a login (the directory's mail, a verified OpenID email),
-- kept as the sign-in says and not removed by its person.
ALTER TABLE contact_methods ADD COLUMN source TEXT NOT NULL DEFAULT 'entered';
