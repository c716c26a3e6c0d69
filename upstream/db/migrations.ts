export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/**
 * Ordered and append-only: a released migration is never edited, a change is a new entry. Each one runs (open.ts's
 * `migrate`, when the database is opened) in its own transaction together with its row in schema_migrations, so a failure leaves no half-applied schema.
 * Times are epoch milliseconds; secrets given to clients are stored only as SHA-256 hex hashes.
 */
export const migrations: ReadonlyArray<Migration> = [
  {
    id: 1,
    name: 'users, sessions and tokens',
    sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('participant', 'teacher', 'admin')),
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        middle_name TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        city TEXT NOT NULL DEFAULT '',
        organization TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        refresh_token_hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        refresh_expires_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE auth_tokens (
        token_hash TEXT PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX auth_tokens_by_session ON auth_tokens (session_id);
      CREATE TABLE popups (
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        value INTEGER NOT NULL CHECK (value IN (0, 1)),
        PRIMARY KEY (user_id, name)
      );
    `,
  },
  {
    id: 2,
    name: 'passes, recovery codes, outbox, analytics',
    sql: `
      CREATE TABLE passes (
        pass_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE TABLE recovery_codes (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        used_at INTEGER
      );
      CREATE INDEX recovery_codes_by_user ON recovery_codes (user_id);
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        recipient TEXT NOT NULL COLLATE NOCASE,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX outbox_by_recipient ON outbox (recipient);
      CREATE TABLE analytics_transitions (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL
      );
    `,
  },
  {
    id: 3,
    name: 'scenarios, their audiences, materials and search index',
    sql: `
      CREATE TABLE scenario_topics (slug TEXT PRIMARY KEY, title TEXT NOT NULL, position INTEGER NOT NULL);
      CREATE TABLE scenario_formats (slug TEXT PRIMARY KEY, title TEXT NOT NULL, position INTEGER NOT NULL);
      CREATE TABLE scenarios (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        topic TEXT NOT NULL REFERENCES scenario_topics (slug),
        format TEXT NOT NULL REFERENCES scenario_formats (slug),
        author TEXT NOT NULL,
        organization TEXT NOT NULL,
        duration_minutes INTEGER NOT NULL,
        published_at INTEGER NOT NULL
      );
      CREATE INDEX scenarios_by_topic ON scenarios (topic, published_at);
      CREATE INDEX scenarios_by_format ON scenarios (format, published_at);
      CREATE INDEX scenarios_by_date ON scenarios (published_at);
      CREATE INDEX scenarios_by_title ON scenarios (title);
      -- A grade ('1'…'11'), 'parents' or 'teachers'; a scenario for grades 5–7 has three rows.
      CREATE TABLE scenario_audiences (
        scenario_id INTEGER NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
        audience TEXT NOT NULL,
        PRIMARY KEY (audience, scenario_id)
      ) WITHOUT ROWID;
      CREATE INDEX scenario_audiences_by_scenario ON scenario_audiences (scenario_id);
      CREATE TABLE scenario_materials (
        id INTEGER PRIMARY KEY,
        scenario_id INTEGER NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        path TEXT NOT NULL,
        size INTEGER NOT NULL,
        type TEXT NOT NULL
      );
      CREATE INDEX scenario_materials_by_scenario ON scenario_materials (scenario_id, position);
      -- unicode61 folds case for Cyrillic too; ё is written as е on both sides, which the tokenizer does not do.
      CREATE VIRTUAL TABLE scenarios_search USING fts5 (
        title, description, author, tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER scenarios_search_insert AFTER INSERT ON scenarios BEGIN
        INSERT INTO scenarios_search (rowid, title, description, author) VALUES (new.id,
          replace(replace(new.title, 'ё', 'е'), 'Ё', 'Е'),
          replace(replace(new.description, 'ё', 'е'), 'Ё', 'Е'),
          replace(replace(new.author, 'ё', 'е'), 'Ё', 'Е'));
      END;
      CREATE TRIGGER scenarios_search_update AFTER UPDATE OF title, description, author ON scenarios BEGIN
        UPDATE scenarios_search SET
          title = replace(replace(new.title, 'ё', 'е'), 'Ё', 'Е'),
          description = replace(replace(new.description, 'ё', 'е'), 'Ё', 'Е'),
          author = replace(replace(new.author, 'ё', 'е'), 'Ё', 'Е')
        WHERE rowid = new.id;
      END;
      CREATE TRIGGER scenarios_search_delete AFTER DELETE ON scenarios BEGIN
        DELETE FROM scenarios_search WHERE rowid = old.id;
      END;
    `,
  },
  {
    id: 4,
    name: 'master classes and viewing history',
    sql: `
      CREATE TABLE webinars (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        starts_at INTEGER NOT NULL,
        duration_minutes INTEGER NOT NULL,
        speakers TEXT NOT NULL,
        participants_count INTEGER NOT NULL,
        recording_path TEXT,
        recording_type TEXT,
        recording_size INTEGER,
        recording_seconds INTEGER,
        broadcast_url TEXT
      );
      CREATE INDEX webinars_by_start ON webinars (starts_at);
      CREATE TABLE webinar_history (
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        webinar_id INTEGER NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
        position_seconds INTEGER NOT NULL,
        watched_seconds INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, webinar_id)
      );
    `,
  },
  {
    id: 5,
    name: 'banners, certificates, the weekly program, tender questions',
    sql: `
      CREATE TABLE banners (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        text TEXT NOT NULL,
        image_path TEXT NOT NULL,
        link TEXT NOT NULL,
        position INTEGER NOT NULL
      );
      CREATE TABLE certificates (
        user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        number TEXT NOT NULL UNIQUE,
        event TEXT NOT NULL,
        hours INTEGER NOT NULL,
        issued_on TEXT NOT NULL
      );
      CREATE TABLE week_days (
        id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL UNIQUE CHECK (position BETWEEN 0 AND 6),
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        task TEXT NOT NULL
      );
      CREATE TABLE week_links (
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        day_id INTEGER NOT NULL REFERENCES week_days (id) ON DELETE CASCADE,
        link TEXT NOT NULL,
        saved_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, day_id)
      );
      CREATE TABLE tender_questions (
        user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        text TEXT NOT NULL,
        sent_at INTEGER NOT NULL
      );
    `,
  },
  {
    id: 6,
    name: 'dictation events, participations and invitation codes',
    sql: `
      CREATE TABLE dictation_events (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        registration_opens_at INTEGER NOT NULL,
        writing_opens_at INTEGER NOT NULL,
        writing_closes_at INTEGER NOT NULL,
        results_at INTEGER NOT NULL,
        time_limit_minutes INTEGER NOT NULL CHECK (time_limit_minutes > 0),
        source TEXT NOT NULL,
        reference_text TEXT NOT NULL
      );
      CREATE TABLE dictation_participations (
        id INTEGER PRIMARY KEY,
        event_id INTEGER NOT NULL REFERENCES dictation_events (id) ON DELETE CASCADE,
        user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
        time_limit_ms INTEGER NOT NULL CHECK (time_limit_ms > 0),
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        text TEXT NOT NULL DEFAULT '',
        revision INTEGER NOT NULL DEFAULT 0,
        saved_at INTEGER,
        finished_at INTEGER
      );
      CREATE INDEX dictation_participations_by_user ON dictation_participations (user_id, event_id);
      CREATE TABLE dictation_invitations (
        code_hash TEXT PRIMARY KEY,
        participation_id INTEGER NOT NULL REFERENCES dictation_participations (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX dictation_invitations_by_participation ON dictation_invitations (participation_id);
    `,
  },
  {
    id: 7,
    name: 'tests, their questions, attempts and answers',
    sql: `
      CREATE TABLE tests (
        id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        title TEXT NOT NULL,
        theme TEXT NOT NULL,
        lead TEXT NOT NULL,
        description TEXT NOT NULL,
        time_limit_minutes INTEGER CHECK (time_limit_minutes > 0),
        max_attempts INTEGER CHECK (max_attempts > 0),
        pass_percent INTEGER NOT NULL CHECK (pass_percent BETWEEN 1 AND 100)
      );
      CREATE TABLE test_questions (
        id INTEGER PRIMARY KEY,
        test_id INTEGER NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('single', 'multiple', 'text')),
        text TEXT NOT NULL,
        options TEXT NOT NULL,
        right_option_ids TEXT NOT NULL,
        right_texts TEXT NOT NULL,
        explanation TEXT NOT NULL,
        UNIQUE (test_id, position)
      );
      CREATE TABLE test_attempts (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        test_id INTEGER NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        deadline_at INTEGER,
        finished_at INTEGER,
        finish_reason TEXT CHECK (finish_reason IN ('submitted', 'time_over')),
        points INTEGER,
        UNIQUE (user_id, test_id, number)
      );
      CREATE UNIQUE INDEX test_attempts_one_open ON test_attempts (user_id, test_id) WHERE finished_at IS NULL;
      CREATE TABLE test_answers (
        attempt_id INTEGER NOT NULL REFERENCES test_attempts (id) ON DELETE CASCADE,
        question_id INTEGER NOT NULL REFERENCES test_questions (id) ON DELETE CASCADE,
        option_ids TEXT NOT NULL,
        text TEXT NOT NULL,
        answered_at INTEGER NOT NULL,
        PRIMARY KEY (attempt_id, question_id)
      );
    `,
  },
  {
    id: 8,
    name: 'the law week, author questions, support requests',
    sql: `
      -- The week's seven days are dated on every read around today (position 3), as the weekly program's are.
      CREATE TABLE law_week_days (
        position INTEGER PRIMARY KEY CHECK (position BETWEEN 0 AND 6),
        title TEXT NOT NULL
      );
      CREATE TABLE law_week_events (
        id INTEGER PRIMARY KEY,
        day_position INTEGER NOT NULL REFERENCES law_week_days (position),
        -- Minutes after midnight, Moscow time.
        starts_minute INTEGER NOT NULL CHECK (starts_minute BETWEEN 0 AND 1439),
        duration_minutes INTEGER NOT NULL CHECK (duration_minutes > 0),
        title TEXT NOT NULL,
        kind TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('online', 'offline')),
        speaker TEXT NOT NULL,
        place TEXT,
        link TEXT
      );
      CREATE INDEX law_week_events_by_day ON law_week_events (day_position, starts_minute);
      CREATE TABLE law_week_themes (
        id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        title TEXT NOT NULL,
        description TEXT NOT NULL
      );
      CREATE TABLE law_week_materials (
        id INTEGER PRIMARY KEY,
        event_id INTEGER REFERENCES law_week_events (id) ON DELETE CASCADE,
        theme_id INTEGER REFERENCES law_week_themes (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        path TEXT NOT NULL,
        size INTEGER NOT NULL,
        type TEXT NOT NULL,
        CHECK ((event_id IS NULL) != (theme_id IS NULL))
      );
      CREATE INDEX law_week_materials_by_event ON law_week_materials (event_id, position);
      CREATE INDEX law_week_materials_by_theme ON law_week_materials (theme_id, position);
      CREATE TABLE author_question_topics (
        slug TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        position INTEGER NOT NULL
      );
      CREATE TABLE author_questions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        topic TEXT NOT NULL REFERENCES author_question_topics (slug),
        text TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('sent', 'in_work', 'answered')),
        asked_at INTEGER NOT NULL,
        answer_text TEXT,
        answer_author TEXT,
        answered_at INTEGER,
        CHECK ((status = 'answered') = (answer_text IS NOT NULL))
      );
      CREATE INDEX author_questions_by_user ON author_questions (user_id, asked_at);
      CREATE TABLE support_topics (
        slug TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        position INTEGER NOT NULL
      );
      CREATE TABLE support_requests (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        topic TEXT NOT NULL REFERENCES support_topics (slug),
        message TEXT NOT NULL,
        reply_to TEXT,
        status TEXT NOT NULL CHECK (status IN ('new', 'in_work', 'resolved')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        reply TEXT
      );
      CREATE INDEX support_requests_by_user ON support_requests (user_id, created_at);
    `,
  },
  {
    id: 9,
    name: 'dictation registrations',
    // One registration per user and event: registering again finds it, so the link is mailed once.
    sql: `
      CREATE TABLE dictation_registrations (
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        event_id INTEGER NOT NULL REFERENCES dictation_events (id) ON DELETE CASCADE,
        participation_id INTEGER NOT NULL REFERENCES dictation_participations (id) ON DELETE CASCADE,
        registered_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, event_id)
      );
    `,
  },
  {
    id: 10,
    name: 'the order of each test attempt: its questions and their options, shuffled when it starts',
    sql: `
      CREATE TABLE test_attempt_questions (
        attempt_id INTEGER NOT NULL REFERENCES test_attempts (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position > 0),
        question_id INTEGER NOT NULL REFERENCES test_questions (id) ON DELETE CASCADE,
        -- The question's option ids (a JSON array) in the order this attempt shows them.
        option_ids TEXT NOT NULL,
        PRIMARY KEY (attempt_id, position),
        UNIQUE (attempt_id, question_id)
      );
      -- Attempts started before keep the order they were shown in: the test's own.
      INSERT INTO test_attempt_questions (attempt_id, position, question_id, option_ids)
        SELECT a.id, q.position, q.id,
          (SELECT json_group_array(json_extract(o.value, '$.id')) FROM json_each(q.options) o)
        FROM test_attempts a JOIN test_questions q ON q.test_id = a.test_id;
    `,
  },
  {
    id: 11,
    name: 'replies not yet seen, certificate verification codes',
    sql: `
      ALTER TABLE author_questions ADD COLUMN unseen INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE support_requests ADD COLUMN unseen INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE certificate_codes (
        code TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('offline', 'dictation')),
        ref INTEGER NOT NULL,
        issued_at INTEGER NOT NULL,
        UNIQUE (kind, ref)
      );
    `,
  },
  {
    id: 12,
    name: 'support threads',
    // The messages after a request's first: support's replies and the user's answers back.
    sql: `
      CREATE TABLE support_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        request_id INTEGER NOT NULL REFERENCES support_requests (id) ON DELETE CASCADE,
        author TEXT NOT NULL CHECK (author IN ('user', 'support')),
        text TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX support_messages_by_request ON support_messages (request_id, id);
    `,
  },
  {
    id: 13,
    name: 'confirmed e-mail addresses and their confirmation links',
    // Accounts made before confirmation existed count as confirmed: their mail went out all along.
    sql: `
      ALTER TABLE users ADD COLUMN email_confirmed_at INTEGER;
      UPDATE users SET email_confirmed_at = created_at;
      CREATE TABLE email_confirmations (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email TEXT NOT NULL COLLATE NOCASE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE INDEX email_confirmations_by_user ON email_confirmations (user_id);
    `,
  },
  {
    id: 14,
    name: 'certificates for master classes watched and tests passed',
    // Watch time counted at most as fast as real time passes between two reports (history from before
    // starts at 0: nothing counted it); the certificate of a master class is kept from the moment it was earned;
    // a test's is its first passing attempt, so it needs no table. The codes' kinds grow by a table rebuild, as
    // SQLite changes no CHECK in place.
    sql: `
      ALTER TABLE webinar_history ADD COLUMN counted_seconds INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE webinar_certificates (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        webinar_id INTEGER NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
        issued_at INTEGER NOT NULL,
        UNIQUE (user_id, webinar_id)
      );
      CREATE TABLE certificate_codes_14 (
        code TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('offline', 'dictation', 'webinar', 'test')),
        ref INTEGER NOT NULL,
        issued_at INTEGER NOT NULL,
        UNIQUE (kind, ref)
      );
      INSERT INTO certificate_codes_14 (code, kind, ref, issued_at)
        SELECT code, kind, ref, issued_at FROM certificate_codes;
      DROP TABLE certificate_codes;
      ALTER TABLE certificate_codes_14 RENAME TO certificate_codes;
    `,
  },
  {
    id: 15,
    name: 'one watch clock per user',
    // The moment up to which a user's real time has been credited to master classes' watch time: one per
    // user, so two recordings played at once share it, and each report counts only the real time since.
    sql: `
      CREATE TABLE webinar_watch_clocks (
        user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        credited_until INTEGER NOT NULL
      );
    `,
  },
  {
    id: 16,
    name: 'letters counted per recipient and account',
    // What each letter was and for which account, so the mailer can make resends wait longer each time
    // and cap the letters one address receives in a day.
    sql: `
      ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'other';
      ALTER TABLE outbox ADD COLUMN user_id INTEGER;
      CREATE INDEX outbox_by_recipient_time ON outbox (recipient, created_at);
      CREATE INDEX outbox_by_user_time ON outbox (user_id, kind, created_at);
      `,
  },
  {
    // The search index holds Russian stems: the triggers store `ru_stems` of each text (the function
    // `Db` registers on every connection), and the index is filled again from the scenarios as they are.
    id: 17,
    name: 'scenario search by Russian stems',
    sql: `
      DROP TRIGGER scenarios_search_insert;
      DROP TRIGGER scenarios_search_update;
      CREATE TRIGGER scenarios_search_insert AFTER INSERT ON scenarios BEGIN
        INSERT INTO scenarios_search (rowid, title, description, author)
          VALUES (new.id, ru_stems(new.title), ru_stems(new.description), ru_stems(new.author));
      END;
      CREATE TRIGGER scenarios_search_update AFTER UPDATE OF title, description, author ON scenarios BEGIN
        UPDATE scenarios_search SET
          title = ru_stems(new.title), description = ru_stems(new.description), author = ru_stems(new.author)
        WHERE rowid = new.id;
      END;
      DELETE FROM scenarios_search;
      INSERT INTO scenarios_search (rowid, title, description, author)
        SELECT id, ru_stems(title), ru_stems(description), ru_stems(author) FROM scenarios;
    `,
  },
  {
    id: 18,
    name: 'requests to change the e-mail address',
    // Each request that passed the password check, whether it could be carried out or not: the count per
    // account in 24 hours is the change's own limit. The new address waits in `email_confirmations` as before.
    sql: `
      CREATE TABLE email_change_requests (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX email_change_requests_by_user ON email_change_requests (user_id, created_at);
    `,
  },
  {
    id: 19,
    name: 'mailed codes and links bound to the address they were mailed to',
    // A recovery code, a pass and a mailed dictation link work only while the account's address is the one they
    // were mailed to (issue 44). Those outstanding from before are bound to the address the account has now; a
    // dictation link from before stays unbound, as it was (the cabinet's own links are never bound).
    sql: `
      ALTER TABLE recovery_codes ADD COLUMN email TEXT COLLATE NOCASE;
      ALTER TABLE passes ADD COLUMN email TEXT COLLATE NOCASE;
      ALTER TABLE dictation_invitations ADD COLUMN email TEXT COLLATE NOCASE;
      UPDATE recovery_codes SET email = (SELECT email FROM users WHERE users.id = recovery_codes.user_id);
      UPDATE passes SET email = (SELECT email FROM users WHERE users.id = passes.user_id);
    `,
  },
];
