"""Ending the turn, ending the combat phase, and the cleanup step.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 724.1a: triggered abilities that triggered before the process began and are waiting cease
  to exist.
- 724.1b: every object on the stack is exiled, including the resolving one; copies and
  abilities cease to exist (704.5e).
- 724.1c: state-based actions are checked; no player gets priority, no triggers go on the stack.
- 724.1d: the current phase/step ends; creatures leave combat; the game skips to the cleanup
  step (a new cleanup step if it happens during cleanup).
- 724.1e: "at the beginning of the end step" abilities don't trigger that turn.
- 724.1f: abilities triggered during the process go on the stack in the cleanup step, then
  the active player gets priority, and another cleanup step follows.
- 724.2a-g: ending the combat phase the same way, skipping to the postcombat main phase.
- 514.1-514.3a: cleanup: discard to maximum hand size, damage wears off and "until end of
  turn" effects end at once; normally no priority, unless state-based actions or triggers
  happen, in which case priority is given and another cleanup step follows.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import combat, registry, sba, statics, statics_more, turn
from rules_engine.context import Ctx
from rules_engine.game import COMBAT_STEPS, Game
from rules_engine.objects import GameObject


def _exile_stack(game: Game) -> None:
    """724.1b / 724.2b: exile every object on the stack, including the one resolving.

    Abilities and copies of spells cease to exist instead (704.5e).
    """
    resolving = game.resolving
    stack = list(game.stack)
    game.stack.clear()
    if isinstance(resolving, GameObject) and resolving.zone == "resolving":
        stack.append(resolving)
    for obj in stack:
        if isinstance(obj, GameObject) and not (obj.spell_copy or obj.card_copy):
            obj.zone = "none"
            game.move(obj, "exile")
        else:
            obj.zone = "gone"


def end_the_turn(game: Game) -> None:
    """Called by a resolving effect ("End the turn."): 724.1a-b now, the rest in :func:`finish`."""
    for pend in game.pending_triggers:  # 724.1a
        game.note(f"{pend.name}'s triggered ability ceases to exist (724.1a)")
    game.pending_triggers = []
    _exile_stack(game)  # 724.1b
    game.end_turn_requested = True
    game.turn_ending = True
    game.log("turn_ended", player=game.active)


def finish(game: Game) -> None:
    """724.1c-f, after the effect that ended the turn has finished resolving."""
    game.end_turn_requested = False
    game.end_combat_requested = False
    sba.check_all(game)  # 724.1c (triggers collected, not put on the stack)
    if game.game_over:
        return
    combat.remove_all_from_combat(game)  # 724.1d
    for p in game.players:
        p.mana_pool.clear()
    game.turn_ending = False
    turn.begin_step(game, "cleanup")


def end_the_combat(game: Game) -> None:
    """724.2: only during combat (724.2g)."""
    if game.step not in COMBAT_STEPS:
        return
    game.pending_triggers = []  # 724.2a
    _exile_stack(game)  # 724.2b
    game.end_combat_requested = True
    game.log("combat_ended")


def finish_combat(game: Game) -> None:
    game.end_combat_requested = False
    sba.check_all(game)
    combat.remove_all_from_combat(game)
    turn.begin_step(game, "main2")


def _no_max_hand_size(game: Game, player: Any) -> bool:
    return bool(statics.player_restrictions(game, "no_max_hand_size", player))


def cleanup(game: Game) -> None:
    """514: the cleanup step."""
    active = game.active
    game.log("cleanup_began", player=active)
    # 514.1: discard down to maximum hand size
    excess = len(active.hand) - statics_more.max_hand_size(game, active)  # 402.2
    if excess > 0 and _no_max_hand_size(game, active):
        excess = 0  # 402.2: a static "You have no maximum hand size"
    if excess > 0:
        chosen = game.decider.choose_many(active.name, "cards to discard to hand size",
                                          list(active.hand), excess)
        for card in chosen:
            game.discard(active, card)
    # 514.2: damage wears off; "until end of turn" and "this turn" effects end
    game.cant_cast.clear()
    for obj, was in game.control_reverts:
        if obj.zone == "battlefield" and not was.left:
            obj.controller = was
    game.control_reverts.clear()
    game.cast_permissions = [c for c in game.cast_permissions if c[2] != "eot"]
    game.enter_effects = [e for e in game.enter_effects if e[3] != "eot"]
    game.play_permissions = [e for e in game.play_permissions if e[2] != "eot"]
    for obj in game.battlefield:
        obj.damage = 0
        obj.deathtouch_damage = False
        if obj.mods:
            kept = [m for m in obj.mods if m.until not in ("eot", "combat")]
            copy_ended = any(m.copy_face is not None for m in obj.mods if m not in kept)
            obj.mods = kept
            if copy_ended:
                obj.refresh_face()  # 514.2: "becomes a copy ... until end of turn" ends
    for p in game.players:  # (also of cards: "gains flashback until end of turn", 702.34a)
        for zone in (p.graveyard, p.exile, p.hand):
            for obj in zone:
                if obj.mods:
                    obj.mods = [m for m in obj.mods if m.until not in ("eot", "combat")]
    # 514.3a: SBAs or waiting triggers -> priority, then another cleanup step
    sba.check_all(game)
    if game.game_over:
        return
    if game.pending_triggers or game.stack:
        game.cleanup_again = True
        turn.give_priority(game, active)
        return
    turn.end_step(game)


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_end_turn(ctx: Ctx, eff: Any) -> None:
    end_the_turn(ctx.game)


def h_end_combat(ctx: Ctx, eff: Any) -> None:
    end_the_combat(ctx.game)


registry.register_effects({
    ab.EndTurn: h_end_turn,
    ab.EndCombat: h_end_combat,
})


# -- hook points (rules_engine.registry) ---------------------------------------------------------
registry.provide(end_turn_finish=finish, end_turn_finish_combat=finish_combat,
                 cleanup_step=cleanup)
