"""The search index: ``card_search``, one row per card, prepared once per load.

Why a table: a query must answer in tens of milliseconds on 100k cards. Scanning
``cards`` and running a correlated subquery into ``card_faces`` per row (and
lowercasing, stripping reminder text, reading JSON) for every query cannot; doing that
work once, when the cards change, and storing the result as plain columns turns a query
into one vectorised scan of one table.

What each column holds is described in ``db/migrations/008_card_search.sql``. The rules
that shape it (Scryfall's conventions):

- Text is lowercased; a card's faces are joined with a newline, so a search term (which
  holds no control character) never spans two faces, and a regular expression, which is
  newline-sensitive as on Scryfall, sees each face as its own paragraphs.
- ``oracle`` has reminder text (parenthesised, also the full-width ``（…）`` of Japanese
  printings) removed; ``full_oracle`` keeps it (Scryfall's ``o:`` and ``fo:``).
- ``oracle_self`` writes the card's own name as ``~`` (the full name, the face's name, the
  short name of a legendary card before its comma, and "this spell"/"this creature"...),
  so that ``o:"~ deals"`` finds every card dealing damage by its own name.
- Colours are bit masks (W=1 U=2 B=4 R=8 G=16); ``color_masks`` lists the card's colours
  and each face's, so "any face matches" is one list test.
- Power, toughness, loyalty and defence are numbers per face (``*`` counts as 0 and
  ``1+*`` as 1, as Scryfall compares them; other non-numbers are NULL).

Freshness: :func:`refresh` records a :func:`stamp` of the tables it read. The loader calls
:func:`refresh` at the end of every load; a search that finds the stamp out of date (cards
changed by other means, a database from an older mtgkit) rebuilds the index first, or,
on a read-only connection, builds a temporary one for its own session.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources

import duckdb

_COLOURS = "WUBRG"

# Every subtype/type word of a face's type line that makes it a permanent or a spell
# (CR 110.4 permanents; 300.1 card types; lands are not cast).
_PERMANENT_TYPES = r"\b(artifact|battle|creature|enchantment|land|planeswalker)\b"
_SPELL_TYPES = (r"\b(artifact|battle|creature|enchantment|instant|kindred|tribal|planeswalker|"
                r"sorcery)\b")
# "this spell", "this creature"... : how current Oracle text names its own card.
_SELF_WORDS = (r"\bthis (spell|creature|artifact|enchantment|land|planeswalker|permanent|card|"
               r"battle|vehicle|aura|equipment|saga|class|case|room|siege)\b")
# Reminder text: English (parentheses) and Japanese (full-width parentheses).
_REMINDER = r"[ \t]*[(（][^()（）]*[)）]"


def _mask(colours: str) -> str:
    """SQL for the bit mask of a VARCHAR[] of colour letters (NULL -> 0)."""
    parts = [f"(coalesce(list_contains({colours}, '{ch}'), false))::UTINYINT * {1 << i}"
             for i, ch in enumerate(_COLOURS)]
    return "(" + " + ".join(parts) + ")::UTINYINT"


def _number(value: str) -> str:
    """SQL for a printed power/toughness/loyalty as a number: '3' -> 3, '*' -> 0, '1+*' -> 1."""
    return (
        f"CASE WHEN regexp_full_match({value}, '[+-]?[0-9]+(\\.[0-9]+)?') "
        f"THEN TRY_CAST({value} AS DOUBLE) "
        f"WHEN contains({value}, '*') "
        f"THEN coalesce(TRY_CAST(regexp_extract({value}, '^([+-]?[0-9]+)', 1) AS DOUBLE), 0) END"
    )


def _strip_reminder(text: str) -> str:
    """SQL that removes reminder text and the spaces it leaves at line ends (one pass: the
    second alternative keeps the line break it ends at)."""
    return f"regexp_replace({text}, '{_REMINDER}|[ \\t]+(\\n|$)', '\\1', 'g')"


def _tilde(text: str, name: str, card_name: str) -> str:
    """SQL writing the card's own name in ``text`` as ``~`` (longest names first)."""
    short = f"CASE WHEN contains({name}, ',') THEN split_part({name}, ',', 1) END"
    # (each replace only where the name occurs: a replace copies the text either way)
    out = f"CASE WHEN contains({text}, {card_name}) THEN replace({text}, {card_name}, '~') " \
          f"ELSE {text} END"
    out = (f"CASE WHEN contains({out}, coalesce({name}, chr(1))) "
           f"THEN replace({out}, coalesce({name}, chr(1)), '~') ELSE {out} END")
    out = (f"CASE WHEN {short} IS NULL OR length({short}) < 3 OR NOT contains({out}, {short}) "
           f"THEN {out} ELSE replace({out}, {short}, '~') END")
    # (the pattern only where it can match: most texts never say "this ...")
    return (f"CASE WHEN contains({out}, 'this ') "
            f"THEN regexp_replace({out}, '{_SELF_WORDS}', '~', 'g') ELSE {out} END")


