"""Scryfall's query syntax, read by a grammar (Lark, LALR) into a small tree.

Why Lark and this shape: the language is context-sensitive at the level of tokens (a
``/`` starts a regular expression only after a key; ``or`` is an operator only as a word
of its own; an apostrophe is just a letter, so ``o:it's`` is one word), which a
contextual lexer over a grammar expresses directly, and an LALR parser builds the tree
without recursion (the transformer runs at each reduction), so no query can exhaust
the stack. Limits on the query's length, its number of terms and its nesting keep every
query bounded in time and memory (:data:`MAX_QUERY_LENGTH`, :data:`MAX_TERMS`,
:data:`MAX_DEPTH`).

The tree (:class:`Term`, :class:`And`, :class:`Or`, :class:`Not`) knows nothing of SQL or
of what keys mean: :mod:`db.search.keys` gives the meaning and the SQL.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

# Documented limits (docs/search.md): what a query may be, so that none can run long.
MAX_QUERY_LENGTH = 1000  # characters
MAX_TERMS = 64           # search terms (key:value, words, "phrases", !names)
MAX_DEPTH = 16           # nested parentheses and negations


class QueryError(ValueError):
    """A query mtgkit cannot read or answer; the message names the term and its position."""

    def __init__(self, message: str, position: int | None = None, term: str | None = None):
        self.position = position  # 1-based character position in the query, when known
        self.term = term
        where = ""
        if term is not None and position:
            where = f"{term!r} at character {position}: "
        elif term is not None:
            where = f"{term!r}: "
        elif position:
            where = f"at character {position}: "
        super().__init__(where + message)
        self.detail = message


@dataclass(frozen=True)
class Term:
    """One search term: ``key op value``, or a bare word / "phrase" / !exact name.

    ``kind`` is how the value was written: ``word`` (bare), ``string`` (quoted), ``regex``
    (``/.../``) or ``exact`` (``!name``). ``key`` is None for bare words and phrases.
    ``position`` is 1-based; ``text`` is the term as typed, for error messages.
    """

    key: str | None
    op: str
    value: str
    kind: str
    position: int
    text: str


@dataclass(frozen=True)
class And:
    items: tuple[Node, ...]
    depth: int = field(default=0, compare=False)  # nesting of parentheses and negations
    start: int = field(default=0, compare=False)  # where it begins in the query (1-based)


@dataclass(frozen=True)
class Or:
    items: tuple[Node, ...]
    depth: int = field(default=0, compare=False)
    start: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Not:
    item: Node
    depth: int = field(default=0, compare=False)
    start: int = field(default=0, compare=False)


Node = Term | And | Or | Not

_GRAMMAR = r"""
?start: _expr?
_expr: or_expr
?or_expr: and_expr (_OR and_expr)*
?and_expr: unary (_AND? unary)*
?unary: NEG unary        -> neg
      | atom
?atom: LPAR or_expr RPAR -> group
     | term
term: KEYOP (STRING | REGEX | VALUE)  -> keyed
    | EXACT                           -> exact
    | STRING                          -> phrase
    | WORD                            -> word

