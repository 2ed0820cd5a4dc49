"""sba.check_all skips checks that cannot act; with VERIFY_SKIPS every skipped check runs anyway
and must find nothing (the reference behaviour). Covers every scenario and a spread of
simulated games over all sample deck pairs and both policies."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from rules_engine import sba
from rules_engine.cards import CardLibrary, DictCardSource, default_sample_path, read_card_file
from rules_engine.deckfile import read_deck, sample_decks
from rules_engine.game import Game
from rules_engine.scenario import run_file, scenario_files
from rules_engine.sim_runner import card_dicts_for, game_seed, play_game

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.fixture
def sample_source() -> DictCardSource:
    return DictCardSource(read_card_file(default_sample_path()))


@pytest.fixture
def verify_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sba, "VERIFY_SKIPS", True)
    monkeypatch.setattr(Game, "skip_quiet_sba_checks", True)  # scenario games too


def test_skipped_checks_never_act_in_scenarios(verify_skips, sample_source) -> None:
    failed = []
    for path in scenario_files([SCENARIOS]):
        failed += [f"{path.name}: {r.name}: {r.failures}" for r in run_file(path, sample_source)
                   if not r.passed]
    assert not failed, "\n".join(failed)


def test_skipped_checks_never_act_in_simulated_games(verify_skips) -> None:
    source = DictCardSource(read_card_file(default_sample_path()))
    decks = {p.stem: read_deck(p).card_names() for p in sample_decks()}
    library = CardLibrary(DictCardSource(card_dicts_for(
        source.get, [n for d in decks.values() for n in d])))
    reasons = []
    for policy in ("random", "greedy"):
        for a, b in itertools.combinations_with_replacement(sorted(decks), 2):
            for i in range(3):
                rec = play_game(library, decks[a], decks[b], index=i, seed=game_seed(23, i),
                                policy=policy, keep_events=False)
                if "error" in rec.reason:
                    reasons.append(f"{a} vs {b} ({policy}, game {i}): {rec.reason}")
    assert not reasons, "\n".join(reasons)


def test_a_check_that_would_act_is_reported(verify_skips, sample_source) -> None:
    """The verifier is live: a change SBA_QUIET_EVENTS hides (life set directly) is caught."""
    from rules_engine.simulate import new_game

    library = CardLibrary(sample_source)
    game = new_game(library, {"a": ["Plains"] * 20, "b": ["Island"] * 20}, seed=1)
    sba.check_all(game)
    assert not game.sba_dirty
    assert game.skip_quiet_sba_checks  # new_game turns the skip on for simulated games
    game.players[1].life = 0  # no event logged: the skip would miss it
    with pytest.raises(sba.SkippedCheckWouldAct, match="skipped state-based action check"):
        sba.check_all(game)