# Top-level fields only the stored Scryfall object has, read in one parse of its text per
# card (a parse of 100k objects is the costliest part of the refresh: do it once). The first
# colour of ``color_indicator`` (NULL if it has none) and the ``card_faces`` array as JSON
# text (parsed again, small, only for cards with several faces) come out of the same parse.
_JSON_FIELDS = ("rarity", "collector_number", "is_funny", "digital", "is_token", "defense",
                "color_indicator[0]", "card_faces")


def _j(field: str) -> str:
    return f"js[{_JSON_FIELDS.index(field) + 1}]"


_FACE_JSON = '[{"colors":["VARCHAR"],"defense":"VARCHAR","color_indicator":["VARCHAR"]}]'

# One row per face with its prepared values. The aggregates below are unordered on
# purpose: no search depends on the order of faces, and ordered aggregates cost 3x more.
def _faces_sql(cards: str, faces: str) -> str:
    return f"""
SELECT *, {_tilde('oracle_lc', 'name_lc', 'card_lc')} AS self_lc
FROM (SELECT f.oracle_id, f.face_index, lower(c.name) AS card_lc,
             lower(f.name) AS name_lc, lower(f.name_ja) AS name_ja_lc,
             lower(f.type_line) AS type_lc, lower(f.type_line_ja) AS type_ja_lc,
             lower(f.oracle_text) AS text_lc, lower(f.text_ja) AS text_ja_lc,
             {_strip_reminder('lower(f.oracle_text)')} AS oracle_lc,
             {_strip_reminder('lower(f.text_ja)')} AS oracle_ja_lc,
             nullif(lower(f.mana_cost), '') AS mana_lc,
             {_number('f.power')} AS pow, {_number('f.toughness')} AS tou,
             {_number('f.loyalty')} AS loy
      FROM {faces} f JOIN {cards} c USING (oracle_id))
"""


def _face_agg_sql(cards: str, faces: str) -> str:
    return f"""
SELECT oracle_id,
       list(name_lc) FILTER (WHERE name_lc IS NOT NULL) AS face_names,
       list(name_ja_lc) FILTER (WHERE name_ja_lc IS NOT NULL) AS face_names_ja,
       string_agg(type_lc, chr(10)) AS types_en,
       string_agg(type_ja_lc, chr(10)) AS types_ja,
       string_agg(text_lc, chr(10)) AS full_en,
       string_agg(text_ja_lc, chr(10)) AS full_ja,
       string_agg(oracle_lc, chr(10)) AS oracle_en,
       string_agg(oracle_ja_lc, chr(10)) AS oracle_ja,
       string_agg(self_lc, chr(10)) AS oracle_self,
       string_agg(mana_lc, ' // ') AS mana,
       list(struct_pack(i := face_index, pow := pow, tou := tou, loy := loy)) AS stats0,
       bool_or(regexp_matches(coalesce(type_lc, ''), '{_PERMANENT_TYPES}')) AS is_permanent,
       bool_or(regexp_matches(coalesce(type_lc, ''), '{_SPELL_TYPES}')
               AND NOT regexp_matches(coalesce(type_lc, ''), '\\bland\\b')) AS is_spell,
       bool_or(contains(coalesce(type_lc, ''), 'creature')) AS any_creature,
       bool_and(coalesce(text_lc, '') = '') AS no_text
FROM ({_faces_sql(cards, faces)}) GROUP BY oracle_id
"""

