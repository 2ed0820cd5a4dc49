"""Fuzz corpus: complete games between random decks of real cards never written for the engine.

The sample decks are small and hand-picked; these games draw two-colour decks from every card in
../shared/data/cards that compiles fully and that the engine runs (rules_engine.support.not_run
empty): the mechanic cards plus hundreds of others. A game may end in any legal way, but never
with an engine error and never with an unsupported clause (the pool excludes those cards, so
one would mean the coverage report is wrong).
"""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

from rules_engine.cards import CardLibrary, DictCardSource
from rules_engine.sim_runner import game_seed, play_game
from rules_engine.support import engine_tables, not_run
from rules_engine.text import compile_card

MECHANICS = ("day_night", "initiative", "prepare", "end_the_turn")
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
GAMES = 40


def _read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="module")
def pools(request: pytest.FixtureRequest) -> tuple[dict[str, dict], list[str], list[str]]:
    shared = request.getfixturevalue("shared_dir")
    cards = {c["name"]: c for c in _read_jsonl(shared / "data" / "cards" / "cards.jsonl")}
    basics = shared / "data" / "basics.jsonl"
    if basics.exists():
        for c in _read_jsonl(basics):
            cards.setdefault(c["name"], c)
    missing = [n for n in BASICS.values() if n not in cards]
    if missing:
        pytest.skip(f"no basic land objects for {missing} in ../shared/data")
    with (shared / "data" / "cards" / "labels.csv").open(encoding="utf-8") as f:
        tagged_names = {r["name"] for r in csv.DictReader(f) if any(r[m] == "1" for m in MECHANICS)}
    tables = engine_tables()

    def runs(name: str) -> bool:
        compiled = compile_card(cards[name])
        return compiled.fully_supported and not not_run(compiled, tables)

    spells = [n for n, c in cards.items() if "Land" not in (c.get("type_line") or "")]
    tagged = [n for n in spells if n in tagged_names and runs(n)]
    others = [n for n in spells if n not in tagged_names and runs(n)]
    return cards, tagged, others


def _deck(rng: random.Random, cards: dict[str, dict], tagged: list[str],
          others: list[str]) -> list[str]:
    pair = set(rng.sample(sorted(BASICS), 2))

    def fits(name: str) -> bool:
        card = cards[name]
        return set(card.get("color_identity") or card.get("colors") or ()) <= pair

    mech = [n for n in tagged if fits(n)] or tagged
    rest = [n for n in others if fits(n)] or others
    lands = [BASICS[c] for c in sorted(pair)] * 12
    return [rng.choice(mech) for _ in range(20)] + [rng.choice(rest) for _ in range(16)] + lands


def test_random_real_card_decks_play_to_the_end(pools) -> None:
    cards, tagged, others = pools
    assert len(tagged) >= 50, f"only {len(tagged)} mechanic cards are fully run"
    library = CardLibrary(DictCardSource(list(cards.values())))
    rng = random.Random(2026)
    bad = []
    for i in range(GAMES):
        deck_a, deck_b = _deck(rng, cards, tagged, others), _deck(rng, cards, tagged, others)
        policy = "greedy" if i % 2 else "random"
        rec = play_game(library, deck_a, deck_b, index=i, seed=game_seed(2026, i),
                        policy=policy, keep_events=False)
        if rec.reason.startswith(("engine error", "unsupported")):
            bad.append(f"game {i} ({policy}): {rec.reason}")
    assert not bad, "\n".join(bad)
