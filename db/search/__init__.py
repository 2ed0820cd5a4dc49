"""Card search with Scryfall's syntax, on the prepared ``card_search`` index.

The one call the CLI, the export and the web app make::

    from db.search import search, QueryError
    page = search(store_or_connection, 't:creature or t:planeswalker', page=1, page_size=175)
    page.total, page.cards, page.has_more

How a query runs: :mod:`db.search.syntax` parses it into a tree (errors name the term
and its character position), :mod:`db.search.compile` and :mod:`db.search.keys` turn the
tree into one SQL condition over ``card_search`` with every value a bound parameter, and
this module runs it: one scan for the page's card ids and the total count, then one
small query for those cards' fields, faces and tags. The syntax is in docs/search.md.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import duckdb

from db import search_index
from db.search import keys
from db.search.compile import compile_tree
from db.search.regex import regex_terms, validate
from db.search.syntax import (
    MAX_DEPTH,
    MAX_QUERY_LENGTH,
    MAX_TERMS,
    And,
    Node,
    QueryError,
    Term,
    parse,
)
from db.store import cursor as new_cursor

__all__ = [
    "FETCH_BY_ROWID", "MAX_DEPTH", "MAX_PAGE", "MAX_PAGE_SIZE", "MAX_QUERY_LENGTH", "MAX_TERMS",
    "PAGE_SIZE", "Plan", "QueryError", "SearchPage", "ensure_index", "ensure_index_alongside",
    "find_cards", "parse",
    "plan", "search", "search_ids",
]

PAGE_SIZE = 175        # Scryfall's page size
MAX_PAGE_SIZE = 1000   # larger pages are refused (bounded memory per request)
MAX_PAGE = 1_000_000   # (page - 1) * page_size stays a small number

# The card fields every result carries (the columns of ``cards``), in this order.
CARD_FIELDS = ("oracle_id", "name", "name_ja", "layout", "mana_cost", "cmc", "type_line",
               "type_line_ja", "oracle_text", "text_ja", "keywords", "colors", "color_identity",
               "power", "toughness", "loyalty", "set", "released_at")


@dataclass
class SearchPage:
    """One page of results: ``total`` matching cards, ``cards`` on this page (dicts of
    :data:`CARD_FIELDS` plus ``rarity``, ``collector_number``, ``faces`` and ``tags``)."""

    total: int
    cards: list[dict[str, Any]] = field(default_factory=list)
    page: int = 1
    page_size: int = PAGE_SIZE

    @property
    def has_more(self) -> bool:
        return self.page * self.page_size < self.total


def _connection(con_or_store: Any) -> duckdb.DuckDBPyConnection:
    return getattr(con_or_store, "con", con_or_store)


# Read-only databases whose stored index was found current, by (path, size, mtime): nothing
# can change a database opened read-only (DuckDB locks writers out), so each is checked
# once per process, whichever connection or cursor asks (a web server's cursors too).
_CURRENT_FILES: set[tuple[str, int, int]] = set()
# Connections holding their own temporary index (read-only, stored index stale or absent).
_TEMP_BUILT: weakref.WeakKeyDictionary[duckdb.DuckDBPyConnection, bool] = \
    weakref.WeakKeyDictionary()


def _read_only_file(con: duckdb.DuckDBPyConnection) -> tuple[str, int, int] | None:
    """(path, size, mtime) of a read-only database file; None if writable or in memory."""
    row = con.execute("SELECT readonly, path FROM duckdb_databases() "
                      "WHERE database_name = current_database()").fetchone()
    if not row or not row[0] or not row[1]:
        return None
    try:
        stat = os.stat(row[1])
    except OSError:
        return None
    return (row[1], stat.st_size, stat.st_mtime_ns)


def ensure_index(con: duckdb.DuckDBPyConnection) -> None:
    """Make ``card_search`` current: nothing to do after a load (the loader refreshes it);
    otherwise rebuild it, or, on a read-only connection, build a temporary one (for that
    connection only: a read-only server should open a database whose index is current,
    which every load leaves)."""
    if _TEMP_BUILT.get(con):
        return
    key = _read_only_file(con)
    if key is not None and key in _CURRENT_FILES:
        return
    read_only = key is not None or _is_read_only(con)
    stored_current = _make_current(con, read_only)
    if read_only and stored_current and key is not None:
        _CURRENT_FILES.add(key)
    elif read_only and not stored_current:
        _TEMP_BUILT[con] = True


@contextmanager
def ensure_index_alongside(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Run :func:`ensure_index` in a background thread, on a cursor of ``con``, while the
    block runs; wait for it at the end (its error, if any, is raised there).

    Why: ``build`` rebuilds the index (DuckDB's work, without the GIL) and tags the cards
    (Python's) one after the other, though neither reads what the other writes: the index
    reads cards, faces and the Japanese texts, tagging writes card_mechanics and
    cards_untagged. Side by side they use both cores. The index refresh is one transaction
    of its own (on the cursor), so the outcome is the same as one after the other; on an
    error or Ctrl-C in the block the refresh is interrupted and rolled back (the index is
    then stale, and the next search or load rebuilds it, as after any interrupted load).
    """
    cursor = new_cursor(con)
    failed: list[BaseException] = []

    def refresh() -> None:
        try:
            ensure_index(cursor)
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            failed.append(exc)

    worker = threading.Thread(target=refresh, name="mtgkit-index", daemon=True)
    worker.start()
    try:
        try:
            yield
            worker.join()
        except BaseException:
            while worker.is_alive():  # interrupt, and wait for its rollback
                cursor.interrupt()
                worker.join(0.05)
            raise
    finally:
        cursor.close()
    if failed:
        raise failed[0]


