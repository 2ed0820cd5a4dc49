"""triggers.check skips the battlefield scan for an event no permanent's triggered ability
listens to (an index rebuilt whenever objects.ABILITY_CHANGES moves). With VERIFY_INDEX every
skipped scan runs anyway and must trigger nothing: checked over every scenario and a spread of
simulated games, plus the ways a permanent gains a trigger after the index was built."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from rules_engine import compiled, triggers
from rules_engine.cards import CardLibrary, DictCardSource, default_sample_path, read_card_file
from rules_engine.deckfile import read_deck, sample_decks
from rules_engine.game import Game
from rules_engine.objects import Mod
from rules_engine.scenario import run_file, scenario_files
from rules_engine.sim_runner import card_dicts_for, game_seed, play_game

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
UPKEEP_TRIGGER_CARD = "Gatstaf Shepherd"  # "At the beginning of each upkeep, if no spells ..."


@pytest.fixture
def sample_source() -> DictCardSource:
    return DictCardSource(read_card_file(default_sample_path()))


@pytest.fixture
def verify_index(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(triggers, "VERIFY_INDEX", True)


def _game(source: DictCardSource) -> Game:
    game = Game(["a", "b"], CardLibrary(source))
    game.turn = 3
    game.step = "main1"
    return game


def _upkeep(game: Game) -> None:
    game.step = "upkeep"
    game.log("step_began", step="upkeep", player=game.active)


def test_index_lists_what_the_battlefield_listens_to(sample_source) -> None:
    game = _game(sample_source)
    a = game.players[0]
    game.new_object(game.card_def("Grizzly Bears"), a, "battlefield")
    _upkeep(game)
    assert game.trigger_index is not None and "step_began" not in game.trigger_index[1]
    assert not game.pending_triggers
    game.new_object(game.card_def(UPKEEP_TRIGGER_CARD), a, "battlefield")
    _upkeep(game)  # the entering permanent moved the count: the index is rebuilt
    assert "step_began" in game.trigger_index[1]
    assert [p.name for p in game.pending_triggers] == [UPKEEP_TRIGGER_CARD]


def test_trigger_granted_after_the_index_was_built_is_seen(sample_source) -> None:
    game = _game(sample_source)
    a = game.players[0]
    bears = game.new_object(game.card_def("Grizzly Bears"), a, "battlefield")
    _upkeep(game)
    assert not game.pending_triggers
    shepherd = game.card_def(UPKEEP_TRIGGER_CARD)
    probe = game.new_object(shepherd, a, "exile")
    granted = tuple(compiled.triggered_abilities(probe))
    assert granted
    bears.mods.append(Mod(abilities=granted, until="eot"))  # "gains '...' until end of turn"
    _upkeep(game)
    assert [p.source for p in game.pending_triggers] == [bears]


def test_moving_a_listener_into_play_from_another_zone_is_seen(sample_source) -> None:
    game = _game(sample_source)
    a = game.players[0]
    card = game.new_object(game.card_def(UPKEEP_TRIGGER_CARD), a, "hand")
    _upkeep(game)
    assert not game.pending_triggers
    game.move(card, "battlefield", controller=a)
    _upkeep(game)
    assert [p.source for p in game.pending_triggers] == [card]


def test_skipped_scans_never_trigger_in_scenarios(verify_index, sample_source) -> None:
    failed = []
    for path in scenario_files([SCENARIOS]):
        failed += [f"{path.name}: {r.name}: {r.failures}" for r in run_file(path, sample_source)
                   if not r.passed]
    assert not failed, "\n".join(failed)


def test_skipped_scans_never_trigger_in_simulated_games(verify_index, sample_source) -> None:
    decks = {p.stem: read_deck(p).card_names() for p in sample_decks()}
    names = [n for d in decks.values() for n in d]
    lib = CardLibrary(DictCardSource(card_dicts_for(sample_source.get, names)))
    for policy in ("random", "greedy"):
        for a, b in itertools.combinations_with_replacement(sorted(decks), 2):
            for i in range(2):
                rec = play_game(lib, decks[a], decks[b], index=i, seed=game_seed(5, i),
                                policy=policy, keep_events=False)
                assert not rec.reason.startswith("engine error"), (a, b, policy, rec.reason)
