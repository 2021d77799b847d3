import SusiStore

/// The embedded SUSI's database schema, one migration per version. Never
/// edit a released step: add a new one.
enum Schema {
    static let migrations: [Migration] = [
        Migration(1, """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

        CREATE TABLE skills (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            model TEXT NOT NULL,
            grp TEXT NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            title TEXT,
            description TEXT,
            author TEXT,
            author_url TEXT,
            image TEXT,
            examples TEXT NOT NULL DEFAULT '[]',
            dynamic INTEGER NOT NULL DEFAULT 0,
            intent_count INTEGER NOT NULL DEFAULT 0,
            source TEXT NOT NULL,
            bundled INTEGER NOT NULL DEFAULT 0,
            imported_at REAL NOT NULL,
            usage_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX skills_by_group ON skills (grp, language);
        CREATE INDEX skills_by_name ON skills (name COLLATE NOCASE);

        CREATE TABLE accounts (
            email TEXT PRIMARY KEY COLLATE NOCASE,
            password_hash TEXT NOT NULL,
            created REAL NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE tokens (
            digest TEXT PRIMARY KEY,
            email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
            created REAL NOT NULL,
            expires REAL
        ) WITHOUT ROWID;
        CREATE INDEX tokens_by_email ON tokens (email);

        CREATE TABLE settings (
            email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (email, key)
        ) WITHOUT ROWID;

        CREATE TABLE devices (
            email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
            mac TEXT NOT NULL,
            name TEXT NOT NULL,
            room TEXT NOT NULL,
            added REAL NOT NULL,
            latitude REAL,
            longitude REAL,
            PRIMARY KEY (email, mac)
        ) WITHOUT ROWID;

        CREATE TABLE ratings (
            skill TEXT NOT NULL,
            email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
            stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
            timestamp REAL NOT NULL,
            PRIMARY KEY (skill, email)
        ) WITHOUT ROWID;

        CREATE TABLE feedback (
            skill TEXT NOT NULL,
            email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
            text TEXT NOT NULL CHECK (length(trim(text)) > 0),
            timestamp REAL NOT NULL,
            PRIMARY KEY (skill, email)
        ) WITHOUT ROWID;
        CREATE INDEX feedback_by_time ON feedback (skill, timestamp);

        CREATE TABLE thumbs (
            id INTEGER PRIMARY KEY,
            skill TEXT NOT NULL,
            identity TEXT NOT NULL,
            positive INTEGER NOT NULL CHECK (positive IN (0, 1)),
            query TEXT NOT NULL,
            reply TEXT NOT NULL,
            timestamp REAL NOT NULL
        );
        CREATE INDEX thumbs_by_skill ON thumbs (skill);

        CREATE TABLE reports (
            skill TEXT NOT NULL,
            email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
            reason TEXT NOT NULL,
            timestamp REAL NOT NULL,
            PRIMARY KEY (skill, email)
        ) WITHOUT ROWID;

        CREATE TABLE bookmarks (
            skill TEXT NOT NULL,
            email TEXT NOT NULL REFERENCES accounts (email) ON DELETE CASCADE,
            timestamp REAL NOT NULL,
            PRIMARY KEY (skill, email)
        ) WITHOUT ROWID;

        CREATE TABLE conversations (
            identity TEXT PRIMARY KEY,
            memory TEXT NOT NULL,
            updated REAL NOT NULL
        ) WITHOUT ROWID;
        """),
        // The skill index: every intent's source block with what finds it (keys) and
        // orders it (base score, ordinal), so a chat rebuilds only its candidates.
        // Bundled skills are re-synced to fill it.
        Migration(2, """
        CREATE TABLE intents (
            id INTEGER PRIMARY KEY,
            skill INTEGER NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            line INTEGER NOT NULL,
            variant INTEGER NOT NULL,
            base_score INTEGER NOT NULL,
            catch_all INTEGER NOT NULL DEFAULT 0,
            block TEXT NOT NULL
        );
        CREATE INDEX intents_by_skill ON intents (skill);
        CREATE INDEX intents_catch_all ON intents (catch_all) WHERE catch_all = 1;

        CREATE TABLE intent_keys (
            key TEXT NOT NULL,
            literal INTEGER NOT NULL,
            intent INTEGER NOT NULL REFERENCES intents (id) ON DELETE CASCADE,
            PRIMARY KEY (key, literal, intent)
        ) WITHOUT ROWID;
        CREATE INDEX intent_keys_by_intent ON intent_keys (intent);

        DELETE FROM meta WHERE key = 'bundled_skills';
        """),
        // Chat history is the client's record, for every backend: one row per
        // exchange, per server and identity.
        Migration(3, """
        CREATE TABLE chat_history (
            id INTEGER PRIMARY KEY,
            server TEXT NOT NULL,
            identity TEXT NOT NULL,
            asked_at REAL NOT NULL,
            query TEXT NOT NULL,
            answer TEXT NOT NULL,
            skill TEXT,
            reply TEXT NOT NULL
        );
        CREATE INDEX chat_history_by_owner ON chat_history (server, identity, asked_at);
        """),
        // The person at the machine may rate without an account (rater
        // 'local', which no email can be), so a rating's rater no longer has
        // to be an account; an account's ratings still go with it.
        Migration(4, """
        CREATE TABLE ratings_v4 (
            skill TEXT NOT NULL,
            email TEXT NOT NULL CHECK (email = 'local' OR instr(email, '@') > 0),
            stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
            timestamp REAL NOT NULL,
            PRIMARY KEY (skill, email)
        ) WITHOUT ROWID;
        INSERT INTO ratings_v4 (skill, email, stars, timestamp) SELECT skill, email, stars, timestamp FROM ratings;
        DROP TABLE ratings;
        ALTER TABLE ratings_v4 RENAME TO ratings;
        CREATE TRIGGER ratings_leave_with_account AFTER DELETE ON accounts
        BEGIN DELETE FROM ratings WHERE email = old.email; END;
        """),
        // A whole import is ranked by the user (skills import --priority): low 0,
        // normal 1, high 2. Bundled skills are normal and win ties against imports.
        Migration(5, """
        ALTER TABLE skills ADD COLUMN priority INTEGER NOT NULL DEFAULT 1 CHECK (priority BETWEEN 0 AND 2);
        """),
        // The skill index's generation (`CandidateCache`): bumped by every commit that
        // adds, removes or rewrites a skill row, which every write of its intents and
        // keys goes with (storeSkills; a removal cascades). A usage count is not a change.
        Migration(6, """
        INSERT OR IGNORE INTO meta (key, value) VALUES ('index_generation', '1');
        CREATE TRIGGER index_generation_on_insert AFTER INSERT ON skills
        BEGIN UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'index_generation'; END;
        CREATE TRIGGER index_generation_on_delete AFTER DELETE ON skills
        BEGIN UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'index_generation'; END;
        CREATE TRIGGER index_generation_on_update
        AFTER UPDATE OF id, path, model, grp, language, name, source, bundled, intent_count, priority ON skills
        BEGIN UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'index_generation'; END;
        """),
        // A listing reads imported_at (stored after the skill's source): without
        // this index each row's overflow pages were read to reach it (the whole
        // 3.4 MB of corpus source per `skills list`); SQLite reads the indexed
        // columns from the index instead.
        Migration(7, """
        CREATE INDEX skills_listing ON skills (language, bundled, imported_at, usage_count);
        """),
    ]
}