def _is_read_only(con: duckdb.DuckDBPyConnection) -> bool:
    row = con.execute("SELECT readonly FROM duckdb_databases() "
                      "WHERE database_name = current_database()").fetchone()
    return bool(row and row[0])


def _make_current(con: duckdb.DuckDBPyConnection, read_only: bool) -> bool:
    """Bring the index up to date; True when the stored index was already current."""
    try:
        if search_index.is_current(con):
            return True
    except duckdb.CatalogException:  # a database from before the index (migration 008)
        if not read_only:
            raise
        search_index.build_temporary(con)
        return False
    if read_only:
        search_index.build_temporary(con)
        return False
    try:
        con.execute("BEGIN TRANSACTION")
    except duckdb.TransactionException:  # inside the caller's transaction: join it
        search_index.refresh(con)
        return False
    try:
        search_index.refresh(con)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return False


def prepare(query: str | None, extra: Sequence[Term] = ()) -> tuple[str, list[Any], keys.Options,
                                                                  list[Term]]:
    """Parse ``query`` and AND it with ``extra`` terms (the CLI's --mechanic, --name...):
    ``(where_sql, params, options, regex_terms)``."""
    tree = parse(query or "")
    items: list[Node] = list(extra)
    if tree is not None:
        items.append(tree)
    node: Node | None = None
    if len(items) == 1:
        node = items[0]
    elif items:
        node = And(tuple(items))
    options = keys.Options()
    sql, params = compile_tree(node, options)
    return sql, params, options, regex_terms(node) if node is not None else []


def _order_sql(options: keys.Options) -> str:
    """The ORDER BY. The index is written in (sort_name, oracle_id) order, so its row ids
    are that order and break ties (an integer top-N instead of one over strings)."""
    if options.order == "s.sort_name":
        return "s.rowid DESC" if options.descending else "s.rowid"
    direction = "DESC" if options.descending else "ASC"
    return f"{options.order} {direction} NULLS LAST, s.rowid"


_DISPLAY = ", ".join(
    ["s.keyword_names AS keywords" if f == "keywords" else f's."{f}"' for f in CARD_FIELDS]
    + ["s.rarity", "s.collector_number", "s.faces"]
)

_TAGS = (
    "SELECT m.oracle_id, list(struct_pack(mechanic := m.mechanic, role := m.role, "
    "face_index := m.face_index, evidence := m.evidence, lang := m.lang) "
    "ORDER BY m.mechanic, m.role, m.face_index, m.lang) "
    "FROM card_mechanics m WHERE m.oracle_id IN (SELECT unnest(?::VARCHAR[])) GROUP BY 1"
)


