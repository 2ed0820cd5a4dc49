"""How fast the mechanic classifier tags cards, beside a single-regex baseline.

    python bench/classify.py --n 100000
    python bench/classify.py --score      # also print precision/recall on the shared labels
    python bench/classify.py --rules      # also print what each rule contributes (leave-out)

Makes N synthetic cards: copies of the shared cards (../shared/data/cards, read, never
copied into the project), each with a new oracle_id and name (the old name is replaced in
its own text too, so self-references stay self-references), carrying the card's Japanese
printing when it has one.  Then, in the same run:

  ours      classifier.tag_card on every card (all faces, English and Japanese text)
  baseline  one precompiled regex (the mechanics' key phrases in one alternation)
            searched once over each lower-cased face text, stopping at the card's first
            hit: the floor for "look at every text once", with no masking, roles,
            evidence or near-miss handling.  (Lower-casing and a case-sensitive pattern
            is the fast way to do it in Python; re.IGNORECASE on the same alternation
            is about 3x slower, which would flatter our figure.)

and prints both, the ratio, and the time to build the CardText records (reported
apart: that is Scryfall-dict handling, not classification).  Target: 100k cards < 5 s.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classifier import MECHANICS, CardText, card_text_from_scryfall, tag_card  # noqa: E402
from classifier.evaluate import has_japanese_text, japanese_only, score  # noqa: E402

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cards"

BASELINE = re.compile(
    r"daybound|nightbound|it becomes (?:day|night)|(?:day|night) becomes|neither day nor night"
    r"|it'?s (?:day|night)|the initiative|into undercity|prepared|end the turn"
    r"|日暮|夜明|(?:昼|夜)になる|昼でも夜でもない|イニシアチブ|地下街探索|準備済状態|未準備状態"
    r"|ターンを終了"
)


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        sys.exit(f"needs ../shared beside the repository (looked for {path})")
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _renamed(record: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A deep-enough copy of a Scryfall record with `old` name replaced by `new` in texts."""
    out = dict(record)
    for key in ("name", "oracle_text"):
        if isinstance(out.get(key), str):
            out[key] = out[key].replace(old, new)
    if isinstance(out.get("card_faces"), list):
        faces = []
        for face in out["card_faces"]:
            face = dict(face)
            for key in ("name", "oracle_text"):
                if isinstance(face.get(key), str):
                    face[key] = face[key].replace(old, new)
            faces.append(face)
        out["card_faces"] = faces
    return out


def synthetic(n: int) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """N (card, ja) pairs cycling over the shared cards, each a distinct new card."""
    cards = _read_jsonl(SHARED / "cards.jsonl")
    ja = {c["oracle_id"]: c for c in _read_jsonl(SHARED / "cards_ja.jsonl")}
    out = []
    for i in range(n):
        base = cards[i % len(cards)]
        # Rename the first face name (every face name for single-faced cards).
        old = (base.get("card_faces") or [base])[0]["name"]
        card = _renamed(base, old, f"{old} Mk{i}")
        oid = str(uuid.UUID(int=i + 1))
        card["oracle_id"] = oid
        card["id"] = str(uuid.UUID(int=(1 << 100) + i))
        printing = ja.get(base["oracle_id"])
        if printing is not None:
            printing = dict(printing, oracle_id=oid)
        out.append((card, printing))
    return out


def _texts(card: CardText) -> list[str]:
    return [t for f in card.faces for t in (f.oracle_text, f.text_ja) if t]


def time_ours(cards: list[CardText]) -> tuple[float, int]:
    start = time.perf_counter()
    positives = 0
    for card in cards:
        if tag_card(card):
            positives += 1
    return time.perf_counter() - start, positives


def time_baseline(texts: list[list[str]]) -> tuple[float, int]:
    search = BASELINE.search
    start = time.perf_counter()
    positives = 0
    for card_texts in texts:
        for text in card_texts:
            if search(text.lower()):
                positives += 1
                break
    return time.perf_counter() - start, positives


