-- MTG Wiki pages and what was parsed from them, the crawl frontier, the HTTP cache and
-- the Scryfall bulk-file state (the scraper issue). Child tables are keyed by page title
-- and rewritten whole when a page's revision changes.
CREATE TABLE wiki_pages (
    title        VARCHAR PRIMARY KEY,
    url          VARCHAR,
    base_url     VARCHAR,
    revision_id  BIGINT,
    fetched_at   TIMESTAMP,
    en_name      VARCHAR,
    wikitext     VARCHAR,
    html         VARCHAR,
    text         VARCHAR,
    source       VARCHAR,      -- 'api' | 'raw+rendered' | 'rendered'
    quoted_rules_version VARCHAR
);

CREATE TABLE wiki_redirects (
    source_title VARCHAR PRIMARY KEY,
    target_title VARCHAR NOT NULL,
    recorded_at  TIMESTAMP DEFAULT now()
);

CREATE TABLE wiki_sections (
    title         VARCHAR NOT NULL,
    section_index INTEGER NOT NULL,
    level         INTEGER,
    heading       VARCHAR,
    text          VARCHAR
);
CREATE INDEX wiki_sections_title ON wiki_sections (title);

CREATE TABLE wiki_links (
    title     VARCHAR NOT NULL,
    position  INTEGER NOT NULL,
    target    VARCHAR NOT NULL,
    target_ja VARCHAR,
    target_en VARCHAR,
    anchor    VARCHAR,
    label     VARCHAR,
    target_exists BOOLEAN
);
CREATE INDEX wiki_links_title ON wiki_links (title);

CREATE TABLE wiki_card_boxes (
    title           VARCHAR NOT NULL,
    position        INTEGER NOT NULL,
    face_index      INTEGER,
    name_en         VARCHAR,
    name_ja         VARCHAR,
    mana_cost       VARCHAR,
    mana_cost_raw   VARCHAR,
    color_indicator VARCHAR,
    type_line       VARCHAR,
    text            VARCHAR,
    power           VARCHAR,
    toughness       VARCHAR,
    loyalty         VARCHAR,
    oracle_id       VARCHAR,
    source          VARCHAR   -- 'rendered' (the box as shown) | 'wikitext' ({{#card:}} only)
);
CREATE INDEX wiki_card_boxes_title ON wiki_card_boxes (title);

-- kind: 'cite' ({{CR|…}}, CR:…), 'quote' ({{#cr:…}}), 'quoted' (a rule of the quoted block)
CREATE TABLE wiki_cr_refs (
    title         VARCHAR NOT NULL,
    position      INTEGER NOT NULL,
    kind          VARCHAR NOT NULL,
    rule          VARCHAR,
    level         INTEGER,
    section       VARCHAR,
    section_title VARCHAR,
    suffix        VARCHAR,
    cr_version    VARCHAR,
    text          VARCHAR
);
CREATE INDEX wiki_cr_refs_title ON wiki_cr_refs (title);

CREATE TABLE wiki_categories (
    title    VARCHAR NOT NULL,
    category VARCHAR NOT NULL
);
CREATE INDEX wiki_categories_title ON wiki_categories (title);

-- One crawl = one set of arguments; an unfinished crawl with the same signature resumes.
CREATE TABLE wiki_crawls (
    crawl_id    INTEGER PRIMARY KEY,
    base_url    VARCHAR NOT NULL,
    signature   VARCHAR NOT NULL,
    started_at  TIMESTAMP DEFAULT now(),
    finished_at TIMESTAMP
);

-- status: 'pending' | 'done' | 'unchanged' | 'failed' | 'missing' | 'redirect'
CREATE TABLE wiki_frontier (
    crawl_id   INTEGER NOT NULL,
    title      VARCHAR NOT NULL,
    depth      INTEGER NOT NULL,
    seq        BIGINT NOT NULL,
    status     VARCHAR NOT NULL,
    error      VARCHAR,
    updated_at TIMESTAMP DEFAULT now(),
    PRIMARY KEY (crawl_id, title)
);

CREATE TABLE http_cache (
    url           VARCHAR PRIMARY KEY,
    status        INTEGER,
    content_type  VARCHAR,
    etag          VARCHAR,
    last_modified VARCHAR,
    body          BLOB,
    fetched_at    TIMESTAMP
);

CREATE TABLE scryfall_bulk (
    bulk_type    VARCHAR PRIMARY KEY,
    updated_at   VARCHAR,
    download_uri VARCHAR,
    size         BIGINT,
    loaded_at    TIMESTAMP,
    records      BIGINT
);
