"""``mtgkit check-rulings``: which rulings and rules the scenarios cover, and whether they pass.

Runs every scenario whose ``source`` names a ruling (``ruling 2021-09-24, Tavern Ruffian: If it
is night, ...``) or a rule (``CR 722.3c``), then prints one line per card ruling of the
``rulings`` table (the embedded sample's rulings when the database has none) and one per rule
cited. ``--mechanic`` keeps the cards tagged with that mechanic. Examples::

    mtgkit check-rulings
    mtgkit check-rulings --mechanic prepare
    mtgkit check-rulings --card "Emeritus of Conflict" --card "Prepare // Fight"
    mtgkit check-rulings tests/scenarios/rulings --covered-only
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from mtgkit.errors import UserError

_FOLDER_OF = {"end_the_turn": "end_turn"}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check-rulings", help="run the scenarios linked to rulings/rules and report coverage",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*",
                        help="scenario files or folders (default: tests/scenarios)")
    parser.add_argument("--mechanic", help="only cards tagged with this mechanic "
                        "(day_night, initiative, prepare, end_the_turn)")
    parser.add_argument("--cards", nargs="*", default=[], help="extra Scryfall .json/.jsonl files")
    parser.add_argument("--card", action="append", default=[], metavar="NAME",
                        help="only this card's rulings (full or face name; repeatable)")
    parser.add_argument("--covered-only", action="store_true",
                        help="list only rulings some scenario covers")
    parser.add_argument("--rules", type=Path, metavar="CR.txt",
                        help="the Comprehensive Rules text: flag cited rule numbers it lacks")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(func=run)


def default_scenario_dir() -> Path:
    here = Path("tests/scenarios")
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "tests" / "scenarios"


def _open_db(args: argparse.Namespace) -> Any:
    db_path = args.db or os.environ.get("MTGKIT_DB")
    if db_path is None and Path("mtgkit.duckdb").exists():
        db_path = "mtgkit.duckdb"
    if not db_path:
        return None
    from mtgkit.commands._common import open_store

    return open_store(argparse.Namespace(db=db_path), read_only=True)


def _load_rulings(store: Any, mechanic: str | None) -> tuple[list[Any], str]:
    from rules_engine import rulings_check as rc

    if store is not None:
        from db.sim import rulings_with_cards

        rows = rulings_with_cards(store, mechanic)
        if rows or mechanic:
            return rc.rulings_from_rows(rows), f"database {store.path}"
    from rules_engine.cards import default_sample_path

    sample = default_sample_path().parent
    if not (sample / "rulings.jsonl").exists():
        raise UserError("no rulings: the database has none and the embedded sample is missing")
    rulings = rc.rulings_from_files(sample / "cards.jsonl", sample / "rulings.jsonl")
    if mechanic:
        rulings = _filter_sample_by_mechanic(rulings, sample / "cards.jsonl", mechanic)
    return rulings, "embedded sample"


def _filter_sample_by_mechanic(rulings: list[Any], cards_path: Path, mechanic: str) -> list[Any]:
    from classifier import card_text_from_scryfall, mechanics_of, tag_card

    tagged = set()
    for line in cards_path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            card = json.loads(line)
            if mechanic in mechanics_of(tag_card(card_text_from_scryfall(card))):
                tagged.add(card["oracle_id"])
    return [r for r in rulings if r.oracle_id in tagged]


def run(args: argparse.Namespace) -> int:
    from mtgkit.commands._cards import card_source
    from rules_engine import rulings_check as rc
    from rules_engine.errors import ScenarioError
    from rules_engine.scenario import load_file, run_scenario, scenario_files

    paths = args.paths or [default_scenario_dir()]
    files = scenario_files(paths)
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        raise UserError(f"no such scenario file: {', '.join(missing)}")
    known_rules = None
    if args.rules is not None:
        try:
            known_rules = rc.rule_numbers_in(args.rules.read_text(encoding="utf-8"))
        except OSError as exc:
            raise UserError(f"{args.rules}: cannot read the rules ({exc.strerror})") from exc
    store = _open_db(args)
    try:
        rulings, origin = _load_rulings(store, args.mechanic)
        selected = None
        if args.card:
            try:  # report only these cards' rulings; link against all (no false "unresolved")
                selected = rc.select_cards(rulings, args.card)
            except ValueError as exc:
                raise UserError(str(exc)) from exc
        source = card_source(args.cards, store)
        index = rc.CardIndex(rulings)
        scenarios: list[rc.ScenarioInfo] = []
        loaded = []
        for f in files:
            try:
                items = load_file(f)
            except ScenarioError as exc:
                raise UserError(str(exc)) from exc
            for scn in items:
                refs = rc.parse_source(scn.get("source"), index)
                if rc.is_linked(refs):
                    info = rc.ScenarioInfo(str(f), str(scn.get("name", "")),
                                           str(scn.get("source", "")), refs)
                    scenarios.append(info)
                    loaded.append((info, scn, f))
        coverage = rc.link(scenarios, rulings)
        if args.mechanic:
            keep = _mechanic_scenarios(coverage, scenarios, args.mechanic)
            loaded = [x for x in loaded if id(x[0]) in keep]
            coverage = rc.link([x[0] for x in loaded], rulings)
        if selected is not None:
            coverage.rulings = selected
        for info, scn, f in loaded:
            result = run_scenario(scn, source, f)
            info.passed = result.passed
            info.failures = result.failures
    finally:
        if store is not None:
            store.close()
    unknown = sorted(n for n in coverage.by_rule if known_rules is not None
                     and n not in known_rules)
    if args.format == "json":
        report = _as_json(coverage, origin)
        report["rules_not_in_cr"] = unknown if known_rules is not None else None
        print(json.dumps(report, indent=1))
    else:
        _print_text(coverage, origin, args.covered_only)
        if unknown:
            print(f"cited rule numbers not in {args.rules}: {', '.join(unknown)}")
            for num in unknown:
                for s in coverage.by_rule[num]:
                    print(f"    {num:10} {s.file}")
    counts = coverage.counts()
    return 1 if counts["fail"] or counts["rules_fail"] or unknown else 0


def _mechanic_scenarios(coverage: Any, scenarios: list[Any], mechanic: str) -> set[int]:
    """Ids of the scenarios tied to the mechanic's rulings or kept in its scenario folder."""
    keep = {id(s) for scns in coverage.by_ruling.values() for s in scns}
    folder = _FOLDER_OF.get(mechanic, mechanic)
    return {id(s) for s in scenarios if id(s) in keep or folder in Path(s.file).parts}


