-- arbitro index database (SQLite). One file per published index generation.
-- Written once by `arbitro index` inside a single transaction, then opened
-- read-only (immutable) by every query command. Rollback journal (the default)
-- is used deliberately: a generation is never written after it is published,
-- so WAL's concurrent-writer benefits do not apply and its side files would
-- only complicate the atomic directory swap.
PRAGMA foreign_keys = ON;

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE documents (
  id            INTEGER PRIMARY KEY,
  doc           TEXT NOT NULL UNIQUE,
  game          TEXT NOT NULL,
  title         TEXT NOT NULL,
  short_title   TEXT NOT NULL,
  edition       TEXT,
  date          TEXT,
  language      TEXT,
  source_file   TEXT,
  source_format TEXT,
  summarises    TEXT,
  path          TEXT
);
CREATE INDEX documents_game ON documents(game);

CREATE TABLE variants (
  document_id INTEGER NOT NULL REFERENCES documents(id),
  variant     TEXT NOT NULL,
  label       TEXT NOT NULL,
  excludes    TEXT NOT NULL DEFAULT '',  -- variants it cannot be played with, space-separated
  PRIMARY KEY (document_id, variant)
);

-- the structure tree: rules, sections, provisions, tables, rows, blocks
CREATE TABLE units (
  id              INTEGER PRIMARY KEY,
  document_id     INTEGER NOT NULL REFERENCES documents(id),
  eid             TEXT,
  parent_id       INTEGER REFERENCES units(id),
  ord             INTEGER NOT NULL,
  kind            TEXT NOT NULL,
  num             TEXT,
  heading         TEXT,
  provision_kind  TEXT,
  variant         TEXT,             -- its own or its nearest ancestor's variant
  text            TEXT NOT NULL,
  citation        TEXT NOT NULL,
  label           TEXT NOT NULL,
  has_consequence INTEGER NOT NULL,
  line            INTEGER,
  UNIQUE (document_id, eid)
);
CREATE INDEX units_parent ON units(parent_id);
CREATE INDEX units_eid ON units(eid);

-- what each variant changes (corpus/README.md, "Variants"): the base unit or case it
-- amends or replaces (NULL for adds) and the variant's own unit or case
CREATE TABLE variant_changes (
  document_id    INTEGER NOT NULL REFERENCES documents(id),  -- the declaring document
  ord            INTEGER NOT NULL,
  variant        TEXT NOT NULL,
  kind           TEXT NOT NULL,  -- amends | replaces | adds
  target_unit_id INTEGER REFERENCES units(id),
  target_case    TEXT,
  by_unit_id     INTEGER NOT NULL REFERENCES units(id),
  by_case        TEXT,
  param          TEXT,
  PRIMARY KEY (document_id, ord)
);
CREATE INDEX variant_changes_target ON variant_changes(target_unit_id);
CREATE INDEX variant_changes_by ON variant_changes(by_unit_id);

CREATE TABLE table_columns (
  unit_id INTEGER NOT NULL REFERENCES units(id),
  ord     INTEGER NOT NULL,
  col     TEXT NOT NULL,
  label   TEXT NOT NULL,
  PRIMARY KEY (unit_id, col)
);

CREATE TABLE cells (
  unit_id INTEGER NOT NULL REFERENCES units(id),
  ord     INTEGER NOT NULL,
  col     TEXT NOT NULL,
  text    TEXT NOT NULL,
  PRIMARY KEY (unit_id, col)
);

CREATE TABLE cases (
  id       INTEGER PRIMARY KEY,
  unit_id  INTEGER NOT NULL REFERENCES units(id),
  case_id  TEXT NOT NULL,
  variant  TEXT,
  decision TEXT,
  reading  INTEGER NOT NULL DEFAULT 0,  -- 1: the encoders' reading, not stated by the book
  UNIQUE (unit_id, case_id)
);

CREATE TABLE conditions (
  case_id INTEGER NOT NULL REFERENCES cases(id),
  ord     INTEGER NOT NULL,
  fact    TEXT NOT NULL,
  op      TEXT NOT NULL,
  value   TEXT NOT NULL,   -- space-separated for in / not-in
  PRIMARY KEY (case_id, ord)
);
CREATE INDEX conditions_fact ON conditions(fact, value);