@dataclass(frozen=True)
class Plan:
    """The SQL a search runs (bench/search.py times the same statements in DuckDB alone).

    ``count``: the total. ``ids``: the page's row ids and card ids, in order (a top-N over
    a few narrow columns). ``FETCH_BY_ROWID`` then reads the display columns of just those
    rows: the index is stored in name order, so a page's rows sit together and DuckDB skips
    the rest by row id. ``page`` does both in one statement (used for long results).
    ``first``, when set, answers ``count`` and ``ids`` in one scan of the index (each text
    term is a scan of megabytes of text: doing it once matters).
    """

    count: tuple[str, list[Any]]
    ids: tuple[str, list[Any]]
    page: tuple[str, list[Any]]
    regexes: list[Term]
    # count and ids in one scan (name order, early pages): ``(total, [{r, o}, ...])``
    first: tuple[str, list[Any]] | None = None


FETCH_BY_ROWID = (f"SELECT s.rowid, {_DISPLAY} FROM card_search s "
                  "WHERE s.rowid BETWEEN ? AND ? AND list_contains(?::BIGINT[], s.rowid)")
_BY_ROWID_UP_TO = 1000  # longer results are read in one statement
_ONE_SCAN_UP_TO = 10_000  # pages ending later are found with count + ORDER BY ... LIMIT


def plan(
    query: str | None,
    *,
    extra: Sequence[Term] = (),
    limit: int | None = None,
    offset: int = 0,
) -> Plan:
    """Parse and compile ``query`` (and ``extra`` terms) into the statements of a search."""
    where, params, options, regexes = prepare(query, extra)
    order = _order_sql(options)
    window = ""
    bounds: list[Any] = []
    if limit is not None:
        window = " LIMIT ? OFFSET ?"
        bounds = [int(limit), int(offset)]
    return Plan(
        count=(f"SELECT count(*) FROM card_search s WHERE {where}", list(params)),
        ids=(f"SELECT s.rowid, s.oracle_id FROM card_search s WHERE {where} ORDER BY {order}"
             + window, [*params, *bounds]),
        page=(f"SELECT {_DISPLAY} FROM card_search s WHERE {where} ORDER BY {order}" + window,
              [*params, *bounds]),
        regexes=regexes,
        first=_first(where, params, options, limit, offset),
    )


def _first(where: str, params: list[Any], options: keys.Options, limit: int | None,
           offset: int) -> tuple[str, list[Any]] | None:
    """The one-scan statement: the total and the first ``offset + limit`` (row id, card id)
    in name order, by min_by's bounded heap (so it costs at most that many entries)."""
    if limit is None or options.order != "s.sort_name" or offset + limit > _ONE_SCAN_UP_TO:
        return None
    pick = "max_by" if options.descending else "min_by"
    return (f"SELECT count(*), {pick}(struct_pack(r := s.rowid, o := s.oracle_id), s.rowid, ?) "
            f"FROM card_search s WHERE {where}", [int(offset + limit), *params])


def _rows_to_cards(cursor: duckdb.DuckDBPyConnection, skip: int = 0) -> list[dict[str, Any]]:
    names = [d[0] for d in cursor.description][skip:]
    cards = []
    for row in cursor.fetchall():
        card = dict(zip(names, row[skip:], strict=True))
        card["faces"] = card["faces"] or []
        if card.get("released_at") is not None:
            card["released_at"] = card["released_at"].isoformat()
        cards.append(card)
    return cards


