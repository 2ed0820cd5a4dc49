"""SQL that turns staged Scryfall JSON into ``cards``, ``card_faces`` and ``cards_ja`` rows.

Why in SQL: the loader stages each record's JSON text and DuckDB's JSON
functions (C++) pull out the columns, several times faster than building rows in
Python, which keeps a 100k-card load close to ``read_json``. Python still reads
every record first, to report a bad one by file and line. Each record's text is
parsed once (``json_extract_string`` with a list of paths) into a temporary
table, and every insert reads from that.

The staging table ``_stage(line, lang, oracle_id, raw)`` holds one batch.
Mapping rules (Scryfall conventions):
- ``oracle_text`` of a card with ``card_faces`` is the faces' texts joined with
  ``\\n//\\n``; colours, power, toughness and loyalty fall back to the front face
  (double-faced cards keep them on the faces).
- A card with no ``card_faces`` gets one face row (index 0) from its top level.
- A Japanese printing gives ``cards_ja`` rows: face -1 for the whole card
  (names joined with `` // ``, texts with ``\\n//\\n``) and one per face.
- Within a batch, the last English record of an ``oracle_id`` wins (the loader keeps
  only that one in the batch).
"""

from __future__ import annotations

FACE_JOIN = "\n//\n"
_SEP = "chr(10) || '//' || chr(10)"

_FACE_TYPE = (
    "'[{\"name\":\"VARCHAR\",\"mana_cost\":\"VARCHAR\",\"type_line\":\"VARCHAR\","
    "\"oracle_text\":\"VARCHAR\",\"power\":\"VARCHAR\",\"toughness\":\"VARCHAR\","
    "\"loyalty\":\"VARCHAR\",\"colors\":[\"VARCHAR\"],\"printed_name\":\"VARCHAR\","
    "\"printed_type_line\":\"VARCHAR\",\"printed_text\":\"VARCHAR\"}]'"
)
_LIST = "'[\"VARCHAR\"]'"

# s[1..]: scalar fields as text; n[1..]: nested fields as JSON.
_SCALARS = ("name", "layout", "mana_cost", "cmc", "type_line", "oracle_text", "power",
            "toughness", "loyalty", "set", "released_at", "source", "printed_name",
            "printed_type_line", "printed_text")
_NESTED = ("keywords", "colors", "color_identity", "card_faces")


def _s(field: str) -> str:
    return f"s[{_SCALARS.index(field) + 1}]"


def _n(field: str) -> str:
    return f"n[{_NESTED.index(field) + 1}]"


STAGE_PARSED = (
    "CREATE OR REPLACE TEMP TABLE _parsed AS "
    "SELECT oracle_id, lang, line, raw, may_tag, s, n, "
    f"coalesce(from_json({_n('card_faces')}, {_FACE_TYPE}), []) AS faces "
    "FROM (SELECT oracle_id, lang, line, raw, may_tag, "
    "json_extract_string(raw, [" + ", ".join(f"'$.{f}'" for f in _SCALARS) + "]) AS s, "
    "json_extract(raw, [" + ", ".join(f"'$.{f}'" for f in _NESTED) + "]) AS n "
    "FROM _stage)"
)

_JOINED_TEXT = (
    f"CASE WHEN len(faces) = 0 THEN {_s('oracle_text')} "
    "WHEN len(list_filter(faces, lambda f: coalesce(f.oracle_text, '') <> '')) = 0 THEN NULL "
    f"ELSE array_to_string(list_transform(faces, lambda f: coalesce(f.oracle_text, '')), {_SEP}) "
    "END"
)

