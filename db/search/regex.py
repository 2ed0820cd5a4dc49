"""Regular expressions in searches (``o:/^draw/``), Scryfall's flavour, run by DuckDB (RE2).

RE2 runs in time linear in the text, so no pattern can make a search hang. As on
Scryfall, patterns are case-insensitive and newline-sensitive: ``.`` does not match a
newline and ``^``/``$`` match at each paragraph (and, in mtgkit's index, at each face).
Scryfall's shorthands ``\\sm`` (a mana symbol), ``\\ss`` (any symbol), ``\\spt`` (an X/X
power/toughness), ``\\spp`` (+X/+X) and ``\\smm`` (-X/-X) are expanded first.

Speed: a newline-sensitive RE2 scan of 100k texts costs tens of milliseconds, so when the
pattern has a literal run every match must contain (``^draw`` -> ``draw``), a plain
substring test runs first and RE2 only sees the texts that pass it.
"""

from __future__ import annotations

import re
from typing import Any

from db.search.syntax import QueryError, Term

_SHORTHANDS = (
    ("spt", r"(?:[0-9x*+-]+/[0-9x*+-]+)"),
    ("spp", r"(?:\+[0-9x*]+/\+[0-9x*]+)"),
    ("smm", r"(?:-[0-9x*]+/-[0-9x*]+)"),
    ("sm", r"(?:\{[^}]+\})"),
    ("ss", r"(?:\{[^}]+\})"),
)


def expand(pattern: str) -> str:
    """Scryfall's ``\\s...`` shorthands written out (an escaped backslash is left alone)."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            rest = pattern[i + 1:]
            for name, body in _SHORTHANDS:
                if rest.startswith(name):
                    out.append(body)
                    i += 1 + len(name)
                    break
            else:
                out.append(pattern[i:i + 2])
                i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def required_literal(pattern: str) -> str | None:
    """The longest run of plain characters every match of ``pattern`` contains (ASCII, at
    least 3 characters, lowercased), or None. Read with Python's own regex parser; a
    pattern it cannot read just gets no shortcut, and so does one with a POSIX class
    (``[[:alpha:]]``), which Python would misread as a class and literal ``]``."""
    if "[:" in pattern:
        return None
    try:
        from re import _parser  # type: ignore[attr-defined]

        items = list(_parser.parse(pattern))
    except Exception:  # noqa: BLE001 - any pattern Python's parser rejects: no shortcut
        return None
    best = ""
    run: list[str] = []
    literal = getattr(_parser, "LITERAL", None)
    for op, arg in items + [(None, None)]:
        if op is literal and arg is not None and arg < 128:
            run.append(chr(arg))
            continue
        if len(run) > len(best):
            best = "".join(run)
        run = []
    best = best.lower()
    return best if len(best) >= 3 else None


# A pattern with none of these can never match across a newline, so it may run on each
# line alone without multi-line mode (RE2 is several times faster so): an explicit newline,
# classes that include one (\s \S \W \D, negated [^...]), escapes by code, or the
# text anchors \A and \z (which per line would mean something else).
_MAY_CROSS_LINES = re.compile(r"\\[nsSWDxpPCQAz0-7]|\[\^|\(\?[a-z]*s")


def _flags(pattern: str) -> str:
    """'' when the pattern has no capital letter outside an escape: the indexed text is
    lowercased, so case-insensitive matching adds nothing (and DuckDB then turns a plain
    pattern into a substring test); else 'i'."""
    plain = re.sub(r"\\.", "", pattern)
    return "i" if any("A" <= ch <= "Z" for ch in plain) or not plain.isascii() else ""


def regex_clause(column: str, pattern: str, term: Term) -> tuple[str, list[Any]]:
    """SQL for ``column`` matching ``pattern`` (validated later by :func:`validate`)."""
    if not pattern:
        raise QueryError("empty regular expression", term.position, term.text)
    full = expand(pattern)
    flags = _flags(full)
    if _MAY_CROSS_LINES.search(full):
        sql = f"regexp_matches({column}, ?, '{flags}')"
        params: list[Any] = ["(?m)" + full]
    else:  # each line (paragraph, face) on its own, without multi-line mode
        sql = (f"list_bool_or(list_transform(string_split({column}, chr(10)), "
               f"lambda line: regexp_matches(line, ?, '{flags}')))")
        params = [full]
    literal = required_literal(full)
    if literal is not None:
        # CASE, not AND: inside an expression DuckDB evaluates both sides of AND on every
        # row, while CASE runs RE2 only on the rows the substring test lets through
        sql = f"CASE WHEN contains({column}, ?) THEN {sql} ELSE false END"
        params = [literal, *params]
    return sql, params


def regex_terms(node: object) -> list[Term]:
    """Every regex term of a tree (to validate them before the search runs)."""
    from db.search.syntax import And, Not, Or

    found: list[Term] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Term):
            if item.kind == "regex":
                found.append(item)
        elif isinstance(item, Not):
            stack.append(item.item)
        elif isinstance(item, And | Or):
            stack.extend(item.items)
    return found


def validate(con: Any, terms: list[Term]) -> None:
    """Let RE2 compile each pattern once, so a bad one is an error naming its term."""
    for term in terms:
        try:
            con.execute("SELECT regexp_matches('', ?, 'i')", ["(?m)" + expand(term.value)])
        except Exception as exc:  # noqa: BLE001 - DuckDB's InvalidInputException and kin
            message = str(exc).split("Error:", 1)[-1].strip()
            raise QueryError(f"not a valid regular expression ({message})", term.position,
                             term.text) from None
