"""The filter options shared by ``search`` and ``export``.

Each flag is one more search term AND-ed with the query (db.query.filter_terms), so both
commands read them the same way and report a bad one the same way.
"""

from __future__ import annotations

import argparse

from db.query import Filters


def add_filter_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="*", default=[], metavar="QUERY",
                        help="a query in Scryfall's syntax (docs/search.md), e.g. "
                             "'t:creature or t:planeswalker', 't:instant -o:draw'")
    parser.add_argument("--mechanic", action="append", default=[],
                        choices=["day_night", "initiative", "prepare", "end_the_turn"],
                        help="only cards tagged with this mechanic (repeatable)")
    parser.add_argument("--role", action="append", default=[],
                        help="only cards with this role inside a mechanic, e.g. daybound "
                             "(repeatable; an unknown role is an error listing the valid ones)")
    parser.add_argument("--name", help="name contains (English or Japanese, any case)")
    parser.add_argument("--text", help="rules text contains (English or Japanese)")
    parser.add_argument("--limit", type=_non_negative, help="at most this many cards")
    _query_terms_are_not_options(parser)


def _query_terms_are_not_options(parser: argparse.ArgumentParser) -> None:
    """Let a query start with ``-`` (``mtgkit search -t:land``): argparse would take
    ``-t:land`` for an unknown option. A word starting with one dash that is not one of this
    parser's options is read as the query instead (``--`` before the query works too)."""
    original = parser._parse_optional

    def parse_optional(arg: str):  # type: ignore[no-untyped-def]
        known = parser._option_string_actions
        if (arg.startswith("-") and not arg.startswith("--") and len(arg) > 2
                and arg not in known and arg[:2] not in known):
            return None  # a positional argument: the query
        return original(arg)

    parser._parse_optional = parse_optional  # type: ignore[method-assign]


def filters_from(args: argparse.Namespace) -> Filters:
    return Filters(mechanics=args.mechanic, roles=args.role, name=args.name, text=args.text,
                   query=" ".join(args.query) or None, limit=args.limit)


def _non_negative(text: str) -> int:
    """argparse type for --limit: a whole number, 0 or more (argparse names the option)."""
    try:
        value = int(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from exc
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value
