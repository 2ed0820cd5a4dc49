"""Complete simulated games: reproducible per seed and worker count; problems recorded."""

from __future__ import annotations

import pytest

from rules_engine import sim_runner, turn
from rules_engine.cards import CardLibrary, DictCardSource, default_sample_path, read_card_file
from rules_engine.deckfile import read_deck, sample_decks_dir

SAMPLE = read_card_file(default_sample_path())


def _spec(deck_a: str, deck_b: str, seed: int, policy: str = "random", **kw) -> sim_runner.RunSpec:
    source = DictCardSource(SAMPLE)
    a = read_deck(sample_decks_dir() / f"{deck_a}.txt").card_names()
    b = read_deck(sample_decks_dir() / f"{deck_b}.txt").card_names()
    return sim_runner.RunSpec(sim_runner.card_dicts_for(source.get, a + b), tuple(a), tuple(b),
                              seed=seed, policy=policy, **kw)


def _rows(records):
    return [(r.game, r.seed, r.first, r.winner, r.turns, r.reason, r.moves, r.events)
            for r in records]


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = [sim_runner.game_seed(7, i) for i in range(50)]
    assert seeds == [sim_runner.game_seed(7, i) for i in range(50)]
    assert len(set(seeds)) == 50
    assert sim_runner.game_seed(8, 0) != seeds[0]


def test_same_seed_same_games_and_first_player_alternates() -> None:
    spec = _spec("vanilla", "day_night", seed=11)
    first = list(sim_runner.run_games(spec, 3))
    again = list(sim_runner.run_games(spec, 3))
    assert _rows(first) == _rows(again)
    assert [r.first for r in first] == ["a", "b", "a"]
    for r in first:
        assert r.turns >= 1 and r.moves > 0 and r.reason
        assert r.winner in ("a", "b", None)
        if r.winner is not None:
            loser = "b" if r.winner == "a" else "a"
            assert r.reason.startswith(f"{loser} lost")
    other = list(sim_runner.run_games(_spec("vanilla", "day_night", seed=12), 3))
    assert _rows(other) != _rows(first)


def test_workers_do_not_change_results() -> None:
    spec = _spec("prepare", "end_turn", seed=5, policy="greedy")
    serial = list(sim_runner.run_games(spec, 4, workers=1))
    parallel = list(sim_runner.run_games(spec, 4, workers=2))
    assert _rows(serial) == _rows(parallel)


def test_mechanic_counters_come_from_the_event_log() -> None:
    records = list(sim_runner.run_games(_spec("day_night", "day_night", seed=3), 3))
    for r in records:
        names = [e[2] for e in r.events]
        assert r.day_night_changes == sum(n in sim_runner.DAY_NIGHT_EVENTS for n in names)
        assert r.turns_ended_early == names.count("turn_ended")
    assert any(r.day_night_changes for r in records)


def test_unsupported_clause_is_recorded_not_raised() -> None:
    odd = {"object": "card", "name": "Whirring Oddity", "layout": "normal", "mana_cost": "{1}",
           "type_line": "Artifact Creature — Construct", "power": "1", "toughness": "1",
           "oracle_text": "When this creature enters, rotate the multiverse sideways.",
           "colors": [], "keywords": []}
    library = CardLibrary(DictCardSource([*SAMPLE, odd]))
    deck = ["Whirring Oddity"] * 20 + ["Mountain"] * 20
    rec = sim_runner.play_game(library, deck, deck, index=0, seed=1, policy="greedy")
    assert rec.reason.startswith("unsupported: ")
    assert "multiverse" in rec.reason
    assert rec.winner is None


def test_engine_error_is_recorded_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}
    real = turn.pass_priority

    def flaky(game):
        calls["n"] += 1
        if calls["n"] == 30:
            raise KeyError("boom")
        return real(game)

    monkeypatch.setattr(turn, "pass_priority", flaky)
    library = CardLibrary(DictCardSource(SAMPLE))
    deck = read_deck(sample_decks_dir() / "vanilla.txt").card_names()
    rec = sim_runner.play_game(library, deck, deck, index=0, seed=2)
    assert rec.reason.startswith("engine error: KeyError")
    assert rec.winner is None


def test_turn_limit_is_a_draw() -> None:
    library = CardLibrary(DictCardSource(SAMPLE))
    lands = ["Island"] * 40
    rec = sim_runner.play_game(library, lands, lands, index=0, seed=1, max_turns=3)
    assert rec.reason == "turn limit (3)"
    assert rec.winner is None and rec.turns == 4


def test_replay_reproduces_one_game_of_a_run_with_its_log() -> None:
    spec = _spec("end_turn", "prepare", seed=7, policy="greedy")
    records = list(sim_runner.run_games(spec, 3))
    again = sim_runner.replay_game(spec, 2)
    assert _rows([again]) == _rows(records[2:])
    assert again.log and any("spell_cast" in line for line in again.log)
