-- cards.data uncompressed (issue 13, load speed). The web API serves the Scryfall JSON of a
-- page of scattered cards from here: zstd costs a whole block's decompression per card read
-- (~50 ms for 175 cards on 100k), uncompressed ~8 ms; so the search index no longer keeps a
-- copy of its own (sorting that copy into name order was half the cost of writing the index
-- at each load). DuckDB sets a column's compression when the table is made, so the table is
-- made again, with the same columns and key (001) and the same rows.
CREATE TABLE cards_009 (
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
    data           VARCHAR USING COMPRESSION uncompressed
);
INSERT INTO cards_009 SELECT * FROM cards;
DROP TABLE cards;
ALTER TABLE cards_009 RENAME TO cards;