def print_scores() -> None:
    """Card-level P/R per mechanic on the shared labels: English, and Japanese text alone."""
    runs, labels = _shared_runs()
    for lang, measured in runs.items():
        scores, errors = score(measured, labels, tag_card)
        print(f"[{lang}] {len(measured):,} cards")
        for m in MECHANICS:
            s = scores[m]
            print(
                f"  {m:13} tp={s.tp:3} fp={s.fp:3} fn={s.fn:3}  "
                f"P={s.precision:.2f} R={s.recall:.2f}  {errors[m] if s.fp or s.fn else ''}"
            )


def _shared_runs() -> tuple[dict[str, list[CardText]], dict[str, set[str]]]:
    """The shared cards as measured by --score (English; Japanese text alone) and labels."""
    import csv

    cards = _read_jsonl(SHARED / "cards.jsonl")
    ja = {c["oracle_id"]: c for c in _read_jsonl(SHARED / "cards_ja.jsonl")}
    with (SHARED / "labels.csv").open(encoding="utf-8") as fh:
        labels = {r["oracle_id"]: {m for m in MECHANICS if r[m] == "1"} for r in csv.DictReader(fh)}
    both = [card_text_from_scryfall(c, ja.get(c["oracle_id"])) for c in cards]
    runs = {
        "en": [card_text_from_scryfall(c) for c in cards],
        "ja": [japanese_only(c) for c in both if has_japanese_text(c)],
    }
    return runs, labels


def print_rules() -> None:
    """Leave-one-rule-out view: per rule, the shared cards it fires on and alone carries.

    A rule that fires on one or two cards may be fitted to them ("narrow"); a rule whose
    removal loses no card ("sole" 0) is redundant on the visible set but may still be
    what a held-out card needs (judge it by the CR text it implements, not by counts).
    """
    from classifier import RULE_SETS, explain_card
    from classifier.evaluate import rule_usage
    from classifier.mechanics import PREPARE_CARD_RULE_NAME

    runs, labels = _shared_runs()
    for lang, measured in runs.items():
        names = [(r.name, r.mechanic) for rs in RULE_SETS if rs.lang == lang for r in rs.rules]
        if lang == "en":
            names.append((PREPARE_CARD_RULE_NAME, "prepare"))
        print(f"[{lang}] rule usage on {len(measured):,} cards (fired / wrong / sole)")
        for u in rule_usage(measured, labels, explain_card, names):
            flag = "  NARROW" if u.narrow else ""
            sole = f"  sole: {', '.join(u.sole[:3])}" if u.sole and u.narrow else ""
            print(
                f"  {u.rule:38} {len(u.fired):4} {len(u.wrong):3} {len(u.sole):4}{flag}"
                f"{sole}{'  WRONG: ' + ', '.join(u.wrong[:3]) if u.wrong else ''}"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--n", type=int, default=100_000, help="number of synthetic cards")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--score", action="store_true", help="print P/R on the shared labels")
    parser.add_argument("--rules", action="store_true", help="print each rule's contribution")
    args = parser.parse_args()
    if args.score:
        print_scores()
    if args.rules:
        print_rules()

    pairs = synthetic(args.n)
    build = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        cards = [card_text_from_scryfall(card, ja) for card, ja in pairs]
        build = min(build, time.perf_counter() - start)
    texts = [_texts(c) for c in cards]
    n_texts = sum(len(t) for t in texts)

    ours = min(time_ours(cards) for _ in range(args.repeat))
    base = min(time_baseline(texts) for _ in range(args.repeat))
    print(f"cards: {args.n:,}  face texts (en+ja): {n_texts:,}  best of {args.repeat}")
    print(f"build CardText : {build:7.3f} s")
    print(
        f"ours  tag_card : {ours[0]:7.3f} s  ({args.n / ours[0]:,.0f} cards/s), "
        f"{ours[1]:,} cards tagged"
    )
    print(
        f"baseline regex : {base[0]:7.3f} s  ({args.n / base[0]:,.0f} cards/s), "
        f"{base[1]:,} cards matched"
    )
    print(f"ratio ours/baseline: {ours[0] / base[0]:.2f}x")
    target = 5.0 * args.n / 100_000
    verdict = "OK" if ours[0] < target else "OVER"
    print(f"target < {target:.2f} s for {args.n:,} cards: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