# The faces as a result shows them, in order: only for cards with more than one face
# (a single-faced card has no card_faces, as on Scryfall). list_sort orders the structs by
# their first field, face_index: several times cheaper than an ordered aggregate.
def _display_faces_sql(faces: str) -> str:
    return f"""
SELECT oracle_id, list_sort(list(struct_pack(face_index := face_index, name := name,
       mana_cost := mana_cost, type_line := type_line, oracle_text := oracle_text,
       power := power, toughness := toughness, loyalty := loyalty, name_ja := name_ja,
       type_line_ja := type_line_ja, text_ja := text_ja))) AS faces
FROM {faces} f
WHERE oracle_id IN (SELECT oracle_id FROM {faces} f WHERE face_index > 0)
GROUP BY oracle_id
"""

_LINES_ARE_KEYWORDS = (
    # every comma- or semicolon-separated item of every line starts with one of the card's
    # keywords ("flying, first strike", "protection from red", "equip {3}")
    "list_bool_and(list_transform("
    "  list_filter(string_split_regex(coalesce(oracle_en, ''), '[\\n,;]'), "
    "              lambda item: trim(item) <> ''), "
    "  lambda item: list_bool_or(list_transform(kw, lambda k: starts_with(trim(item), k)))))"
)

_NAMES = ("list_distinct(list_filter([lower(name), lower(name_ja)] "
          "|| coalesce(face_names, []) || coalesce(face_names_ja, []), "
          "lambda x: x IS NOT NULL))")
_JSON_PATHS = ", ".join(f"'$.{f}'" for f in _JSON_FIELDS)

_FACE_COLOURS = "list_concat(colors, flatten(list_transform(face_colors, lambda f: f.colors)))"

