"""The simulator's early refusal of unpayable casts (simulate._payable) must not refuse a spell
that a cost reduction makes payable (601.2f, 118.7): the engine applies the reduction once
targets are chosen (mana.modified_cost), so the simulator leaves such a cast to it."""

from __future__ import annotations

import pytest

from rules_engine import simulate as sim
from rules_engine.cards import CardLibrary, DictCardSource, default_sample_path, read_card_file
from rules_engine.game import Game

REDUCED = "The Dawning Archaic"  # {10}: "costs {1} less ... for each instant and sorcery card"
INSTANT = "Glorious End"


@pytest.fixture
def library() -> CardLibrary:
    return CardLibrary(DictCardSource(read_card_file(default_sample_path())))


def _game(library: CardLibrary, instants_in_graveyard: int) -> tuple[Game, object]:
    game = Game(["a", "b"], library)
    game.skip_quiet_sba_checks = True  # as simulate.new_game makes it
    a = game.players[0]
    game.step = "main1"
    game.priority = a
    for _ in range(2):
        game.new_object(game.card_def("Forest"), a, "battlefield")
    for _ in range(instants_in_graveyard):
        game.new_object(game.card_def(INSTANT), a, "graveyard")
    spell = game.new_object(game.card_def(REDUCED), a, "hand")
    return game, spell


def test_a_cast_payable_only_after_its_reduction_is_tried(library) -> None:
    game, spell = _game(library, 8)  # {10} - 8 = {2}, two Forests
    assert sim.apply_move(game, ("cast", spell))
    assert spell.zone in ("stack", "battlefield")


def test_a_cast_unpayable_even_after_its_reduction_is_refused(library) -> None:
    game, spell = _game(library, 7)  # {3} with two Forests
    assert not sim.apply_move(game, ("cast", spell))
    assert spell.zone == "hand" and not game.stack


def test_the_move_list_offers_a_spell_a_reduction_may_bring_in_reach(library) -> None:
    """candidate_moves filters by mana value against untapped lands; a spell with its own "costs
    {1} less" ability is offered anyway, so the policies can cast it (601.2f)."""
    game, spell = _game(library, 8)
    assert ("cast", spell) in sim.candidate_moves(game)
