"""``mtgkit coverage``: how many mechanic-tagged cards the compiler and the engine fully support.

Per mechanic: tagged cards, cards fully supported (every clause compiles AND the engine runs
every compiled record: :func:`rules_engine.support.not_run`), cards that only compile fully,
and unsupported clauses that contain the mechanic's evidence; then the unsupported clauses
and the record kinds the engine does not run, each ranked by how many cards they block.
Without ``--cards`` it reads the database's cards. Examples::

    mtgkit coverage
    mtgkit coverage --cards ../shared/data/cards/cards.jsonl --format json
    mtgkit coverage --mechanic prepare --cards cards.jsonl
    mtgkit coverage --cards cards.jsonl --all-cards --families

``--families`` groups the unsupported clauses into families (one template: numbers -> N, mana
symbols -> {M}, card types and subtypes -> NOUN, colours -> COLOR, the card's name -> ~) and
ranks them, with the record kinds compiled but not run, by cards blocked
(:mod:`rules_engine.text.families`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from db.errors import BadCardData
from db.read import iter_objects
from mtgkit.commands._common import open_store
from mtgkit.errors import UserError

MECHANICS = ("day_night", "initiative", "prepare", "end_the_turn")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "coverage",
        help="how many mechanic cards the Oracle-text compiler fully supports",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--mechanic", action="append", choices=MECHANICS, metavar="M",
                        help=f"only this mechanic (repeatable): {', '.join(MECHANICS)}")
    parser.add_argument("--cards", nargs="+", type=Path, metavar="FILE",
                        help="card files (Scryfall JSON lines or a JSON array) instead of the "
                             "database")
    parser.add_argument("--format", choices=["table", "json"], default="table")
    parser.add_argument("--top", type=int, default=25,
                        help="unsupported clauses to list in the table (default 25)")
    parser.add_argument("--all-cards", action="store_true",
                        help="rank unsupported clauses over every card, not only tagged ones")
    parser.add_argument("--families", action="store_true",
                        help="group unsupported clauses into families (same template with "
                             "numbers, mana, nouns normalised) ranked by cards blocked")
    parser.set_defaults(func=run)


def _read_files(paths: Iterable[Path]) -> Iterator[dict[str, Any]]:
    """English card objects from Scryfall files, through the store's streaming reader
    (``.json`` arrays, ``.jsonl``, ``.jsonl.gz``); a bad record stops with its file and line."""
    for path in paths:
        if not path.is_file():
            raise UserError(f"no such file: {path}")
        try:
            for _line, obj in iter_objects(path):
                if isinstance(obj, BadCardData):
                    raise UserError(str(obj))
                if obj.get("lang", "en") == "en":
                    yield obj
        except BadCardData as exc:
            raise UserError(str(exc)) from exc


def _tagger():
    from classifier.scryfall import card_text_from_scryfall
    from classifier.tag import tag_card

    def tag(card: dict[str, Any]):
        try:
            return tag_card(card_text_from_scryfall(card))
        except ValueError:
            return []
    return tag


def run(args: argparse.Namespace) -> int:
    from rules_engine.text.coverage import measure

    tagger = _tagger()
    type_lines: list[str] = []
    if args.cards:
        report = measure(_type_lines(_read_files(args.cards), type_lines), tagger, MECHANICS,
                         only=args.mechanic, rank_all=args.all_cards)
    else:
        from db.cards import iter_card_objects

        with open_store(args, read_only=True) as store:
            report = measure(_type_lines(iter_card_objects(store), type_lines), tagger,
                             MECHANICS, only=args.mechanic, rank_all=args.all_cards)
    fams = _families(report, type_lines) if args.families else None
    if args.format == "json":
        out = report.to_json()
        if fams is not None:
            out["families"] = [f.to_json() for f in fams]
        json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    print(f"{'mechanic':<14}{'cards':>7}{'fully':>7}{'%':>7}{'compiled':>10}"
          f"{'mech. clauses':>15}")
    rows = list(report.mechanics.items())
    rows.append(("all measured", report.totals))
    for mech, cov in rows:
        pct = 100.0 * cov.fully_supported / cov.cards if cov.cards else 0.0
        clauses = "" if cov is report.totals else str(cov.unsupported_mechanic_clauses)
        print(f"{mech:<14}{cov.cards:>7}{cov.fully_supported:>7}{pct:>6.1f}%"
              f"{cov.compiled_fully:>10}{clauses:>15}")
    _outside(report)
    if fams is not None:
        _family_ranking(fams, args.top)
        return 0
    _ranking(f"unsupported clauses (top {args.top} of {len(report.unsupported)}), "
             "by cards blocked:", report.unsupported, args.top)
    _ranking(f"compiled but not run by the engine (top {args.top} of {len(report.not_run)}), "
             "by cards blocked:", report.not_run, args.top)
    return 0


def _ranking(title: str, ranked: list[tuple[str, list[str]]], top: int) -> None:
    if not ranked:
        return
    print(f"\n{title}")
    for key, cards in ranked[:top]:
        shown = ", ".join(cards[:3]) + (" ..." if len(cards) > 3 else "")
        print(f"{len(cards):>4}  {key}  [{shown}]")


def _type_lines(cards: Iterable[dict[str, Any]], into: list[str]) -> Iterator[dict[str, Any]]:
    """Pass cards through, keeping their type lines (the subtypes a family key normalises)."""
    for card in cards:
        into.append(str(card.get("type_line") or ""))
        yield card


def _families(report: Any, type_lines: list[str]) -> list[Any]:
    from rules_engine.text.families import families, subtypes_of

    return families(report.unsupported, report.not_run, subtypes_of(type_lines))


def _family_ranking(fams: list[Any], top: int) -> None:
    print(f"\nfamilies of unsupported clauses and unrun records (top {top} of {len(fams)}), "
          "by cards blocked (alone: cards that only this family blocks):")
    print(f"{'cards':>5} {'alone':>5} {'clauses':>7}  family  [example cards]")
    for fam in fams[:top]:
        shown = ", ".join(fam.cards[:3]) + (" ..." if len(fam.cards) > 3 else "")
        print(f"{len(fam.cards):>5} {len(fam.alone):>5} {len(fam.clauses):>7}  {fam.key}  "
              f"[{shown}]")


def _outside(report: Any) -> None:
    """What a two-player game cannot or need not run, with the reason (not unsupported)."""
    if not report.outside_two_player_game:
        return
    print("\noutside a two-player game (reported, not counted as unsupported unless it says "
          "so):")
    for why, cards in sorted(report.outside_two_player_game.items()):
        shown = ", ".join(sorted(cards)[:3]) + (" ..." if len(cards) > 3 else "")
        print(f"{len(cards):>4}  {why}  [{shown}]")
