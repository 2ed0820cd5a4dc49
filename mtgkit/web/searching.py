"""The one place the web app calls the search library (a thin adapter, re-pointed at merge).

The query language lives in :mod:`db.search`; the pages and the API only need "the cards of
page N of this query, and how many there are in all". Keeping that behind :func:`find` means
a new search implementation (a prepared search table, a new parser) changes this file alone.
Only oracle ids cross this boundary: the web layer reads what it shows itself
(:mod:`mtgkit.web.cards`), so it does not depend on the shape of the search's result rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from db.search import QueryError, search_ids
from db.search.syntax import Term
from db.store import Store

__all__ = ["QueryError", "SearchPage", "find", "options_from"]


@dataclass(frozen=True)
class SearchPage:
    """One page of a search: the total number of matches and this page's oracle ids, in order."""

    total: int
    oracle_ids: list[str]
    # each card's row in the search index (``card_search.rowid``), same order
    rowids: list[int] = field(default_factory=list)


def options_from(params: Mapping[str, str], names: Mapping[str, str]) -> list[Term]:
    """Display options given as request parameters (``order=cmc``), as the query terms that
    say the same (``order:cmc``): ``names`` maps each parameter to its search key. The
    library checks the values (an unknown order is a :class:`QueryError` naming it)."""
    terms = []
    for param, key in names.items():
        value = params.get(param)
        if value is not None:
            terms.append(Term(key=key, op=":", value=value.strip(), kind="word", position=0,
                              text=f"{param}={value}"))
    return terms


def find(store: Store, query: str, page: int, page_size: int,
         options: list[Term] | None = None) -> SearchPage:
    """Page ``page`` (1-based) of the cards matching ``query``; :class:`QueryError` if unreadable.

    :func:`db.search.search_ids` runs it on the prepared ``card_search`` index (one scan for
    the page's ids and its total; bound parameters only), without reading the rows' display
    columns, which the web layer reads itself.
    """
    total, rows = search_ids(store.con, query, page, page_size, extra=options or ())
    return SearchPage(total, [o for _, o in rows], [r for r, _ in rows])