def index_select(cards: str = "cards", faces: str = "card_faces", *, ordered: bool = True,
                 parsed: bool = False) -> str:
    """The SELECT of ``card_search`` rows from relations shaped as ``cards`` and
    ``card_faces`` (the tables themselves, or a load's rows before they are stored: one
    definition of the index for both), in the index's order when ``ordered``.

    The few fields only the Scryfall object has (:data:`_JSON_FIELDS`) are read from its JSON
    text (``data``), or with ``parsed`` from the two columns the loader read them into
    (db.card_sql.EN_SEARCH_CARDS): ``_js``, the same values as text in the same order, and
    ``_face_extra``, each face's colours, defence and colour indicator."""
    order = "ORDER BY sort_name, oracle_id" if ordered else ""
    return f"""
SELECT oracle_id,
       lower(name) AS sort_name,
       chr(10) || array_to_string({_NAMES}, chr(10)) || chr(10) AS names,
       concat_ws(chr(10), coalesce(types_en, lower(type_line)),
                 coalesce(types_ja, lower(type_line_ja))) AS types,
       concat_ws(chr(10), oracle_en,
                 coalesce(oracle_ja, {_strip_reminder('lower(text_ja)')})) AS oracle,
       nullif(oracle_self, oracle_en) AS oracle_self,
       CASE WHEN full_en IS NOT DISTINCT FROM oracle_en
                 AND coalesce(full_ja, lower(text_ja)) IS NOT DISTINCT FROM
                     coalesce(oracle_ja, {_strip_reminder('lower(text_ja)')})
            THEN NULL  -- (no reminder text: the same as oracle)
            ELSE concat_ws(chr(10), full_en, coalesce(full_ja, lower(text_ja))) END
           AS full_oracle,
       kw AS keywords,
       CASE WHEN face_colors IS NULL THEN {_mask('colors')}
            ELSE {_mask(_FACE_COLOURS)}
            END AS color_mask,
       {_mask('color_identity')} AS identity_mask,
       cmc,
       list_transform(coalesce(stats0, []), lambda s: struct_pack(
           pow := s.pow, tou := s.tou, loy := s.loy,
           def := {_number("coalesce(face_colors[s.i + 1].defense, " + _j('defense') + ")")}))
           AS stats,
       coalesce(mana, nullif(lower(mana_cost), '')) AS mana,
       lower(layout) AS layout,
       lower("set") AS "set",
       lower({_j('collector_number')}) AS collector_number,
       lower({_j('rarity')}) AS rarity,
       released_at,
       (name_ja IS NOT NULL OR text_ja IS NOT NULL OR face_names_ja IS NOT NULL
        OR oracle_ja IS NOT NULL) AS has_ja,
       (indicator OR len(list_filter(coalesce(face_colors, []),
                         lambda f: len(coalesce(f.color_indicator, [])) > 0)) > 0)
           AS has_indicator,
       coalesce(is_permanent, false) AS is_permanent,
       coalesce(is_spell, false) AS is_spell,
       coalesce(any_creature AND no_text, false) AS is_vanilla,
       CASE WHEN any_creature AND NOT no_text AND len(coalesce(kw, [])) > 0
            THEN coalesce({_LINES_ARE_KEYWORDS}, false) ELSE false END AS is_frenchvanilla,
       coalesce(lower({_j('is_funny')}) = 'true', false) AS is_funny,
       coalesce(lower({_j('digital')}) = 'true', false) AS is_digital,
       coalesce(lower({_j('is_token')}) = 'true'
                OR lower(layout) IN ('token', 'double_faced_token'), false) AS is_token,
       name, name_ja, mana_cost, type_line, type_line_ja, oracle_text, text_ja,
       keywords AS keyword_names, colors, color_identity, power, toughness, loyalty,
       display_faces AS faces
FROM (
    SELECT c.oracle_id, c.name, c.name_ja, c.type_line, c.type_line_ja, c.text_ja, c.colors,
           c.color_identity, c.cmc, c.mana_cost, c.layout, c."set", c.released_at,
           c.oracle_text, c.keywords, c.power, c.toughness, c.loyalty, d.faces AS display_faces,
           g.* EXCLUDE (oracle_id),
           list_transform(c.keywords, lambda k: lower(k)) AS kw,
           {"c._js" if parsed else f"json_extract_string(c.data, [{_JSON_PATHS}])"} AS js,
           {_j('color_indicator[0]')} IS NOT NULL AS indicator,
           CASE WHEN len(coalesce(g.face_names, [])) > 1
                THEN {"c._face_extra" if parsed else
                      f"TRY(from_json({_j('card_faces')}, '{_FACE_JSON}'))"}
                END AS face_colors
    FROM {cards} c LEFT JOIN ({_face_agg_sql(cards, faces)}) g USING (oracle_id)
    LEFT JOIN ({_display_faces_sql(faces)}) d USING (oracle_id)
) jx
{order}
"""


_SELECT = index_select()

_STAMP = (
    "SELECT concat_ws('/', (SELECT count(*) FROM cards), (SELECT count(*) FROM card_faces), "
    "(SELECT count(*) FROM cards_ja), "
    "(SELECT count(*) FROM loaded_files WHERE kind = 'cards'), "
    "(SELECT coalesce(max(loaded_at)::VARCHAR, '') FROM loaded_files WHERE kind = 'cards'))"
)


# Bump when the index's columns or their preparation change: a stored index of another
# version is rebuilt by the next search, like a stale one.
INDEX_VERSION = 6


def stamp(con: duckdb.DuckDBPyConnection) -> str:
    """A cheap fingerprint of what the index is built from (its version, row counts, the
    last card load)."""
    return f"v{INDEX_VERSION}/" + con.execute(_STAMP).fetchone()[0]


