"""Rule families of issue 12 item 4 (tests/scenarios/core/fam_*.yaml): the scenarios pass, and
what the scenario format can't express is checked on their game logs (a shuffle, 701.24; the
coin flip's result, 705)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.scenario import run_file

CORE = Path(__file__).resolve().parents[1] / "scenarios" / "core"


def _results(name: str, sample_source) -> list:
    results = run_file(CORE / name, sample_source)
    failed = [r for r in results if not r.passed]
    assert not failed, "\n".join(f"{r.name}:\n  " + "\n  ".join(r.failures) for r in failed)
    return results


def test_search_shuffles_only_a_searched_library(sample_source) -> None:
    """701.23 / 701.24: "If you search your library this way, shuffle" - a card taken from the
    graveyard needs no search of the library, so no shuffle; one taken from the library does."""
    graveyard, library, _exile = _results("fam_search_zones.yaml", sample_source)
    assert not any(" shuffled " in line for line in graveyard.log)
    assert any(" shuffled (player=alice)" in line for line in library.log)


def test_coin_flip_is_seeded_and_called(sample_source) -> None:
    """705.1: the same seeded coin; the call decides who wins, so heads and tails differ."""
    heads, tails = _results("fam_chance.yaml", sample_source)[:2]
    flips = [[line for line in r.log if "coin_flipped" in line] for r in (heads, tails)]
    assert len(flips[0]) == len(flips[1]) == 1
    assert "won=False" in flips[0][0] and "won=True" in flips[1][0]


@pytest.mark.parametrize("name", sorted(p.name for p in CORE.glob("fam_*.yaml")))
def test_family_scenarios_pass(name: str, sample_source) -> None:
    assert _results(name, sample_source)


def _library(sample_source, *files: str):
    from rules_engine.cards import CardLibrary, ChainCardSource, DictCardSource, read_card_file

    extra = [DictCardSource(read_card_file(CORE / "cards" / f)) for f in files]
    return CardLibrary(ChainCardSource(extra + [sample_source]))


@pytest.mark.parametrize("answer", [True, False])
def test_opening_hand_leyline(sample_source, answer: bool) -> None:
    """103.6: a Leyline in the opening hand may begin the game on the battlefield (asked of
    the player's policy before the first turn); no ability triggers for it and the game starts
    at the first turn as usual."""
    from rules_engine.simulate import new_game

    library = _library(sample_source, "fam_leyline.jsonl")
    decks = {"alice": ["Leyline of Anticipation"] * 7 + ["Island"] * 10,
             "bob": ["Island"] * 17}
    asked: list[str] = []

    def decide(player: str, prompt: str, options):
        asked.append(prompt)
        return answer if options == [False, True] else options[0]

    game = new_game(library, decks, seed=3, decide=decide)
    alice = game.players[0]
    on_battlefield = [o.name for o in game.battlefield if o.controller is alice]
    leylines_in_hand = [c for c in alice.hand if c.name == "Leyline of Anticipation"]
    if answer:
        assert on_battlefield and "Leyline of Anticipation" in on_battlefield
        assert not leylines_in_hand
        assert len(alice.hand) + len(on_battlefield) == 7
    else:
        assert not on_battlefield
    assert any("103.6" in p for p in asked)
    assert game.turn == 1 and not game.stack and not game.events
