"""Face-down spells and permanents (708) in simulated games and in the log.

- random games with morph, megamorph, disguise, manifest and manifest dread cards play to their
  move limit without an engine error, and the simulator's moves cast cards face down and turn
  them face up (702.37c, 702.37e);
- 708.5: while an object is face down, the log names it only as face-down (never its card),
  also after it was turned face up, and the simulator's event records carry no card for it.
"""

from __future__ import annotations

from pathlib import Path

from rules_engine import simulate
from rules_engine.cards import CardLibrary, ChainCardSource, DictCardSource, read_card_file
from rules_engine.sim_runner import _record

_CARDS = (Path(__file__).resolve().parents[1] / "scenarios" / "face_down" / "cards"
          / "face_down.jsonl")
_MORPHS = ["Ainok Tracker", "Alley Assailant", "Aven Sunstriker", "Dwarven Blastminer"]
_DECK = (["Mountain"] * 7 + ["Plains"] * 6 + ["Swamp"] * 6 + _MORPHS * 3
         + ["Soul Summons"] * 3 + ["Unwanted Remake"] * 2 + ["Shock"] * 2)


def _library(sample_source: DictCardSource) -> CardLibrary:
    return CardLibrary(ChainCardSource([DictCardSource(read_card_file(_CARDS)), sample_source]))


def _play(sample_source: DictCardSource, seed: int) -> simulate.Game:
    game = simulate.new_game(_library(sample_source), {"a": list(_DECK), "b": list(_DECK)},
                             seed=seed)
    simulate.play_random(game, seed, max_moves=600)
    return game


def test_random_games_cast_face_down_and_turn_face_up(sample_source: DictCardSource) -> None:
    names: set[str] = set()
    for seed in range(6):
        game = _play(sample_source, seed)
        names.update(ev.name for ev in game.events)
        for obj in game.all_objects():
            # 708.9: face-down objects exist only on the battlefield and on the stack
            if obj.zone not in ("battlefield", "stack"):
                assert obj.face_down is None, f"{obj} is face down in {obj.zone}"
    assert "cast_face_down" in names
    assert "turned_face_up" in names
    assert "manifested" in names


def test_log_hides_face_down_identity(sample_source: DictCardSource) -> None:
    checked = 0
    for seed in range(6):
        game = _play(sample_source, seed)
        record = _record(game, 0, seed, "a", "limit", 0, True)
        hidden_casts = 0
        for ev in game.events:
            hidden = ev.data.get("hidden", ())
            if "obj" not in hidden:
                continue
            obj = ev.data["obj"]
            assert obj.card.name not in ev.describe(), ev.describe()
            assert "face-down" in ev.describe()
            checked += 1
            if ev.name == "spell_cast":
                hidden_casts += 1
        recorded = [r for r in record.events if r[2] == "spell_cast" and r[4] is None]
        assert len(recorded) == hidden_casts  # the simulator's rows carry no card for them
    assert checked


def test_greedy_games_use_face_down_moves(sample_source: DictCardSource) -> None:
    """The greedy policy casts face down and turns face up (sim_runner.GreedyPolicy)."""
    from rules_engine.sim_runner import play_game

    library = _library(sample_source)
    names: set[str] = set()
    for seed in range(4):
        rec = play_game(library, list(_DECK), list(_DECK), index=seed, seed=seed,
                        policy="greedy", max_turns=14, keep_log=True)
        assert not rec.reason.startswith("engine error"), rec.reason
        names.update(line.split("] ", 1)[1].split(" ", 1)[0] for line in rec.log if "] " in line)
    assert {"cast_face_down", "turned_face_up"} <= names
