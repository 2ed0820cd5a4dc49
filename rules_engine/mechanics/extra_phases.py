"""Additional phases (500.8, 505.1a): "After this [main] phase, there is an additional combat
phase [followed by an additional main phase]".

500.8: an effect adds phases directly after the specified phase ("this phase": the one in
which it resolves); if several are created after the same phase, the most recently created
occurs first. 505.1a: an additional main phase is a postcombat main phase, so it runs as the
``main2`` step (abilities of the precombat main phase, such as a Saga's 714.3c, don't see it).
An additional combat phase has the usual steps (506.1), attackers declared anew (508.1).

State (``Game.extra_phases``, created on first use): the phase instance the game is in
(``Game.phase_serial``, set by turn.begin_step at the first step of every phase), the
additions waiting for the end of a phase instance, the queue of added phases to run next,
and the step the turn resumes with once they are done (what would have followed the phase
the first addition came after). It is all dropped when the turn ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.game import FIRST_STEPS, Game

# the step each phase begins with (501-512): a new phase instance starts there
_PHASE_OF = {
    "untap": "beginning", "upkeep": "beginning", "draw": "beginning", "main1": "main",
    "beginning_of_combat": "combat", "declare_attackers": "combat",
    "declare_blockers": "combat", "first_strike_damage": "combat", "combat_damage": "combat",
    "end_of_combat": "combat", "main2": "main", "end": "ending", "cleanup": "ending",
}
# the step an added phase begins with (505.1a: an added main phase is a postcombat one)
_START = {"combat": "beginning_of_combat", "main": "main2"}


@dataclass
class ExtraPhases:
    """Added phases of this turn (see the module docstring)."""

    turn: int
    waiting: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    resume: str | None = None
    resume_turn_end: bool = False


def phase_of(step: str) -> str:
    return _PHASE_OF.get(step, step)


def add(game: Game, phases: tuple[str, ...]) -> None:
    """500.8: ``phases`` (in order) come directly after the phase in progress."""
    state = game.extra_phases
    if state is None or state.turn != game.turn:
        state = game.extra_phases = ExtraPhases(game.turn)
    wanted = tuple(p for p in phases if p in _START)
    if wanted:
        state.waiting.append((game.phase_serial, wanted))
        game.log("phases_added", phases=list(wanted), player=game.active)


def pending(game: Game) -> bool:
    """Whether this turn still has added phases to run (so a step may come round again)."""
    state = game.extra_phases
    return state is not None and state.turn == game.turn and bool(
        state.waiting or state.queue or state.resume is not None or state.resume_turn_end)


def next_step(game: Game, normal: str | None) -> str | None:
    """The step to begin after the current one: ``normal`` (what turn.next_step_name says, None
    for the end of the turn) unless the current phase ends and added phases come first, or an
    added phase has just ended and the turn resumes where it left off."""
    state = game.extra_phases
    if state is None or state.turn != game.turn:
        return normal
    if normal is not None and phase_of(normal) == phase_of(game.step) and \
            normal not in FIRST_STEPS:
        return normal  # still inside this phase
    # the current phase instance ends: phases added after it go first, the most recently
    # created first (500.8), ahead of any added earlier after an enclosing phase
    mine = [phases for serial, phases in state.waiting if serial == game.phase_serial]
    if mine:
        state.waiting = [w for w in state.waiting if w[0] != game.phase_serial]
        added = [p for phases in reversed(mine) for p in phases]
        if not state.queue and state.resume is None and not state.resume_turn_end:
            # the first diversion: remember where the turn goes on afterwards
            state.resume = normal
            state.resume_turn_end = normal is None
        state.queue[:0] = added
    if state.queue:
        return _START[state.queue.pop(0)]
    if state.resume is not None or state.resume_turn_end:
        step = state.resume
        state.resume, state.resume_turn_end = None, False
        return step
    return normal


# -- hook points (rules_engine.registry) ---------------------------------------------------------
registry.provide(extra_phases_next_step=next_step)


__all__ = ["ExtraPhases", "FIRST_STEPS", "add", "next_step", "pending", "phase_of"]


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_additional_phase(ctx: Ctx, eff: Any) -> None:
    """500.8: "After this phase, there is an additional combat phase [followed by an
    additional main phase]" (this module)."""
    add(ctx.game, tuple(eff.phases))


registry.register_effects({
    ab.AdditionalPhase: h_additional_phase,
})