def _fetch_page(con: duckdb.DuckDBPyConnection, steps: Plan,
                rows: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """The page's cards (``rows``: their row ids and card ids, in order): by row id when
    the page is short, else in one statement."""
    if not rows:
        return []
    if len(rows) > _BY_ROWID_UP_TO:
        return _rows_to_cards(con.execute(*steps.page))
    rowids = [r[0] for r in rows]
    cursor = con.execute(FETCH_BY_ROWID, [min(rowids), max(rowids), rowids])
    by_rowid = {}
    names = [d[0] for d in cursor.description]
    for row in cursor.fetchall():
        by_rowid[row[0]] = row
    ordered = [by_rowid.get(rid) for rid in rowids]
    if any(r is None or r[1] != oid for r, (_, oid) in zip(ordered, rows, strict=True)):
        # the index changed between the two statements: read the page in one
        return _rows_to_cards(con.execute(*steps.page))
    cards = []
    for row in ordered:
        card = dict(zip(names[1:], row[1:], strict=True))  # type: ignore[index]
        card["faces"] = card["faces"] or []
        if card.get("released_at") is not None:
            card["released_at"] = card["released_at"].isoformat()
        cards.append(card)
    return cards


def find_cards(
    con: duckdb.DuckDBPyConnection,
    query: str | None,
    *,
    extra: Sequence[Term] = (),
    limit: int | None = None,
    offset: int = 0,
    count: bool = True,
) -> tuple[list[dict[str, Any]], int | None]:
    """Matching cards (``limit`` of them from ``offset``, in the query's order) as result
    dicts, and the total number of matches (None when ``count`` is False)."""
    steps = plan(query, extra=extra, limit=limit, offset=offset)
    ensure_index(con)  # after parsing: a query that cannot be read costs no index build
    validate(con, steps.regexes)
    if limit is None:
        total = int(con.execute(*steps.count).fetchone()[0]) if count else None
        cards = _rows_to_cards(con.execute(*steps.page))
    elif steps.first is not None:
        found, picked = con.execute(*steps.first).fetchone()
        total = int(found)
        rows = [(p["r"], p["o"]) for p in (picked or [])][offset:offset + limit]
        cards = _fetch_page(con, steps, rows)
    else:
        total = int(con.execute(*steps.count).fetchone()[0]) if count else None
        cards = _fetch_page(con, steps, con.execute(*steps.ids).fetchall())
    _add_tags(con, cards)
    return cards, total


def find_ids(
    con: duckdb.DuckDBPyConnection,
    query: str | None,
    *,
    limit: int,
    offset: int = 0,
    extra: Sequence[Term] = (),
) -> tuple[list[tuple[int, str]], int]:
    """``(card_search row id, oracle id)`` of ``limit`` matching cards from ``offset`` (in the
    query's order) and the total: :func:`find_cards` without reading the page's display
    columns and tags, for callers that read what they show themselves (the web app)."""
    steps = plan(query, extra=extra, limit=limit, offset=offset)
    ensure_index(con)
    validate(con, steps.regexes)
    if steps.first is not None:
        found, picked = con.execute(*steps.first).fetchone()
        return [(p["r"], p["o"]) for p in (picked or [])][offset:offset + limit], int(found)
    total = int(con.execute(*steps.count).fetchone()[0])
    return [(r[0], r[1]) for r in con.execute(*steps.ids).fetchall()], total


def _add_tags(con: duckdb.DuckDBPyConnection, cards: list[dict[str, Any]]) -> None:
    ids = [c["oracle_id"] for c in cards]
    tags = dict(con.execute(_TAGS, [ids]).fetchall()) if ids else {}
    for card in cards:
        card["tags"] = tags.get(card["oracle_id"]) or []


def _check_page(page: Any, page_size: Any) -> None:
    if not isinstance(page, int) or not 1 <= page <= MAX_PAGE:
        raise QueryError(f"page must be a whole number from 1 to {MAX_PAGE:,}, not {page!r}")
    if not isinstance(page_size, int) or not 1 <= page_size <= MAX_PAGE_SIZE:
        raise QueryError(f"page_size must be from 1 to {MAX_PAGE_SIZE}, not {page_size!r}")


def search_ids(
    con_or_store: Any,
    query: str,
    page: int = 1,
    page_size: int = PAGE_SIZE,
    extra: Sequence[Term] = (),
) -> tuple[int, list[tuple[int, str]]]:
    """``(total, [(row id, oracle id), ...])`` of page ``page``: :func:`search` for a caller
    that reads the cards itself (one statement for name-ordered early pages: no second read
    of the rows). The row ids are ``card_search``'s, valid on this connection's snapshot:
    a caller reading by them checks the oracle id it gets back. ``extra`` terms are ANDed
    before the query's own (so an ``order:`` in the query wins over one in ``extra``)."""
    _check_page(page, page_size)
    ids, total = find_ids(_connection(con_or_store), query, limit=page_size,
                          offset=(page - 1) * page_size, extra=extra)
    return total, ids


def search(
    con_or_store: Any,
    query: str,
    page: int = 1,
    page_size: int = PAGE_SIZE,
) -> SearchPage:
    """Page ``page`` (from 1) of the cards matching ``query`` (Scryfall syntax; empty: all
    cards), ``page_size`` cards a page, with the total count. Raises :class:`QueryError`
    (a ``ValueError``) for a query it cannot read, naming the term and its position."""
    _check_page(page, page_size)
    con = _connection(con_or_store)
    cards, total = find_cards(con, query, limit=page_size, offset=(page - 1) * page_size)
    return SearchPage(total=total or 0, cards=cards, page=page, page_size=page_size)
