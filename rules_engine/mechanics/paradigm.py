"""Paradigm (Secrets of Strixhaven Lessons).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.192a: paradigm is two spell abilities. "If this is the first time a spell you control
  with this spell's name has resolved this game, at the beginning of each of your precombat
  main phases for the rest of the game, create a copy of this object in exile. You may cast
  the copy without paying its mana cost" (a delayed triggered ability, 603.7, that never ends)
  and "Exile this spell" (so the card goes to exile, not the graveyard, 608.2n).
- 707.10 / 707.12: the copy is a copy of the card; cast, it is a spell (and it has paradigm,
  but a spell with its name has resolved before, so it makes no new delayed trigger); a copy
  of a card left outside the stack or battlefield ceases to exist (704.5e).
- 118.9: "without paying its mana cost" is an alternative cost of nothing.
- 505.1a: the precombat main phase is the turn's first main phase.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry
from rules_engine.context import Ctx
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.triggers import Delayed

_TRIGGER = ab.Trigger("phase", player="you", step="precombat_main",
                      text="At the beginning of each of your precombat main phases")
_ABILITY = ab.TriggeredAbility(
    trigger=_TRIGGER, effects=(ab.ParadigmCopy(text="create a copy of this object in exile. "
                                               "You may cast the copy without paying its "
                                               "mana cost"),),
    text="paradigm (702.192a)")


def has_paradigm(obj: GameObject) -> bool:
    return compiled.keyword_ability(obj, "paradigm") is not None


def note_resolved(game: Game, obj: GameObject) -> bool:
    """Record that a spell named like ``obj`` resolved under its controller; True when it is
    the first such resolution this game (702.192a's "first time ... has resolved")."""
    seen = game.__dict__.setdefault("resolved_spell_names", set())
    key = (obj.controller.name, obj.name.lower())
    first = key not in seen
    seen.add(key)
    return first


def resolved(game: Game, obj: GameObject, first: bool) -> str:
    """702.192a as the paradigm spell finishes resolving: the delayed trigger (first time
    only), then the zone the spell goes to ("Exile this spell")."""
    if first:
        delayed = Delayed(_ABILITY, obj.controller, obj.name, obj, game.turn)
        delayed.once = False  # "for the rest of the game"
        game.delayed.append(delayed)
        game.log("delayed_trigger_created", obj=obj, player=obj.controller)
    return "exile"


def copy_and_cast(game: Game, player: Player, source: Any) -> None:
    """The delayed trigger resolving: a copy of the card in exile; its controller may cast it
    without paying its mana cost (608.2g: cast now, during the resolution)."""
    card = getattr(source, "card", None)
    if card is None:
        return
    copy = game.new_object(card, player, "exile")
    copy.card_copy = True  # 707.12: a copy of a card
    game.copies_exist = True
    game.log("card_copied", obj=copy, player=player)
    if not game.decider.may(player.name, f"cast the copy of {copy.name} without paying its "
                                         "mana cost (702.192a)"):
        return  # (it ceases to exist at the next state-based action check, 704.5e)
    try:
        casting.put_on_stack_as_cast(game, player, copy, None)
        game.log("cast_without_paying", obj=copy, player=player)
    except IllegalActionError as exc:  # no legal targets for it (601.2c)
        game.note(f"the copy of {copy.name} can't be cast: {exc}")


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_paradigm_copy(ctx: Ctx, eff: Any) -> None:
    """702.192a: paradigm's delayed trigger (this module)."""
    copy_and_cast(ctx.game, ctx.controller, ctx.source)


registry.register_effects({
    ab.ParadigmCopy: h_paradigm_copy,
})


# -- hook points (rules_engine.registry) ---------------------------------------------------------
registry.provide(paradigm_has=has_paradigm, paradigm_note_resolved=note_resolved,
                 paradigm_resolved=resolved)