CREATE TABLE sanctions (
  case_id     INTEGER NOT NULL REFERENCES cases(id),
  ord         INTEGER NOT NULL,
  type        TEXT NOT NULL,
  beneficiary TEXT,
  place       TEXT,
  points      INTEGER,
  choice      INTEGER NOT NULL DEFAULT 0,  -- > 0: one alternative of the case's choice N
  chosen_by   TEXT,                        -- the beneficiary who chooses
  PRIMARY KEY (case_id, ord)
);
CREATE INDEX sanctions_type ON sanctions(type);

CREATE TABLE refs (
  unit_id        INTEGER NOT NULL REFERENCES units(id),
  ord            INTEGER NOT NULL,
  target         TEXT,
  target_unit_id INTEGER REFERENCES units(id),
  quote          TEXT NOT NULL,
  kind           TEXT NOT NULL,
  PRIMARY KEY (unit_id, ord)
);
CREATE INDEX refs_target ON refs(target_unit_id);

CREATE TABLE overrides (
  unit_id        INTEGER NOT NULL REFERENCES units(id),
  ord            INTEGER NOT NULL,
  case_id        TEXT,
  target         TEXT NOT NULL,
  target_unit_id INTEGER NOT NULL REFERENCES units(id),
  target_case    TEXT,
  kind           TEXT NOT NULL,
  quote          TEXT,
  PRIMARY KEY (unit_id, ord)
);
CREATE INDEX overrides_target ON overrides(target_unit_id);

CREATE TABLE params (
  unit_id INTEGER NOT NULL REFERENCES units(id),
  ord     INTEGER NOT NULL,
  name    TEXT NOT NULL,
  value   REAL NOT NULL,
  unit    TEXT NOT NULL,
  quote   TEXT NOT NULL,
  label   TEXT,
  PRIMARY KEY (unit_id, ord)
);
CREATE INDEX params_name ON params(name);

CREATE TABLE terms (
  unit_id    INTEGER NOT NULL REFERENCES units(id),
  ord        INTEGER NOT NULL,
  name       TEXT NOT NULL,
  quote      TEXT NOT NULL,
  definition TEXT NOT NULL,
  PRIMARY KEY (unit_id, ord)
);

CREATE TABLE notes (
  document_id INTEGER NOT NULL REFERENCES documents(id),
  unit_id     INTEGER REFERENCES units(id),
  type        TEXT NOT NULL,
  text        TEXT NOT NULL
);

CREATE TABLE toc (
  document_id    INTEGER NOT NULL REFERENCES documents(id),
  ord            INTEGER NOT NULL,
  ref            TEXT,
  target_unit_id INTEGER REFERENCES units(id),
  page           TEXT,
  text           TEXT NOT NULL,
  PRIMARY KEY (document_id, ord)
);

-- vocabulary of each game
CREATE TABLE facts (
  id            INTEGER PRIMARY KEY,
  game          TEXT NOT NULL,
  name          TEXT NOT NULL,
  type          TEXT NOT NULL,
  ask           TEXT NOT NULL,
  label         TEXT,
  default_value TEXT,
  ord           INTEGER NOT NULL,
  UNIQUE (game, name)
);

CREATE TABLE fact_values (
  id      INTEGER PRIMARY KEY,
  fact_id INTEGER NOT NULL REFERENCES facts(id),
  value   TEXT NOT NULL,
  label   TEXT NOT NULL,
  label_terms TEXT NOT NULL,  -- the label's analysed content terms, space-separated
  ord     INTEGER NOT NULL,
  -- a range of a measured length (vocabulary <value unit=… more-than=… less-than=…>):
  -- unit NULL when the value is none; a bound NULL when unbounded, *_inclusive 0 or 1
  unit    TEXT,
  low     REAL,
  low_inclusive  INTEGER,
  high    REAL,
  high_inclusive INTEGER,
  UNIQUE (fact_id, value)
);

-- surface forms: of a fact (value_id NULL) or of one of its values
CREATE TABLE forms (
  fact_id  INTEGER NOT NULL REFERENCES facts(id),
  value_id INTEGER REFERENCES fact_values(id),
  form     TEXT NOT NULL,
  terms    TEXT NOT NULL  -- analysed content terms (stopwords dropped), space-separated
);
CREATE INDEX forms_fact ON forms(fact_id);

-- game '' holds the shared lexicon's entries
CREATE TABLE sanction_types (
  game  TEXT NOT NULL,
  id    TEXT NOT NULL,
  label TEXT NOT NULL,
  forms TEXT NOT NULL,  -- '|'-separated
  adds_to_roll INTEGER NOT NULL DEFAULT 0,  -- 1: its cases' points add to a dice roll
  PRIMARY KEY (game, id)
);

