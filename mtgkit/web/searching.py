"""The one place the web app calls the search library (a thin adapter, re-pointed at merge).

The query language lives in :mod:`db.search`; the pages and the API only need "the cards of
page N of this query, and how many there are in all". Keeping that behind :func:`find` means
a new search implementation (a prepared search table, a new parser) changes this file alone.
Only oracle ids cross this boundary: the web layer reads what it shows itself
(:mod:`mtgkit.web.cards`), so it does not depend on the shape of the search's result rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from db.search import QueryError
from db.search import search as run_search
from db.store import Store

__all__ = ["QueryError", "SearchPage", "find"]


@dataclass(frozen=True)
class SearchPage:
    """One page of a search: the total number of matches and this page's oracle ids, in order."""

    total: int
    oracle_ids: list[str]


def find(store: Store, query: str, page: int, page_size: int) -> SearchPage:
    """Page ``page`` (1-based) of the cards matching ``query``; :class:`QueryError` if unreadable.

    :func:`db.search.search` runs it on the prepared ``card_search`` index (one scan for the
    page and its total; bound parameters only).
    """
    result = run_search(store.con, query, page, page_size)
    return SearchPage(result.total, [c["oracle_id"] for c in result.cards])