CARD_SELECT = (
    f"SELECT oracle_id, {_s('name')}, {_s('layout')}, {_s('mana_cost')}, "
    f"TRY_CAST({_s('cmc')} AS DOUBLE), {_s('type_line')}, {_JOINED_TEXT}, "
    f"from_json({_n('keywords')}, {_LIST}), "
    f"coalesce(from_json({_n('colors')}, {_LIST}), faces[1].colors), "
    f"from_json({_n('color_identity')}, {_LIST}), "
    f"coalesce({_s('power')}, faces[1].power), coalesce({_s('toughness')}, faces[1].toughness), "
    f"coalesce({_s('loyalty')}, faces[1].loyalty), {_s('set')}, "
    f"TRY_CAST({_s('released_at')} AS DATE), NULL, NULL, NULL, {_s('source')}, raw, line "
    "FROM _parsed WHERE lang = 'en'"
)
FACE_SELECT = (
    "SELECT oracle_id, i - 1, f.name, f.mana_cost, f.type_line, f.oracle_text, f.power, "
    "f.toughness, f.loyalty, NULL, NULL, NULL, line "
    "FROM (SELECT oracle_id, line, unnest(range(1, len(faces) + 1)) AS i, unnest(faces) AS f "
    "      FROM _parsed WHERE lang = 'en' AND len(faces) > 0) "
    "UNION ALL "
    f"SELECT oracle_id, 0, {_s('name')}, {_s('mana_cost')}, {_s('type_line')}, "
    f"{_s('oracle_text')}, {_s('power')}, {_s('toughness')}, {_s('loyalty')}, NULL, NULL, NULL, "
    "line FROM _parsed WHERE lang = 'en' AND len(faces) = 0"
)


# English cards arrive as one Arrow table read from their JSON lines (db.card_rows):
# _en_json, one row per card, its faces a list of structs; the same mapping as above.
_EN_JOINED_TEXT = (
    "CASE WHEN len(coalesce(card_faces, [])) = 0 THEN oracle_text "
    "WHEN len(list_filter(card_faces, lambda f: coalesce(f.oracle_text, '') <> '')) = 0 "
    "THEN NULL "
    f"ELSE array_to_string(list_transform(card_faces, lambda f: coalesce(f.oracle_text, '')), "
    f"{_SEP}) END"
)
EN_CARD_SELECT = (
    f"SELECT oracle_id, name, layout, mana_cost, cmc, type_line, {_EN_JOINED_TEXT}, keywords, "
    "coalesce(colors, card_faces[1].colors), color_identity, "
    "coalesce(power, card_faces[1].power), coalesce(toughness, card_faces[1].toughness), "
    "coalesce(loyalty, card_faces[1].loyalty), \"set\", TRY_CAST(released_at AS DATE), NULL, "
    "NULL, NULL, source, data, line, may_tag FROM _en_json"
)
EN_FACE_SELECT = (
    "SELECT oracle_id, (i - 1)::INTEGER, f.name, f.mana_cost, f.type_line, f.oracle_text, "
    "f.power, f.toughness, f.loyalty, NULL, NULL, NULL, line "
    "FROM (SELECT oracle_id, line, unnest(range(1, len(card_faces) + 1)) AS i, "
    "      unnest(card_faces) AS f FROM _en_json WHERE len(card_faces) > 0) "
    "UNION ALL "
    "SELECT oracle_id, 0, name, mana_cost, type_line, oracle_text, power, toughness, loyalty, "
    "NULL, NULL, NULL, line FROM _en_json WHERE len(coalesce(card_faces, [])) = 0"
)
EN_STAGED_CARDS = "INSERT INTO _load_cards " + EN_CARD_SELECT
EN_STAGED_FACES = "INSERT INTO _load_faces " + EN_FACE_SELECT


def _joined(field: str, sep: str) -> str:
    """A face field joined over faces, or NULL when no face has it."""
    return (
        f"CASE WHEN len(list_filter(faces, lambda f: coalesce(f.{field}, '') <> '')) > 0 THEN "
        f"array_to_string(list_transform(faces, lambda f: coalesce(f.{field}, '')), {sep}) END"
    )