CREATE TABLE beneficiaries (
  game  TEXT NOT NULL,
  id    TEXT NOT NULL,
  label TEXT NOT NULL,
  forms TEXT NOT NULL,
  PRIMARY KEY (game, id)
);

CREATE TABLE hints (
  game       TEXT NOT NULL,
  hint       TEXT NOT NULL,
  weight     REAL NOT NULL,
  terms      TEXT NOT NULL,  -- the hint's analysed terms, space-separated
  first_term TEXT NOT NULL   -- the first of them: a question's words find the hints
);
CREATE INDEX hints_first ON hints(first_term);

CREATE TABLE synonyms (
  grp  INTEGER NOT NULL,
  ord  INTEGER NOT NULL,
  term TEXT NOT NULL,
  PRIMARY KEY (grp, ord)
);

CREATE TABLE lexicon_words (
  kind TEXT NOT NULL,  -- phrase | protect | stopword
  word TEXT NOT NULL,
  PRIMARY KEY (kind, word)
);

-- quiz phrasing of each game (corpus/<game>/phrasing.xml, schema/phrasing.rng)
CREATE TABLE phrase_games (
  game    TEXT PRIMARY KEY,
  title   TEXT NOT NULL,
  subject TEXT NOT NULL
);

CREATE TABLE phrase_facts (
  game   TEXT NOT NULL,
  fact   TEXT NOT NULL,
  role   TEXT NOT NULL,   -- when where who what object state how often
  clause TEXT NOT NULL,   -- role who: clause with {chi}
  number TEXT NOT NULL,   -- integer facts: phrase with {n}
  PRIMARY KEY (game, fact)
);

CREATE TABLE phrase_values (
  game   TEXT NOT NULL,
  fact   TEXT NOT NULL,
  value  TEXT NOT NULL,
  phrase TEXT NOT NULL,
  noun   TEXT NOT NULL,
  gender TEXT NOT NULL,
  m      TEXT NOT NULL,
  f      TEXT NOT NULL,
  mp     TEXT NOT NULL,
  fp     TEXT NOT NULL,
  actor  TEXT NOT NULL,   -- the side of whoever acts in the phrase, or ''
  subject TEXT NOT NULL,  -- the scene's subject when this value is told, or ''
  PRIMARY KEY (game, fact, value)
);

CREATE TABLE phrase_decisions (
  game   TEXT NOT NULL,
  type   TEXT NOT NULL,   -- sanction type
  class  TEXT NOT NULL,   -- kind of decision, or ''
  phrase TEXT NOT NULL,   -- words with {per} for the side, or '' (label and side)
  PRIMARY KEY (game, type)
);

CREATE TABLE phrase_labels (
  game   TEXT NOT NULL,
  target TEXT NOT NULL,   -- a document id or "doc#eId"
  label  TEXT NOT NULL,
  PRIMARY KEY (game, target)
);

-- Cases told as quiz scenes (corpus/<game>/scenes.xml).
CREATE TABLE phrase_scenes (
  game    TEXT NOT NULL,
  doc     TEXT NOT NULL,
  eid     TEXT NOT NULL,
  case_id TEXT NOT NULL,
  quiz    INTEGER NOT NULL,  -- 0: never asked
  actor   TEXT NOT NULL,     -- side of whoever offends in the scene, or ''
  facts   TEXT NOT NULL,     -- "fact=value" told beyond or within the conditions, ';'-separated
  tell    TEXT NOT NULL,     -- the scene, one clause
  why     TEXT NOT NULL,     -- why the decision follows
  PRIMARY KEY (doc, eid, case_id)
);

CREATE TABLE phrase_sides (
  game   TEXT NOT NULL,
  side   TEXT NOT NULL,   -- beneficiary id
  phrase TEXT NOT NULL,
  PRIMARY KEY (game, side)
);

CREATE TABLE phrase_params (
  game          TEXT NOT NULL,
  ord           INTEGER NOT NULL,
  name          TEXT NOT NULL,
  at            TEXT NOT NULL,
  kind          TEXT NOT NULL,
  question      TEXT NOT NULL,
  statement     TEXT NOT NULL,
  statement_one TEXT NOT NULL,
  noun_one      TEXT NOT NULL,  -- the counted thing, when the unit's word does not fit
  noun          TEXT NOT NULL,
  wrong         TEXT NOT NULL,  -- the encoders' wrong numbers, space-separated, or ''
  PRIMARY KEY (game, ord)
);
