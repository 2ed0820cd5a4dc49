-- Dungeon room graphs read from wiki pages (scraper/dungeon.py): one row per room, in
-- printed order, with the rooms its arrows lead to (empty for the last room). A page may
-- hold several dungeons (dungeon_index); dungeon_en/dungeon_ja are known when the graph
-- came from a ダンジョン card box. Rewritten with the page's other rows.
CREATE TABLE wiki_dungeon_rooms (
    title         VARCHAR NOT NULL,
    dungeon_index INTEGER NOT NULL,
    dungeon_en    VARCHAR,
    dungeon_ja    VARCHAR,
    position      INTEGER NOT NULL,
    room          VARCHAR NOT NULL,
    effect        VARCHAR,
    leads_to      VARCHAR[],
    source        VARCHAR   -- 'card' | 'text'
);
CREATE INDEX wiki_dungeon_rooms_title ON wiki_dungeon_rooms (title);
