"""Simulated games use the cast/time keywords (suspend, foretell, unearth, ninjutsu, evoke ...).

Seeded random games between two decks made of the pool cards of the keyword scenarios
(tests/scenarios/core/cards/): the simulator must offer the special actions and alternative
costs, the engine must take them (the events they log), and no game may end in an engine error;
state-based checks are verified (MTGKIT_VERIFY_SBA) as the scenarios' games are.
"""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest

from rules_engine import simulate
from rules_engine.cards import CardLibrary, DictCardSource

_CARDS = Path(__file__).resolve().parents[1] / "scenarios" / "core" / "cards"
_ALICE = ["Rift Bolt", "Keldon Halberdier", "Ancestral Vision", "Albino Troll", "Staggershock",
          "Mardu Scout", "Goblin Freerunner", "Shock", "Llanowar Elves", "Glacial Chasm",
          "Boon Satyr", "Electrickery", "Syphon Life", "Honored Hydra"] * 2 + \
    ["Mountain"] * 10 + ["Forest"] * 8
_BOB = ["Shriekmaw", "Night Clubber", "Body Count", "Doomskar Oracle", "Iron Verdict",
        "Dregscape Zombie", "Azra Smokeshaper", "Cold Snap", "Llanowar Elves",
        "Phyrexian Soulgorger", "Wretched Gryff", "Triton Shorethief", "Radical Idea",
        "Proven Combatant", "Murder"] * 2 + ["Swamp"] * 10 + ["Plains"] * 8
_TAKEN = ("suspended", "foretold", "rebound_exiled", "unearthed", "evoked_paid", "dashed_paid",
          "blitzed_paid", "overload_paid", "cast_bestowed", "upkeep_cost_paid")


def _library() -> CardLibrary:
    cards = [json.loads(line) for name in ("kw_cast_time.jsonl", "kw_graveyard.jsonl")
             for line in (_CARDS / name).read_text(encoding="utf-8").splitlines() if line]
    return CardLibrary(DictCardSource(cards))


def test_simulated_games_take_the_keyword_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_engine import sba

    monkeypatch.setattr(sba, "VERIFY_SKIPS", True)
    library = _library()
    seen: collections.Counter[str] = collections.Counter()
    for seed in range(40):
        game = simulate.new_game(library, {"alice": _ALICE, "bob": _BOB}, seed=seed)
        simulate.play_random(game, seed, max_moves=300)
        seen.update(e.name for e in game.events if e.name in _TAKEN)
    missing = [name for name in _TAKEN if not seen[name]]
    assert not missing, f"never taken in 40 simulated games: {missing} (seen {dict(seen)})"
