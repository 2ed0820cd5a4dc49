"""The simulate runner's collector tuning: on for the run, undone afterwards in this process."""

from __future__ import annotations

import gc

from rules_engine import sim_runner
from rules_engine.cards import DictCardSource, default_sample_path, read_card_file
from rules_engine.deckfile import read_deck, sample_decks_dir


def _spec(seed: int) -> sim_runner.RunSpec:
    source = DictCardSource(read_card_file(default_sample_path()))
    deck = read_deck(sample_decks_dir() / "vanilla.txt").card_names()
    return sim_runner.RunSpec(sim_runner.card_dicts_for(source.get, deck), tuple(deck),
                              tuple(deck), seed=seed, keep_events=False)


def test_run_games_raises_threshold_during_run_and_restores_it() -> None:
    before = gc.get_threshold()
    frozen_before = gc.get_freeze_count()
    during = []
    for rec in sim_runner.run_games(_spec(3), games=2):
        during.append((gc.get_threshold()[0], gc.get_freeze_count()))
        assert rec.reason
    assert all(t >= sim_runner.GC_THRESHOLD0 for t, _ in during)
    assert all(n > 0 for _, n in during)  # the card library is frozen out of collections
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() <= frozen_before


def test_tuned_collector_plays_the_same_games() -> None:
    plain = []
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        library = sim_runner.CardLibrary(DictCardSource(_spec(5).cards))
        deck = list(_spec(5).deck_a)
        for i in range(2):
            rec = sim_runner.play_game(library, deck, deck, index=i,
                                       seed=sim_runner.game_seed(5, i), keep_log=True)
            plain.append((rec.winner, rec.turns, rec.moves, rec.log))
    finally:
        gc.set_threshold(*before)
    tuned = []
    saved = sim_runner.tune_gc()
    try:
        library = sim_runner.CardLibrary(DictCardSource(_spec(5).cards))
        for i in range(2):
            rec = sim_runner.play_game(library, deck, deck, index=i,
                                       seed=sim_runner.game_seed(5, i), keep_log=True)
            tuned.append((rec.winner, rec.turns, rec.moves, rec.log))
    finally:
        sim_runner.restore_gc(saved)
    assert tuned == plain
