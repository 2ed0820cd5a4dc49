"""Card search for the CLI and the export: :class:`Filters` over :mod:`db.search`.

``search`` and ``export`` take a Scryfall-style query plus the flags ``--mechanic``,
``--role``, ``--name`` and ``--text``; each flag becomes one more search term AND-ed with
the query (``--role x`` is ``role:x``, ``--name x`` is ``name:"x"``...), so flags and query
share one meaning, one set of error messages and one index. The query language itself
is in :mod:`db.search` (syntax reference: docs/search.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from db.search import QueryError, find_cards, plan
from db.search.syntax import Term
from db.store import Store

__all__ = ["Filters", "QueryError", "filter_terms", "mechanics_of", "search", "search_sql",
           "to_json"]


@dataclass
class Filters:
    """Everything a search or an export can be narrowed by."""

    mechanics: list[str] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    name: str | None = None
    text: str | None = None
    query: str | None = None
    limit: int | None = None


def _flag_term(flag: str, key: str, value: str) -> Term:
    # position 0: the term comes from a command-line flag, not from the query string
    return Term(key, ":", value, "string", 0, f"{flag} {value}")


def filter_terms(filters: Filters) -> list[Term]:
    """The flags as search terms (AND-ed with the query)."""
    terms = [_flag_term("--mechanic", "mech", m) for m in filters.mechanics]
    terms += [_flag_term("--role", "role", r) for r in filters.roles]
    if filters.name:
        terms.append(_flag_term("--name", "name", filters.name))
    if filters.text:
        terms.append(_flag_term("--text", "o", filters.text))
    return terms


def search(store: Store, filters: Filters) -> list[dict[str, Any]]:
    """Every card matching ``filters`` (up to ``limit``), in name order: dicts of card
    fields plus ``rarity``, ``collector_number``, ``faces`` and ``tags``."""
    cards, _total = find_cards(store.con, filters.query, extra=filter_terms(filters),
                               limit=filters.limit, count=False)
    return cards


def search_sql(filters: Filters) -> tuple[str, list[Any]]:
    """One parameterised statement for ``filters`` over ``card_search`` (the card fields of
    a result, in name order), for a caller that wraps it in SQL of its own.

    The caller must make the index current first (``db.search.ensure_index(con)``);
    :func:`db.search.search` does that itself, counts and pages faster, and is the call to
    prefer. Raises :class:`QueryError` for a query it cannot read.
    """
    return plan(filters.query, extra=filter_terms(filters), limit=filters.limit).page


def mechanics_of(record: dict[str, Any]) -> list[str]:
    """The distinct mechanics of a search result, in a stable order."""
    return sorted({t["mechanic"] for t in record.get("tags") or []})


def to_json(records: list[dict[str, Any]]) -> str:
    return orjson.dumps(records, option=orjson.OPT_INDENT_2).decode()
