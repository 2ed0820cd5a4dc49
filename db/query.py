"""Card search: filters and a Scryfall-style query string, turned into parameterised SQL.

Every value the user types travels as a bound parameter; only fixed SQL fragments
chosen from the tables below are ever pasted into the statement.

Query syntax (a subset of Scryfall's, plus mtgkit's own keys)::

    mech:day_night  role:daybound  t:creature  o:"transform"  c:r  c>=wu  id:g
    cmc<=3  pow>=4  set:mid  lang:ja  name:ruffian  -t:land  "exact words"  ruffian

Terms are AND-ed; ``-`` negates a term; a bare word matches the English or
Japanese name.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Any

import orjson

from db.store import Store


class QueryError(ValueError):
    """A search term mtgkit cannot read; the message quotes the term."""


@dataclass
class Filters:
    """Everything a search or an export can be narrowed by."""

    mechanics: list[str] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    name: str | None = None
    text: str | None = None
    query: str | None = None
    limit: int | None = None


_TERM = re.compile(r"^(-?)([a-z_]+)(:|<=|>=|!=|=|<|>)(.*)$", re.S)
_COLOR_LETTERS = set("wubrgc")
_NUMERIC = {"cmc": "c.cmc", "mv": "c.cmc", "pow": "TRY_CAST(c.power AS DOUBLE)",
            "power": "TRY_CAST(c.power AS DOUBLE)", "tou": "TRY_CAST(c.toughness AS DOUBLE)",
            "toughness": "TRY_CAST(c.toughness AS DOUBLE)",
            "loy": "TRY_CAST(c.loyalty AS DOUBLE)", "loyalty": "TRY_CAST(c.loyalty AS DOUBLE)"}
_OPS = {":": "=", "=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "!=": "<>"}

_LIKE = "ILIKE ? ESCAPE '\\'"
_NAME_SQL = (
    f"(c.name {_LIKE} OR c.name_ja {_LIKE} OR EXISTS (SELECT 1 FROM card_faces f "
    f"WHERE f.oracle_id = c.oracle_id AND (f.name {_LIKE} OR f.name_ja {_LIKE})))"
)


def _like(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _name_clause(value: str) -> tuple[str, list[Any]]:
    return _NAME_SQL, [_like(value)] * 4


def _mechanic_clause(column: str, value: str) -> tuple[str, list[Any]]:
    return (
        f"EXISTS (SELECT 1 FROM card_mechanics m WHERE m.oracle_id = c.oracle_id "
        f"AND m.{column} = ?)",
        [value],
    )


def _color_clause(column: str, op: str, value: str) -> tuple[str, list[Any]]:
    letters = value.lower()
    if not letters or not set(letters) <= _COLOR_LETTERS:
        raise QueryError(f"colour term {value!r}: use letters w u b r g c")
    wanted = sorted({ch.upper() for ch in letters if ch != "c"})
    if "c" in letters and not wanted:  # colourless
        return f"coalesce(len({column}), 0) = 0", []
    # Scryfall: c:rg means "at least red and green"; c=rg exactly; c<=rg at most.
    if op in (":", ">="):
        return f"list_has_all(coalesce({column}, []), ?::VARCHAR[])", [wanted]
    if op == "=":
        return f"list_sort(coalesce({column}, [])) = ?::VARCHAR[]", [wanted]
    if op == "<=":
        return f"list_has_all(?::VARCHAR[], coalesce({column}, []))", [wanted]
    if op == ">":
        return (f"list_has_all(coalesce({column}, []), ?::VARCHAR[]) "
                f"AND len(coalesce({column}, [])) > ?"), [wanted, len(wanted)]
    if op == "<":
        return (f"list_has_all(?::VARCHAR[], coalesce({column}, [])) "
                f"AND len(coalesce({column}, [])) < ?"), [wanted, len(wanted)]
    raise QueryError(f"colour term: operator {op!r} not supported")


def _term_clause(key: str, op: str, value: str) -> tuple[str, list[Any]]:
    if key in _NUMERIC:
        try:
            number = float(value)
        except ValueError as exc:
            raise QueryError(f"{key}{op}{value}: {value!r} is not a number") from exc
        return f"{_NUMERIC[key]} {_OPS[op]} ?", [number]
    if op != ":" and key not in ("c", "color", "id", "identity", "ci"):
        raise QueryError(f"{key}{op}{value}: only ':' works with {key!r}")
    if key in ("mech", "mechanic", "is"):
        return _mechanic_clause("mechanic", value.lower())
    if key == "role":
        return _mechanic_clause("role", value.lower())
    if key in ("t", "type"):
        return ("(c.type_line ILIKE ? ESCAPE '\\' OR c.type_line_ja ILIKE ? ESCAPE '\\')",
                [_like(value)] * 2)
    if key in ("o", "oracle", "text"):
        return ("(c.oracle_text ILIKE ? ESCAPE '\\' OR c.text_ja ILIKE ? ESCAPE '\\')",
                [_like(value)] * 2)
    if key in ("c", "color"):
        return _color_clause("c.colors", op, value)
    if key in ("id", "identity", "ci"):
        return _color_clause("c.color_identity", op, value)
    if key in ("name", "n"):
        return _name_clause(value)
    if key in ("set", "s", "e"):
        return "lower(c.\"set\") = ?", [value.lower()]
    if key == "layout":
        return "c.layout = ?", [value.lower()]
    if key == "lang":
        if value.lower() == "ja":
            return "(c.name_ja IS NOT NULL OR c.text_ja IS NOT NULL)", []
        if value.lower() == "en":
            return "c.oracle_text IS NOT NULL OR c.type_line IS NOT NULL", []
        raise QueryError(f"lang:{value}: only lang:en and lang:ja are stored")
    raise QueryError(f"unknown search key {key!r} in {key}{op}{value}")


def parse_query(query: str) -> tuple[list[str], list[Any]]:
    """Turn a query string into SQL conditions (AND-ed) and their parameters."""
    try:
        tokens = shlex.split(query)
    except ValueError as exc:
        raise QueryError(f"cannot read query {query!r}: {exc}") from exc
    clauses: list[str] = []
    params: list[Any] = []
    for token in tokens:
        match = _TERM.match(token)
        if match:
            negate, key, op, value = match.groups()
            if not value:
                raise QueryError(f"search term {token!r} has no value")
            sql, args = _term_clause(key.lower(), op, value)
        else:
            negate = "-" if token.startswith("-") and len(token) > 1 else ""
            sql, args = _name_clause(token[1:] if negate else token)
        clauses.append(f"NOT ({sql})" if negate else f"({sql})")
        params.extend(args)
    return clauses, params


def where_clause(filters: Filters) -> tuple[str, list[Any]]:
    """The ``WHERE`` part for ``filters`` (``TRUE`` when there is none)."""
    clauses: list[str] = []
    params: list[Any] = []
    for mechanic in filters.mechanics:
        sql, args = _mechanic_clause("mechanic", mechanic)
        clauses.append(sql)
        params += args
    for role in filters.roles:
        sql, args = _mechanic_clause("role", role)
        clauses.append(sql)
        params += args
    if filters.name:
        sql, args = _name_clause(filters.name)
        clauses.append(sql)
        params += args
    if filters.text:
        sql, args = _term_clause("o", ":", filters.text)
        clauses.append(sql)
        params += args
    if filters.query:
        more, args = parse_query(filters.query)
        clauses += more
        params += args
    return (" AND ".join(clauses) or "TRUE"), params


CARD_FIELDS = ("oracle_id", "name", "name_ja", "layout", "mana_cost", "cmc", "type_line",
               "type_line_ja", "oracle_text", "text_ja", "keywords", "colors", "color_identity",
               "power", "toughness", "loyalty", "set", "released_at")

_SELECT = (
    "SELECT " + ", ".join(f'c."{f}"' for f in CARD_FIELDS) + ", "
    "(SELECT list({'mechanic': m.mechanic, 'role': m.role, 'face_index': m.face_index, "
    "'evidence': m.evidence, 'lang': m.lang} ORDER BY m.mechanic, m.role, m.face_index, m.lang) "
    "FROM card_mechanics m WHERE m.oracle_id = c.oracle_id) AS tags "
    "FROM cards c WHERE {where} ORDER BY c.name"
)


def search_sql(filters: Filters) -> tuple[str, list[Any]]:
    """The whole parameterised statement for a search (also used by export)."""
    where, params = where_clause(filters)
    sql = _SELECT.replace("{where}", where)
    if filters.limit is not None:
        sql += " LIMIT ?"
        params = [*params, int(filters.limit)]
    return sql, params


def search(store: Store, filters: Filters) -> list[dict[str, Any]]:
    """Cards matching ``filters``, each a dict of card fields plus ``tags`` (a list)."""
    sql, params = search_sql(filters)
    cursor = store.con.execute(sql, params)
    names = [d[0] for d in cursor.description]
    results = []
    for row in cursor.fetchall():
        record = dict(zip(names, row, strict=True))
        record["tags"] = record["tags"] or []
        if record.get("released_at") is not None:
            record["released_at"] = record["released_at"].isoformat()
        results.append(record)
    return results


def mechanics_of(record: dict[str, Any]) -> list[str]:
    """The distinct mechanics of a search result, in a stable order."""
    return sorted({t["mechanic"] for t in record.get("tags") or []})


def to_json(records: list[dict[str, Any]]) -> str:
    return orjson.dumps(records, option=orjson.OPT_INDENT_2).decode()