# Japanese printings: several may share an oracle_id; the first non-empty value of each
# field wins (ON CONFLICT keeps what is stored, fills only what is missing).
_JA_ROWS = (
    f"SELECT oracle_id, -1 AS face_index, "
    f"coalesce({_s('printed_name')}, {_joined('printed_name', repr(' // '))}) AS name_ja, "
    f"coalesce({_s('printed_type_line')}, {_joined('printed_type_line', repr(' // '))}) "
    "AS type_line_ja, "
    f"coalesce({_s('printed_text')}, {_joined('printed_text', _SEP)}) AS text_ja, line "
    "FROM _parsed WHERE lang = 'ja' "
    "UNION ALL "
    "SELECT oracle_id, i - 1, f.printed_name, f.printed_type_line, f.printed_text, line "
    "FROM (SELECT oracle_id, line, unnest(range(1, len(faces) + 1)) AS i, unnest(faces) AS f "
    "      FROM _parsed WHERE lang = 'ja' AND len(faces) > 0) "
    "UNION ALL "
    f"SELECT oracle_id, 0, {_s('printed_name')}, {_s('printed_type_line')}, "
    f"{_s('printed_text')}, line FROM _parsed WHERE lang = 'ja' AND len(faces) = 0"
)


def upsert_ja(rows_sql: str) -> str:
    """Fold Japanese rows ``(oracle_id, face_index, name_ja, type_line_ja, text_ja, line)``
    into ``cards_ja``: per field, the first non-empty value wins."""
    return (
        "INSERT INTO cards_ja "
        "SELECT oracle_id, face_index, "
        "first(name_ja ORDER BY line) FILTER (WHERE name_ja IS NOT NULL), "
        "first(type_line_ja ORDER BY line) FILTER (WHERE type_line_ja IS NOT NULL), "
        "first(text_ja ORDER BY line) FILTER (WHERE coalesce(text_ja, '') <> '') "
        "FROM (" + rows_sql + ") GROUP BY oracle_id, face_index "
        "ON CONFLICT DO UPDATE SET "
        "name_ja = COALESCE(cards_ja.name_ja, excluded.name_ja), "
        "type_line_ja = COALESCE(cards_ja.type_line_ja, excluded.type_line_ja), "
        "text_ja = COALESCE(cards_ja.text_ja, excluded.text_ja)"
    )

# A file's rows reach the real tables in one statement per table, once the whole file is read:
# a real table then takes one large append per load, which DuckDB writes out as full row groups
# while the statement runs (db.store.ROW_GROUP_SIZE); a delete and an insert per batch left a
# partial row group per batch, which every later checkpoint rewrote (0.4 s for 100k cards,
# paid when the database closed). A file smaller than db.load.STAGED_FROM_BYTES keeps its
# English rows as Arrow tables (ARROW_MERGE) and its Japanese ones in a TEMP table, inside its
# one transaction; a larger one uses committed scratch tables under a memory limit
# (STAGED_MERGE), and only the final move is one transaction. Either way the real tables see
# all of a file or none of it; an interrupted load leaves only scratch tables, dropped by the
# next load. The loader keeps one record per oracle_id (a later record of a card replaces the
# earlier one's rows: SCRATCH_FORGET_*, db.load._CardBatch.english_rows), so the move needs no
# de-duplication.
def scratch_create(temp: bool) -> tuple[str, ...]:
    """The scratch tables' DDL (TEMP ones for a load in one transaction, which keeps its
    English rows as Arrow tables instead: only the Japanese ones are staged)."""
    kind = "TEMP TABLE" if temp else "TABLE"
    ja = (f"CREATE OR REPLACE {kind} _load_ja (oracle_id VARCHAR, face_index INTEGER, "
          "name_ja VARCHAR, type_line_ja VARCHAR, text_ja VARCHAR, line BIGINT)")
    if temp:
        return (ja,)
    return (
        ja,
        f"CREATE OR REPLACE {kind} _load_cards AS SELECT *, 0::BIGINT AS line, true AS may_tag "
        "FROM cards LIMIT 0",
        f"CREATE OR REPLACE {kind} _load_faces AS SELECT *, 0::BIGINT AS line FROM card_faces "
        "LIMIT 0",
    )


