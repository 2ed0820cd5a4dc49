-- Cards, their faces, rulings and mechanic tags (issue 2).
-- `data` keeps the English Scryfall object so that the rules engine can read
-- every characteristic (faces, colours, keywords) without a second source.
CREATE TABLE cards (
    oracle_id      VARCHAR PRIMARY KEY,
    name           VARCHAR NOT NULL,
    layout         VARCHAR,
    mana_cost      VARCHAR,
    cmc            DOUBLE,
    type_line      VARCHAR,
    oracle_text    VARCHAR,
    keywords       VARCHAR[],
    colors         VARCHAR[],
    color_identity VARCHAR[],
    power          VARCHAR,
    toughness      VARCHAR,
    loyalty        VARCHAR,
    "set"          VARCHAR,
    released_at    DATE,
    name_ja        VARCHAR,
    type_line_ja   VARCHAR,
    text_ja        VARCHAR,
    source         VARCHAR,
    -- The English Scryfall object as JSON text. zstd: DuckDB's default string compression
    -- (FSST) makes the checkpoint after a 100k-card load several times slower.
    data           VARCHAR USING COMPRESSION zstd
);

CREATE TABLE card_faces (
    oracle_id    VARCHAR NOT NULL,
    face_index   INTEGER NOT NULL,
    name         VARCHAR,
    mana_cost    VARCHAR,
    type_line    VARCHAR,
    oracle_text  VARCHAR,
    power        VARCHAR,
    toughness    VARCHAR,
    loyalty      VARCHAR,
    name_ja      VARCHAR,
    type_line_ja VARCHAR,
    text_ja      VARCHAR,
    PRIMARY KEY (oracle_id, face_index)
);

CREATE TABLE rulings (
    oracle_id    VARCHAR NOT NULL,
    source       VARCHAR,
    published_at DATE,
    comment      VARCHAR NOT NULL
);
CREATE INDEX rulings_oracle ON rulings (oracle_id);

CREATE TABLE card_mechanics (
    oracle_id  VARCHAR NOT NULL,
    mechanic   VARCHAR NOT NULL,
    role       VARCHAR NOT NULL,
    face_index INTEGER,
    evidence   VARCHAR,
    lang       VARCHAR
);
CREATE INDEX card_mechanics_oracle ON card_mechanics (oracle_id);

-- Japanese printings, kept apart so that the order of files (or of lines in
-- all_cards) never matters: a Japanese printing seen before its English card
-- still fills the card's *_ja columns once the card arrives.
-- face_index -1 holds the whole card's values.
CREATE TABLE cards_ja (
    oracle_id    VARCHAR NOT NULL,
    face_index   INTEGER NOT NULL,
    name_ja      VARCHAR,
    type_line_ja VARCHAR,
    text_ja      VARCHAR,
    PRIMARY KEY (oracle_id, face_index)
);

-- Files already loaded (path, size, mtime): an interrupted multi-file load resumes
-- by skipping what is already in.
CREATE TABLE loaded_files (
    path      VARCHAR NOT NULL,
    kind      VARCHAR NOT NULL,
    size      BIGINT,
    mtime     DOUBLE,
    records   BIGINT,
    loaded_at TIMESTAMP DEFAULT now(),
    PRIMARY KEY (path, kind)
);
