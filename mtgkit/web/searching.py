"""The one place the web app calls the search library (a thin adapter, re-pointed at merge).

The query language lives in :mod:`db.query`; the pages and the API only need "the cards of
page N of this query, and how many there are in all". Keeping that behind :func:`find` means
a new search implementation (a prepared search table, a new parser) changes this file alone.
Only oracle ids cross this boundary: the web layer reads what it shows itself
(:mod:`mtgkit.web.cards`), so it does not depend on the shape of the search's result rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from db.query import Filters, QueryError, search_sql
from db.store import Store

__all__ = ["QueryError", "SearchPage", "find"]


@dataclass(frozen=True)
class SearchPage:
    """One page of a search: the total number of matches and this page's oracle ids, in order."""

    total: int
    oracle_ids: list[str]


def find(store: Store, query: str, page: int, page_size: int) -> SearchPage:
    """Page ``page`` (1-based) of the cards matching ``query``; :class:`QueryError` if unreadable.

    The statement and its parameters come from :func:`db.query.search_sql` (bound parameters
    only). The page and the total come from one pass (``count(*) OVER ()`` beside the page's
    rows); only a page past the end, which has no row to carry the total, counts apart.
    """
    sql, params = search_sql(Filters(query=query))
    inner = f"SELECT oracle_id, name FROM ({sql}) AS hits"  # noqa: S608 (fixed SQL, bound values)
    rows = store.con.execute(
        f"SELECT oracle_id, count(*) OVER () FROM ({inner}) ORDER BY name, oracle_id "
        "LIMIT ? OFFSET ?",
        [*params, page_size, (page - 1) * page_size],
    ).fetchall()
    if rows:
        return SearchPage(int(rows[0][1]), [r[0] for r in rows])
    if page == 1:
        return SearchPage(0, [])
    total = store.con.execute(f"SELECT count(*) FROM ({inner})", params).fetchone()[0]
    return SearchPage(int(total), [])