SCRATCH_FORGET_CARDS = (
    "DELETE FROM _load_cards WHERE oracle_id IN (SELECT oracle_id FROM _en_json)")
SCRATCH_FORGET_FACES = (
    "DELETE FROM _load_faces WHERE oracle_id IN (SELECT oracle_id FROM _en_json)")
STAGED_BATCH_JA = "INSERT INTO _load_ja " + _JA_ROWS

# The columns of cards and card_faces (migration 001), which the mapped rows take by name.
CARD_COLUMNS = ("oracle_id", "name", "layout", "mana_cost", "cmc", "type_line", "oracle_text",
                "keywords", "colors", "color_identity", "power", "toughness", "loyalty", "set",
                "released_at", "name_ja", "type_line_ja", "text_ja", "source", "data")
FACE_COLUMNS = ("oracle_id", "face_index", "name", "mana_cost", "type_line", "oracle_text",
                "power", "toughness", "loyalty", "name_ja", "type_line_ja", "text_ja")


def _named(select: str, columns: tuple[str, ...]) -> str:
    names = ", ".join(f'"{c}"' for c in columns)
    return f"SELECT * FROM ({select}) AS mapped({names})"


# The English rows of ``_en_json`` as relations shaped like cards and card_faces (with the
# record's line, and may_tag): what a load inserts, and what the search index of the load's
# cards is computed from (db.search_index.index_select), so both read one mapping.
EN_CARDS = _named(EN_CARD_SELECT, (*CARD_COLUMNS, "line", "may_tag"))
# The same rows for the search index (db.search_index.index_select(parsed=True)), without the
# JSON text: the fields the index would read from it, as pyarrow read them (db.card_rows),
# written as json_extract_string gives them (true/false for booleans).
EN_SEARCH_CARDS = _named(
    EN_CARD_SELECT.replace(" source, data, line, may_tag FROM _en_json", (
        " source, line, may_tag, [rarity, collector_number, CAST(is_funny AS VARCHAR), "
        "CAST(digital AS VARCHAR), CAST(is_token AS VARCHAR), defense, color_indicator[1], "
        "NULL], list_transform(card_faces, lambda f: struct_pack(colors := f.colors, "
        "defense := f.defense, color_indicator := f.color_indicator)) FROM _en_json")),
    (*(c for c in CARD_COLUMNS if c != "data"), "line", "may_tag", "_js", "_face_extra"))
EN_FACES = _named(EN_FACE_SELECT, (*FACE_COLUMNS, "line"))
_JA_COLUMNS = "j.name_ja, j.type_line_ja, j.text_ja"


def merge_sql(cards: str, faces: str, marks: str) -> tuple[str, ...]:
    """Move a file's rows into the real tables (in the file's transaction): ``cards`` and
    ``faces`` are relations shaped like cards and card_faces (plus ``line``, and ``may_tag``
    for cards), one row set per oracle_id; ``marks`` the (oracle_id, may_tag) rows to mark
    for tagging. Japanese first, so that the cards and faces take theirs as they are
    inserted (an UPDATE of just-written rows costs more than the insert)."""
    return (
        upsert_ja("SELECT * FROM _load_ja"),
        f"DELETE FROM cards WHERE oracle_id IN (SELECT oracle_id FROM {marks})",
        "INSERT INTO cards BY NAME SELECT c.* EXCLUDE (line, may_tag, name_ja, type_line_ja, "
        f"text_ja), {_JA_COLUMNS} FROM {cards} c "
        "LEFT JOIN cards_ja j ON j.oracle_id = c.oracle_id AND j.face_index = -1",
        f"DELETE FROM card_faces WHERE oracle_id IN (SELECT oracle_id FROM {marks})",
        "INSERT INTO card_faces BY NAME SELECT f.* EXCLUDE (line, name_ja, type_line_ja, "
        f"text_ja), {_JA_COLUMNS} FROM {faces} f "
        "LEFT JOIN cards_ja j ON j.oracle_id = f.oracle_id AND j.face_index = f.face_index",
    )


