"""The query tree as one SQL condition over ``card_search s``, with its parameters."""

from __future__ import annotations

from typing import Any

from db.search import keys
from db.search.syntax import And, Node, Not, Or, QueryError, Term


def compile_tree(node: Node | None, options: keys.Options | None = None) -> tuple[str, list[Any]]:
    """``(sql, params)`` for ``node`` (``TRUE`` for no query); display options such as
    ``order:`` are applied to ``options``. Each term's SQL is made two-valued
    (``coalesce(..., false)``), so negation keeps cards whose field is empty."""
    options = options if options is not None else keys.Options()
    params: list[Any] = []
    sql = _compile(node, options, params, top=True) if node is not None else "TRUE"
    return sql, params


def _compile(node: Node, options: keys.Options, params: list[Any], top: bool) -> str:
    if isinstance(node, Term):
        if keys.option(node, options):
            if not top:
                raise QueryError(f"{node.key}: is a display option: it cannot be negated or "
                                 "combined with 'or'", node.position, node.text)
            return "TRUE"
        sql, args = keys.clause(node)
        params.extend(args)
        return f"coalesce({sql}, false)"
    if isinstance(node, Not):
        return f"(NOT {_compile(node.item, options, params, top=False)})"
    if isinstance(node, And):
        parts = [_compile(item, options, params, top=top) for item in node.items]
        return "(" + " AND ".join(parts) + ")"
    if isinstance(node, Or):
        parts = [_compile(item, options, params, top=False) for item in node.items]
        return "(" + " OR ".join(parts) + ")"
    raise TypeError(f"not a query node: {node!r}")