def _short(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


def _print_text(coverage: Any, origin: str, covered_only: bool) -> None:
    print(f"card rulings ({origin})")
    current = None
    for r in coverage.rulings:
        scns = coverage.by_ruling.get(r.key, [])
        if covered_only and not scns:
            continue
        if r.card != current:
            current = r.card
            print(f"  {r.card}")
        status = coverage.status(scns)
        print(f"    {status:9} {r.date or '----------'}  {_short(r.comment, 70):70}  "
              f"{len(scns)} scenario{'s' if len(scns) != 1 else ''}")
        for s in scns:
            if not s.passed:
                print(f"              failing: {s.file}: {s.name}")
    print("rules cited by scenarios")
    for num, scns in coverage.by_rule.items():
        status = coverage.status(scns)
        failing = [s for s in scns if not s.passed]
        extra = f"  failing: {', '.join(Path(s.file).name for s in failing)}" if failing else ""
        print(f"    {status:9} {num:10} {len(scns):3} scenarios{extra}")
    if coverage.unresolved:
        print("ruling references that match no ruling (stale or mistyped links)")
        for s, ref in coverage.unresolved:
            print(f"    {s.file}: {_short(ref.text, 90)}")
    if coverage.no_rulings:
        print(f"ruling references naming cards with no rulings in the {origin} (not checked here)")
        for s, ref in coverage.no_rulings:
            print(f"    {s.file}: {_short(ref.text, 90)}")
    c = coverage.counts()
    print(f"rulings: {c['rulings']} total, {c['covered']} covered ({c['pass']} pass, "
          f"{c['fail']} fail), {c['rulings'] - c['covered']} uncovered; rules: {c['rules']} "
          f"cited ({c['rules_pass']} pass, {c['rules_fail']} fail); "
          f"{c['unresolved']} unresolved references")


def _as_json(coverage: Any, origin: str) -> dict[str, Any]:
    return {
        "origin": origin,
        "rulings": [{"card": r.card, "date": r.date, "comment": r.comment,
                     "status": coverage.status(coverage.by_ruling.get(r.key, [])),
                     "scenarios": [s.file for s in coverage.by_ruling.get(r.key, [])]}
                    for r in coverage.rulings],
        "rules": [{"rule": num, "status": coverage.status(scns),
                   "scenarios": [s.file for s in scns]}
                  for num, scns in coverage.by_rule.items()],
        "unresolved": [{"file": s.file, "reference": ref.text}
                       for s, ref in coverage.unresolved],
        "no_rulings_for_card": [{"file": s.file, "card": ref.unknown_card, "reference": ref.text}
                                for s, ref in coverage.no_rulings],
        "counts": coverage.counts(),
    }
