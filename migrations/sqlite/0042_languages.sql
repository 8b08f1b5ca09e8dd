-- A person's language for the pages and the texts Herald writes to them
-- (issue 43); no row: their browser's Accept-Language, else English.
CREATE TABLE user_languages (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    language TEXT NOT NULL CHECK (language IN ('en', 'sv', 'de', 'fr')),
    changed_at INTEGER NOT NULL
);
