"""How many real decks the engine can play, per commit, and which cards block the most decks.

Issue 12 ranks engine work by real decks: of the 316 MTGO Standard decks in
``../shared/data/decks/``, 199 have every card in the shared card data ("complete"); a deck is
*fully playable* when none of its cards is blocked (an unsupported clause or a record the engine
compiles but does not run, as ``mtgkit coverage --all-cards`` reports them).

The figures are exactly those of ``../shared/hooks/before-stop`` (its logic copied here): the
blocked cards are those ``mtgkit coverage`` finds blocked in the pool
(``../shared/data/pool/cards.jsonl.gz``), the shares of the pool and of its cards released in
2021 or later fully supported, and the complete decks fully playable. A stricter figure beside
them also measures the deck cards that are not in the pool (``../cards/cards.jsonl``,
``../basics.jsonl``, ``decks/cards.jsonl``), which the hook counts as playable unmeasured.

Then the cards that block the most complete decks, each with what blocks it (its first
unsupported clause or unrun record), and the families (``rules_engine.text.families``) that
block the most decks.

Run: ``python bench/real_decks.py [--shared ../shared] [--top 20] [--json]``. One process,
about 40 s (the coverage of the 16k pool cards dominates).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from mtgkit.commands.coverage import MECHANICS, _tagger  # noqa: E402
from rules_engine.text.coverage import measure  # noqa: E402
from rules_engine.text.families import (  # noqa: E402
    blockers_by_card,
    family_key,
    subtypes_of,
)

EXTRA_FILES = ("cards/cards.jsonl", "basics.jsonl", "decks/cards.jsonl")


def _jsonl(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _decks(data: Path, known: set[str]) -> list[tuple[str, list[str]]]:
    """(file, card names) of every deck whose cards are all in the card data."""
    out = []
    with open(data / "decks" / "index.csv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            with open(data / "decks" / row["file"], encoding="utf-8") as deck:
                names = [line.rstrip("\n").split(" ", 1)[1] for line in deck if line.strip()]
            if all(n in known for n in names):
                out.append((row["file"], names))
    return out


def _blocked(cards: list[dict]):
    report = measure(iter(cards), _tagger(), MECHANICS, rank_all=True)
    blockers = blockers_by_card(report.unsupported, report.not_run)
    return report, blockers


def _commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(REPO), "log", "-1", "--format=%h %s"],
                              capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path,
                        default=Path(os.environ.get("MTGKIT_SHARED", REPO.parent / "shared")))
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    data = args.shared / "data"
    if not (data / "pool" / "cards.jsonl.gz").is_file():
        print(f"needs the shared pool at {data / 'pool'}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    pool = _jsonl(data / "pool" / "cards.jsonl.gz")
    extra = [c for f in EXTRA_FILES if (data / f).is_file() for c in _jsonl(data / f)]
    pool_names = {c["name"] for c in pool}
    known = pool_names | {c["name"] for c in extra}
    decks = _decks(data, known)

    report, blockers = _blocked(pool)
    recent = [c for c in pool if (c.get("released_at") or "") >= "2021"]

    def share(cs: list[dict]) -> float:
        return sum(c["name"] not in blockers for c in cs) / max(1, len(cs))
    playable = sum(all(n not in blockers for n in names) for _f, names in decks)
    # stricter: also the deck cards outside the pool (each name once)
    outside = {c["name"]: c for c in extra if c["name"] not in pool_names
               and (c.get("lang") or "en") == "en"}
    r2, extra_blockers = _blocked(list(outside.values()))
    labels = {k for r in (report, r2) for k, _ in r.not_run}
    all_blockers = {**extra_blockers, **blockers}
    strict = sum(all(n not in all_blockers for n in names) for _f, names in decks)

    deck_count: Counter[str] = Counter()
    for _f, names in decks:
        for n in set(names):
            if n in all_blockers:
                deck_count[n] += 1
    subtypes = subtypes_of(c.get("type_line") or "" for c in pool)
    fam_decks: dict[str, set[str]] = {}
    for f, names in decks:
        for n in set(names):
            for b in all_blockers.get(n, ()):
                key = b if b in labels else family_key(b, subtypes)
                fam_decks.setdefault(key, set()).add(f)
    fams = sorted(fam_decks.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    figures = {
        "commit": _commit(),
        "pool_fully_supported": round(share(pool), 4),
        "pool_2021_fully_supported": round(share(recent), 4),
        "complete_decks": len(decks),
        "decks_fully_playable": playable,
        "decks_fully_playable_strict": strict,
        "cards_blocking_most_decks": [
            {"card": n, "decks": k, "first_blocker": all_blockers[n][0]}
            for n, k in deck_count.most_common(args.top)],
        "families_blocking_most_decks": [
            {"family": key, "decks": len(fs)} for key, fs in fams[:args.top]],
        "seconds": round(time.perf_counter() - t0, 1),
    }
    if args.json:
        json.dump(figures, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    print(f"commit {figures['commit']}")
    print(f"pool: {share(pool):.1%} fully supported ({share(recent):.1%} of 2021+), "
          f"{len(pool)} cards")
    print(f"complete real decks fully playable: {playable}/{len(decks)} "
          f"(strict, deck cards outside the pool measured too: {strict}/{len(decks)}); "
          "issue 12 asks 80%")
    print(f"\ncards blocking the most decks (top {args.top}):")
    for row in figures["cards_blocking_most_decks"]:
        print(f"{row['decks']:>4}  {row['card']}  <- {row['first_blocker'][:90]}")
    print(f"\nfamilies blocking the most decks (top {args.top}):")
    for row in figures["families_blocking_most_decks"]:
        print(f"{row['decks']:>4}  {row['family'][:110]}")
    print(f"\n({figures['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