# The refresh runs under a memory limit of its own (unless DuckDB's is lower already): its
# sort of every card's wide row once about doubled a 100k-card build's peak memory (when the
# rows held the card's JSON); under the limit DuckDB spills what does not fit to its
# temporary directory.
INDEX_MEMORY_LIMIT = os.environ.get("MTGKIT_INDEX_MEMORY", "512MB")
_SIZE = re.compile(r"\s*([0-9.]+)\s*(bytes?|[KMGTP]i?B)?\s*", re.IGNORECASE)
_UNITS = {"": 1, "byte": 1, "bytes": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
          "pb": 10**15, "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40, "pib": 2**50}


def _bytes(size: str) -> float | None:
    """``'512MB'``, ``'18.8 GiB'`` (DuckDB's spellings) in bytes; None if not a size."""
    match = _SIZE.fullmatch(size)
    if match is None:
        return None
    return float(match.group(1)) * _UNITS[(match.group(2) or "").lower()]


@contextmanager
def _memory_capped(con: duckdb.DuckDBPyConnection, limit: str) -> Iterator[None]:
    """DuckDB's memory limit lowered to ``limit`` for the block (never raised), then restored."""
    before = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
    wanted, current = _bytes(limit), _bytes(before)
    if wanted is None or (current is not None and current <= wanted):
        yield
        return
    con.execute("SET memory_limit = ?", [limit])
    try:
        yield
    finally:  # the default exactly (the setting as text is rounded), else the same text
        con.execute("RESET memory_limit")
        if con.execute("SELECT current_setting('memory_limit')").fetchone()[0] != before:
            con.execute("SET memory_limit = ?", [before])


def refresh(con: duckdb.DuckDBPyConnection) -> int:
    """Rebuild ``card_search`` from the card tables; returns the number of cards indexed.

    Run it inside the caller's transaction (the loader's): the index then changes exactly
    when the cards do. The whole table is rebuilt: one set-oriented statement over 100k
    cards costs well under a second, less than tracking which cards a load touched.
    """
    if _column_set(con) != _columns():  # a table made by an older 008 (before a column was added)
        con.execute(_schema().replace("CREATE TABLE", "CREATE OR REPLACE TABLE"))
    con.execute("DELETE FROM card_search")
    with _memory_capped(con, INDEX_MEMORY_LIMIT):
        con.execute(f"INSERT INTO card_search BY NAME ({_SELECT})")
    return _write_stamp(con)


# A load keeps the index current itself, without recomputing the cards it did not touch
# (db.load, in the file's transaction): each batch's rows are computed from the batch as it
# is read (in the loader's writer thread, while Python checks the next batch) into
# ``_load_search``; once the file's cards are stored, the index is the old rows of the cards
# the file left alone, the batch rows, and the rows of the cards whose Japanese text the
# file changed (or that have any: the batch rows are computed without it) recomputed from
# the tables. Written in name order, as refresh writes it; tests/db/test_db_build_index.py
# checks that the result equals a full refresh.
LOAD_ROWS = "_load_search"


def load_start(con: duckdb.DuckDBPyConnection) -> bool:
    """Before a load: whether the index can be kept current by the load (it is current, or
    the database holds no card yet); if so, ``_load_search`` is ready for batch rows."""
    empty = con.execute("SELECT (SELECT count(*) FROM cards) = 0 AND "
                        "(SELECT count(*) FROM card_search) = 0").fetchone()[0]
    if empty:  # (made afresh: an empty table of an older mtgkit may lack a column)
        con.execute(_schema().replace("CREATE TABLE", "CREATE OR REPLACE TABLE"))
    elif not is_current(con):  # the stamp names the index version, so its columns too
        return False
    con.execute(f"CREATE OR REPLACE TEMP TABLE {LOAD_ROWS} AS SELECT * FROM card_search LIMIT 0")
    return True


def load_batch_sql(cards: str, faces: str) -> str:
    """The INSERT of a batch's index rows into ``_load_search``, from relations shaped like
    cards and card_faces (db.card_sql.EN_SEARCH_CARDS, EN_FACES): each is read once."""
    return (f"INSERT INTO {LOAD_ROWS} BY NAME WITH _bc AS MATERIALIZED ({cards}), "
            f"_bf AS MATERIALIZED ({faces}) "
            + index_select("_bc", "_bf", ordered=False, parsed=True))


def load_forget_sql(oracle_ids: str) -> str:
    """Drop the batch rows of cards a later record replaces (``oracle_ids``: a relation)."""
    return f"DELETE FROM {LOAD_ROWS} WHERE oracle_id IN (SELECT oracle_id FROM {oracle_ids})"


def load_finish(con: duckdb.DuckDBPyConnection, ja_ids: str) -> int:
    """After a load stored its cards (same transaction): the index from the old rows, the
    batch rows and the recomputed rows of the cards with Japanese text that ``ja_ids`` (a
    relation of oracle_ids the load gave Japanese text) or ``cards_ja`` name; returns the
    number of cards indexed."""
    con.execute(
        "CREATE OR REPLACE TEMP TABLE _reindex AS "
        f"SELECT oracle_id FROM {LOAD_ROWS} WHERE oracle_id IN "
        "(SELECT oracle_id FROM cards_ja) "
        f"UNION SELECT oracle_id FROM {ja_ids}")
    con.execute(
        "CREATE OR REPLACE TEMP TABLE _kept AS SELECT * FROM card_search WHERE oracle_id NOT IN "
        f"(SELECT oracle_id FROM {LOAD_ROWS}) "
        "AND oracle_id NOT IN (SELECT oracle_id FROM _reindex)")
    cards = "(SELECT * FROM cards WHERE oracle_id IN (SELECT oracle_id FROM _reindex))"
    faces = "(SELECT * FROM card_faces WHERE oracle_id IN (SELECT oracle_id FROM _reindex))"
    con.execute("DELETE FROM card_search")
    with _memory_capped(con, INDEX_MEMORY_LIMIT):
        con.execute(
            "INSERT INTO card_search BY NAME SELECT * FROM ("
            "SELECT * FROM _kept UNION ALL BY NAME "
            f"SELECT * FROM {LOAD_ROWS} WHERE oracle_id NOT IN (SELECT oracle_id FROM _reindex) "
            f"UNION ALL BY NAME ({index_select(cards, faces, ordered=False)})"
            ") ORDER BY sort_name, oracle_id")
    for table in ("_kept", "_reindex", LOAD_ROWS):
        con.execute(f"DROP TABLE IF EXISTS {table}")
    return _write_stamp(con)


def _write_stamp(con: duckdb.DuckDBPyConnection) -> int:
    con.execute("DELETE FROM card_search_state")
    con.execute("INSERT INTO card_search_state (stamp) VALUES (?)", [stamp(con)])
    return con.execute("SELECT count(*) FROM card_search").fetchone()[0]


def _column_set(con: duckdb.DuckDBPyConnection) -> frozenset[str]:
    """The columns the stored ``card_search`` has."""
    return frozenset(r[0] for r in con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE table_name = 'card_search' "
        "AND database_name = current_database() AND NOT internal").fetchall())


