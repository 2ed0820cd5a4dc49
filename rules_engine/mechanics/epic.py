"""Epic (702.50): no more spells for its controller, and a copy of it every upkeep.

702.50a: epic represents two spell abilities, the last of the spell's instructions (the keyword
is printed last, its record follows the spell's text): "For the rest of the game, you can't cast
spells" (``statics_players.cast_limit`` reads the players listed under ``CANT_CAST_GAME``) and
"For the rest of the game, at the beginning of each of your upkeeps, copy this spell except for
its epic ability. If the spell has any targets, you may choose new targets for the copy" (a
delayed trigger that never ends, 603.7; the copy is made from the spell as it resolved - its
card, face, targets, choices and X, 707.2 - and is put on the stack, not cast, 707.10).
702.50b: copies still go on the stack although the player can't cast spells; the copy has no
epic ability, so it starts no second delayed trigger.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.spells import _new_targets
from rules_engine.objects import GameObject
from rules_engine.statics_players import CANT_CAST_GAME
from rules_engine.triggers import Delayed

_UPKEEP = ab.Trigger("phase", player="you", step="upkeep",
                     text="at the beginning of each of your upkeeps")


def _epic(kw: Any) -> tuple[Any, ...]:
    """702.50a: the two spell abilities, run by one keyword action."""
    return (ab.SpellAbility(effects=(ab.KeywordAction(
        name="epic", subject=ab.Ref("self"),
        text="for the rest of the game, you can't cast spells; at the beginning of each of your "
             "upkeeps, copy this spell except for its epic ability"),), text="Epic (702.50a)"),)


def _copies(game: Any) -> set[int]:
    """Object ids of the copies epic made (they have no epic ability, 702.50a)."""
    return game.__dict__.setdefault("epic_copies", set())


def _ka_epic(ctx: Ctx, eff: Any) -> None:
    """702.50a as the spell resolves (see the module docstring)."""
    game = ctx.game
    spell = ctx.source
    if not isinstance(spell, GameObject) or spell.oid in _copies(game):
        return  # "copy this spell except for its epic ability"
    player = ctx.controller
    game.__dict__.setdefault(CANT_CAST_GAME, set()).add(player.name)
    saved = game.__dict__.setdefault("epic_spells", {})
    key = str(game.new_id())
    saved[key] = (spell.card, spell.face, list(spell.targets), dict(spell.choices_made),
                  spell.x, spell.owner)
    ability = ab.TriggeredAbility(trigger=_UPKEEP, effects=(ab.KeywordAction(
        name="epic copy", detail=key, text="copy this spell except for its epic ability"),),
        text=f"At the beginning of each of your upkeeps, copy {spell.name} except for its epic "
             "ability (702.50a)")
    delayed = Delayed(ability, player, spell.name, spell, game.turn)
    delayed.once = False  # "for the rest of the game"
    game.delayed.append(delayed)
    game.log("cant_cast_rest_of_game", player=player, obj=spell)


def _ka_epic_copy(ctx: Ctx, eff: Any) -> None:
    """702.50a, the upkeep trigger resolving: the copy goes on the stack (707.10), its
    controller the trigger's; new targets may be chosen (707.10c)."""
    game = ctx.game
    entry = game.__dict__.get("epic_spells", {}).get(eff.detail or "")
    if entry is None:
        return
    card, face, targets, choices, x, owner = entry
    copy = GameObject(game.new_id(), card, owner, "stack")
    game.objects_made.append(copy)
    copy.copy_values = face
    copy.spell_copy = True
    game.copies_exist = True
    copy.controller = ctx.controller
    copy.targets = list(targets)
    copy.choices_made = dict(choices)
    copy.x = x
    copy.timestamp = game.next_timestamp()
    _copies(game).add(copy.oid)
    if targets:
        _new_targets(game, copy, copy, ctx.controller)
    game.stack.append(copy)
    game.log("spell_copied", obj=copy, original=copy, player=ctx.controller)


registry.register_keyword_builders({"epic": _epic})
registry.register_keyword_actions({"epic": _ka_epic, "epic copy": _ka_epic_copy})