_OR.4: /or(?![^\s()])/i
_AND.4: /and(?![^\s()])/i
KEYOP.3: /[a-z][a-z_]*(:|!=|<=|>=|=|<|>)/i
EXACT.3: /!"[^"]*"/ | /![^\s()"]+/
STRING.2: /"[^"]*"/ | /'[^']*'(?=[\s()]|$)/
REGEX.2: /\/(\\.|[^\\\/])*\//
NEG.2: "-"
LPAR: "("
RPAR: ")"
VALUE: /[^\s()"]+/
WORD: /[^\s()"!\-][^\s()"]*/

%import common.WS
%ignore WS
"""


def _pos(token: Token) -> int:
    return (token.start_pos or 0) + 1


def _unquote(text: str) -> str:
    return text[1:-1]


def _depth(node: Node) -> int:
    return 0 if isinstance(node, Term) else node.depth


@v_args(inline=True)
class _ToTree(Transformer):
    """Builds the tree during the LALR parse (no recursion); checks the limits as it goes.

    One instance serves the one parser; :func:`parse` holds a lock around it and calls
    :meth:`reset` first, so its per-query state is never shared by two parses.
    """

    def reset(self, query: str) -> None:
        self.query = query
        self.terms = 0

    def _count(self, term: Term) -> Term:
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise QueryError(f"more than {MAX_TERMS} search terms (the limit)",
                             term.position, term.text)
        return term

    def keyed(self, keyop: Token, value: Token) -> Term:
        text = self.query[keyop.start_pos:value.end_pos]
        if value.start_pos != keyop.end_pos:
            raise QueryError(f"no value after {str(keyop)!r} (write the value right after "
                             f"it, e.g. {str(keyop)}value)", _pos(keyop), str(keyop))
        raw = str(keyop)
        op = next(o for o in ("!=", "<=", ">=", ":", "=", "<", ">") if raw.endswith(o))
        key = raw[: -len(op)].lower()
        if value.type == "STRING":
            kind, val = "string", _unquote(str(value))
        elif value.type == "REGEX":
            kind, val = "regex", _unquote(str(value)).replace("\\/", "/")
        else:
            kind, val = "word", str(value)
            if val.startswith("/"):
                raise QueryError("the regular expression /.../ is never closed (write \\/ "
                                 "for a slash inside it)", _pos(value), text)
        _check_text(val, _pos(value), text)
        return self._count(Term(key, op, val, kind, _pos(keyop), text))

    def exact(self, token: Token) -> Term:
        raw = str(token)[1:]
        val = _unquote(raw) if raw.startswith('"') else raw
        _check_text(val, _pos(token), str(token))
        return self._count(Term(None, "!", val, "exact", _pos(token), str(token)))

    def phrase(self, token: Token) -> Term:
        val = _unquote(str(token))
        _check_text(val, _pos(token), str(token))
        return self._count(Term(None, ":", val, "string", _pos(token), str(token)))

    def word(self, token: Token) -> Term:
        _check_text(str(token), _pos(token), str(token))
        return self._count(Term(None, ":", str(token), "word", _pos(token), str(token)))

    def neg(self, minus: Token, item: Node) -> Node:
        if _pos(minus) + 1 != _start(item):
            raise QueryError("'-' must be written right before the term it negates "
                             "(e.g. -t:land)", _pos(minus))
        return Not(item, self._deeper(item, minus), _pos(minus))

    def group(self, lpar: Token, item: Node, rpar: Token) -> Node:
        # parentheses only group; they count towards the nesting limit
        depth = self._deeper(item, lpar)
        if isinstance(item, Term):
            return And((item,), depth, _pos(lpar))
        return replace(item, depth=depth, start=_pos(lpar))

    def _deeper(self, child: Node, token: Token) -> int:
        depth = _depth(child) + 1
        if depth > MAX_DEPTH:
            raise QueryError(f"nested more than {MAX_DEPTH} levels deep (the limit)",
                             _pos(token))
        return depth

    def and_expr(self, *items: Node) -> Node:
        return _flat(And, items)

    def or_expr(self, *items: Node) -> Node:
        return _flat(Or, items)


def _start(node: Node) -> int:
    """Where a node begins in the query."""
    return node.position if isinstance(node, Term) else node.start


def _flat(kind: type[And] | type[Or], items: tuple[Node, ...]) -> Node:
    """``a (b c)`` under AND is ``a b c``: flatten children of the same kind."""
    flat: list[Node] = []
    for item in items:
        if isinstance(item, kind) and item.depth == 0:
            flat.extend(item.items)
        else:
            flat.append(item)
    return kind(tuple(flat), max(_depth(i) for i in items), _start(items[0]))


def _check_text(value: str, position: int, term: str) -> None:
    """No control characters inside a value: they cannot be typed in a search box, and
    the index uses the newline to keep faces apart."""
    for offset, ch in enumerate(value):
        if unicodedata.category(ch) == "Cc":
            raise QueryError(f"control character {ch!r} in a search value",
                             position + offset, term)


_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, _ToTree]:
    transformer = _ToTree()
    return Lark(_GRAMMAR, parser="lalr", lexer="contextual", transformer=transformer), \
        transformer


_DESCRIBE = {
    "RPAR": "')'", "LPAR": "'('", "_OR": "'or'", "_AND": "'and'", "NEG": "'-'",
    "$END": "the end of the query", "KEYOP": "a key", "VALUE": "a value",
}


def parse(query: str) -> Node | None:
    """The query's tree (None for an empty query); :class:`QueryError` if it cannot be read."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(f"the query is {len(query):,} characters long; the limit is "
                         f"{MAX_QUERY_LENGTH:,}")
    if not query.strip():
        return None
    for index, ch in enumerate(query):
        if unicodedata.category(ch) == "Cc" and ch not in "\t\n\r":
            raise QueryError(f"control character {ch!r} in the query", index + 1)
    parser, transformer = _parser()
    with _LOCK:
        transformer.reset(query)
        try:
            return parser.parse(query)
        except VisitError as exc:  # an error raised inside the transformer, wrapped
            if isinstance(exc.orig_exc, QueryError):
                raise exc.orig_exc from None
            raise
        except UnexpectedInput as exc:
            raise _syntax_error(query, exc) from None


def _syntax_error(query: str, exc: UnexpectedInput) -> QueryError:
    """A reader's message for Lark's exception: what was found, where, and what would do."""
    pos = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedCharacters):
        ch = query[exc.pos_in_stream]
        where = exc.pos_in_stream + 1
        if ch in "\"'":
            return QueryError(f"the quote {ch} is never closed", where)
        if ch == "/":
            return QueryError("the regular expression /.../ is never closed", where)
        if ch == "!" and query[exc.pos_in_stream + 1:exc.pos_in_stream + 2] == '"':
            return QueryError("the quote \" is never closed", where + 1)
        if ch == "!":
            return QueryError("'!' must be followed by a name, e.g. !\"Time Stop\"", where)
        if ch == ")":
            return QueryError("')' has no matching '('", where)
        return QueryError(f"unexpected {ch!r}", where)
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        if query.count("(") > query.count(")"):
            return QueryError(f"'(' at character {query.index('(') + 1} is never closed")
        return QueryError("the query ends where a search term should follow",
                          len(query) + 1)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        where = (token.start_pos or 0) + 1
        found = _DESCRIBE.get(token.type, repr(str(token)))
        if token.type == "RPAR":
            return QueryError("')' has no matching '(' (or closes an empty group)", where)
        if token.type in ("_OR", "_AND"):
            return QueryError(f"{found} needs a search term on each side", where)
        if str(token) == "!" and query[token.end_pos:token.end_pos + 1] == '"':
            return QueryError("the quote \" is never closed", where + 1)
        if str(token).startswith("!"):
            return QueryError("'!' must be followed by a name, e.g. !\"Time Stop\"", where)
        return QueryError(f"unexpected {found}", where)
    return QueryError(str(exc), pos)