def is_current(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the index was built from the tables as they are now."""
    row = con.execute("SELECT max(stamp) FROM card_search_state").fetchone()
    return row is not None and row[0] == stamp(con)


def _schema() -> str:
    """The DDL of the index's tables (migration 008, the one description of its columns)."""
    return resources.files("db.migrations").joinpath("008_card_search.sql").read_text("utf-8")


def _column_names(schema: str) -> frozenset[str]:
    """The column names of ``card_search`` as ``schema`` makes it (run on a scratch
    in-memory database: DuckDB's own reading of the DDL, not a second parser)."""
    with duckdb.connect() as scratch:
        scratch.execute(schema)
        return frozenset(r[0] for r in scratch.execute(
            "SELECT column_name FROM duckdb_columns() WHERE table_name = 'card_search'"
        ).fetchall())


@cache
def _columns() -> frozenset[str]:
    """The columns this mtgkit's ``card_search`` has (worked out once, when first needed:
    not at import, which every command pays)."""
    return _column_names(_schema())


def build_temporary(con: duckdb.DuckDBPyConnection) -> None:
    """Build the index as TEMP tables, for a read-only connection whose stored index is
    stale or missing: DuckDB resolves ``card_search`` to the temporary table first."""
    schema = _schema()
    con.execute(schema.replace("CREATE TABLE", "CREATE OR REPLACE TEMP TABLE"))
    con.execute(f"INSERT INTO temp.card_search BY NAME ({_SELECT})")
    con.execute("INSERT INTO temp.card_search_state (stamp) VALUES (?)", [stamp(con)])
