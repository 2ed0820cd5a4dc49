"""Additional phases (500.8): the grammar with invented cards, and the order of the steps a
turn goes through when phases are added (the most recently created first, then the turn
resumes after the phase they were added to; 505.1a: an added main phase is postcombat)."""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import turn
from rules_engine.cards import DictCardSource
from rules_engine.mechanics import extra_phases
from rules_engine.scenario import Runner
from rules_engine.support import not_run
from rules_engine.text.compiler import compile_card
from tests.rules_engine.cardfactory import card as _card


def _phases(text: str) -> tuple[str, ...]:
    face = compile_card(_card("Phase Probe", "Sorcery", text)).faces[0]
    found = [e for e in ab.iter_effects(tuple(face.abilities))
             if isinstance(e, ab.AdditionalPhase)]
    assert len(found) == 1, text
    return found[0].phases


def test_grammar() -> None:
    assert _phases("After this main phase, there is an additional combat phase followed by "
                   "an additional main phase.") == ("combat", "main")
    assert _phases("After this phase, there is an additional combat phase.") == ("combat",)
    assert _phases("There is an additional combat phase after this phase.") == ("combat",)
    card = _card("Phase Probe", "Sorcery", "Untap all creatures that attacked this turn. After "
                 "this main phase, there is an additional combat phase.")
    assert not_run(compile_card(card)) == ()


def _steps_until_turn_ends(game: Any) -> list[str]:
    seen = []
    start = game.turn
    while game.turn == start and len(seen) < 60:
        turn.end_step(game)
        if game.turn == start:
            seen.append(game.step)
    return seen


def _game() -> Any:
    runner = Runner({"name": "phases", "state": {"players": {
        "alice": {"library": [{"card": "Phase Bear", "count": 3}]},
        "bob": {"library": [{"card": "Phase Bear", "count": 3}]}}}},
        DictCardSource([_card("Phase Bear", "Creature — Bear", power="2", toughness="2")]))
    return runner.setup()


def test_most_recent_first_then_resume() -> None:
    game = _game()
    assert game.step == "main1"
    extra_phases.add(game, ("combat", "main"))
    extra_phases.add(game, ("main",))  # created later after the same phase: it comes first
    steps = _steps_until_turn_ends(game)
    assert steps == ["main2",  # the later addition
                     "beginning_of_combat", "declare_attackers", "end_of_combat", "main2",
                     # the turn resumes with its own combat and postcombat main phase
                     "beginning_of_combat", "declare_attackers", "end_of_combat", "main2",
                     "end"]  # (the cleanup step passes without priority, 514.3)


def test_added_during_an_added_phase_comes_right_after_it() -> None:
    game = _game()
    game.step = "main2"
    extra_phases.add(game, ("combat", "main"))
    turn.end_step(game)  # the added combat begins
    assert game.step == "beginning_of_combat"
    extra_phases.add(game, ("combat",))  # "after this phase", during the added combat
    steps = _steps_until_turn_ends(game)
    assert steps == ["declare_attackers", "end_of_combat",
                     "beginning_of_combat", "declare_attackers", "end_of_combat",
                     "main2", "end"]


def test_no_additions_left_for_the_next_turn() -> None:
    game = _game()
    extra_phases.add(game, ("combat",))
    game.turn += 1  # (the turn ended some other way, 724.1)
    assert not extra_phases.pending(game)
    assert extra_phases.next_step(game, "end") == "end"