def mark_untagged(marks: str) -> str:
    """Mark every card of the file (and every card given Japanese text) for tagging."""
    return (f"INSERT INTO cards_untagged SELECT oracle_id, may_tag FROM {marks} "
            "UNION ALL SELECT oracle_id, true FROM _load_ja")


# A file read into scratch tables (a large file), and one kept as Arrow tables (db.load).
STAGED_MERGE = (*merge_sql("_load_cards", "_load_faces", "_load_cards"),
                mark_untagged("_load_cards"))
ARROW_MERGE = merge_sql(f"({EN_CARDS})", f"({EN_FACES})", "_en_json")
ARROW_MARK_UNTAGGED = mark_untagged("_en_json")
# A file whose English cards the loader tagged as it read them (``_stream_tags``, their rows):
# their tags are stored with them, and only the cards with Japanese text (which the loader's
# tags did not see) are marked for the tagging step.
STREAM_TAGS = (
    "DELETE FROM card_mechanics WHERE oracle_id IN (SELECT oracle_id FROM _en_json)",
    "INSERT INTO card_mechanics SELECT * FROM _stream_tags "
    "WHERE oracle_id NOT IN (SELECT oracle_id FROM cards_ja)",
    "INSERT INTO cards_untagged SELECT oracle_id, true FROM _en_json "
    "WHERE oracle_id IN (SELECT oracle_id FROM cards_ja) "
    "UNION ALL SELECT oracle_id, true FROM _load_ja",
)
STAGED_DROP = ("DROP TABLE IF EXISTS _load_cards", "DROP TABLE IF EXISTS _load_faces",
               "DROP TABLE IF EXISTS _load_ja", "DROP TABLE IF EXISTS _load_ids",
               "DROP TABLE IF EXISTS _load_search")

DROP_PARSED = "DROP TABLE IF EXISTS _parsed"

# Every card a batch changes (English or Japanese) is to be tagged again (pipeline.tag_pending);
# an id may be marked several times (the tagging step reads them with bool_or); may_tag is
# false only for an English record that classifier.may_have_tags turned away and
# that has no Japanese printing stored: such a card certainly has no tag.
MARK_UNTAGGED_JA = (
    "UPDATE cards_untagged SET may_tag = true WHERE NOT may_tag "
    "AND oracle_id IN (SELECT oracle_id FROM cards_ja)"
)

APPLY_JA_CARDS = (
    "UPDATE cards SET name_ja = j.name_ja, type_line_ja = j.type_line_ja, text_ja = j.text_ja "
    "FROM cards_ja j WHERE j.oracle_id = cards.oracle_id AND j.face_index = -1 "
    "AND (cards.name_ja IS DISTINCT FROM j.name_ja OR cards.text_ja IS DISTINCT FROM j.text_ja "
    "OR cards.type_line_ja IS DISTINCT FROM j.type_line_ja)"
)

APPLY_JA_FACES = (
    "UPDATE card_faces SET name_ja = j.name_ja, type_line_ja = j.type_line_ja, "
    "text_ja = j.text_ja FROM cards_ja j WHERE j.oracle_id = card_faces.oracle_id "
    "AND j.face_index = card_faces.face_index "
    "AND (card_faces.name_ja IS DISTINCT FROM j.name_ja "
    "OR card_faces.text_ja IS DISTINCT FROM j.text_ja "
    "OR card_faces.type_line_ja IS DISTINCT FROM j.type_line_ja)"
)
