-- The search index (issue 13): one row per card with the columns a search reads, prepared
-- once per load by db.search_index.refresh (face-aware, reminder text stripped, lowercased),
-- so that a query is a single scan of this table and never a correlated subquery per row.
-- Text fields join a card's faces with a newline: a substring (which cannot contain a
-- control character) never spans two faces, and a regular expression (newline-sensitive,
-- as on Scryfall) sees each face as its own paragraphs. The searched text is stored
-- uncompressed: scanning it is about twice as fast as decompressing FSST first (and
-- writing it is cheaper too); it is derived data, rebuilt at each load.
CREATE TABLE card_search (
    oracle_id        VARCHAR NOT NULL,
    sort_name        VARCHAR USING COMPRESSION uncompressed,  -- lower(name): the order
    -- "\nname\nface name\n...\n": every name, lowercased ("\nx\n" is the exact name x)
    names            VARCHAR USING COMPRESSION uncompressed,
    -- face type lines, English and Japanese
    types            VARCHAR USING COMPRESSION uncompressed,
    -- face texts without reminder text, English and Japanese
    oracle           VARCHAR USING COMPRESSION uncompressed,
    -- `oracle` (English) with the card's own name written ~ (NULL: the same as oracle)
    oracle_self      VARCHAR USING COMPRESSION uncompressed,
    -- face texts with reminder text (NULL: the same as oracle)
    full_oracle      VARCHAR USING COMPRESSION uncompressed,
    keywords         VARCHAR[],
    color_mask       UTINYINT,     -- W=1 U=2 B=4 R=8 G=16: the colours of all faces together
    identity_mask    UTINYINT,
    cmc              DOUBLE,
    stats            STRUCT(pow DOUBLE, tou DOUBLE, loy DOUBLE, def DOUBLE)[],  -- per face
    mana             VARCHAR,      -- mana costs of all faces, lowercased
    layout           VARCHAR,
    "set"            VARCHAR,
    collector_number VARCHAR,
    rarity           VARCHAR,
    released_at      DATE,
    has_ja           BOOLEAN,
    has_indicator    BOOLEAN,
    is_permanent     BOOLEAN,
    is_spell         BOOLEAN,
    is_vanilla       BOOLEAN,
    is_frenchvanilla BOOLEAN,
    is_funny         BOOLEAN,
    is_digital       BOOLEAN,
    is_token         BOOLEAN,
    -- what a result shows (so that a page is read from this table alone, rows stored in
    -- name order so that the first pages sit together)
    name             VARCHAR,
    name_ja          VARCHAR,
    mana_cost        VARCHAR,
    type_line        VARCHAR,
    type_line_ja     VARCHAR,
    oracle_text      VARCHAR,
    text_ja          VARCHAR,
    keyword_names    VARCHAR[],
    colors           VARCHAR[],
    color_identity   VARCHAR[],
    power            VARCHAR,
    toughness        VARCHAR,
    loyalty          VARCHAR,
    faces            STRUCT(face_index INTEGER, name VARCHAR, mana_cost VARCHAR,
                            type_line VARCHAR, oracle_text VARCHAR, power VARCHAR,
                            toughness VARCHAR, loyalty VARCHAR, name_ja VARCHAR,
                            type_line_ja VARCHAR, text_ja VARCHAR)[]
    -- (the Scryfall JSON is read from cards.data, stored uncompressed for that: 009)
);

-- What the index was built from (see db.search_index.stamp): a search compares it with the
-- tables' current state and rebuilds a stale index instead of answering from it.
CREATE TABLE card_search_state (
    stamp      VARCHAR NOT NULL,
    built_at   TIMESTAMP DEFAULT now()
);
