"""Emblems (114): markers in the command zone whose abilities work from there.

114.1-114.2: "[Player] gets an emblem with [ability]" puts an emblem into the command zone; the
player owns and controls it. 114.3: it has no characteristics other than those abilities (no
types, no mana cost, no colour; most have no name). 114.4 and 113.6p: its abilities function in
the command zone. 114.5: it is neither a card nor a permanent, so nothing that looks at cards or
permanents (targets, "each creature", zone-change effects) can find or remove it.

An emblem is a :class:`~rules_engine.objects.GameObject` in its owner's ``command`` list whose
:class:`~rules_engine.cards.CardDef` has the layout ``"emblem"`` and one face holding the
compiled abilities. ``Game.emblems`` lists them so that the static-ability pass
(:mod:`rules_engine.statics`) and the trigger scan (:mod:`rules_engine.triggers`) can look at them
beside the permanents without walking every command zone. It goes by the Scryfall token's name
("<source> Emblem"), for logs and scenarios only: no rule reads it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.cards import CardDef, Face
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _players
from rules_engine.game import (
    Game,
    with_emblems,  # noqa: F401
)
from rules_engine.game import active_emblems as active  # noqa: F401  (114.4, state)
from rules_engine.objects import ABILITY_CHANGES, GameObject, Player

LAYOUT = "emblem"


def is_emblem(obj: Any) -> bool:
    """Whether ``obj`` is an emblem (114.5: not a card, not a permanent)."""
    card = getattr(obj, "card", None)
    return card is not None and card.layout == LAYOUT


def create(game: Game, player: Player, abilities: Iterable[Any],
           source_name: str | None = None) -> GameObject:
    """114.2: ``player`` puts an emblem with ``abilities`` into the command zone, owning and
    controlling it. Logs ``emblem_created`` (a state change: its static abilities may change
    what state-based actions see, so the event is not quiet)."""
    name = f"{source_name} Emblem" if source_name else "Emblem"
    # 114.3: no types, mana cost or colour; the abilities are already compiled
    face = Face(name=name, abilities=list(abilities))
    card = CardDef(name, LAYOUT, face)
    obj = game.new_object(card, player, "command")
    game.emblems.append(obj)
    # a new source of static and triggered abilities outside the battlefield: the static pass's
    # "nothing changed" shortcut and the trigger index must both look again
    ABILITY_CHANGES[0] += 1
    game.log("emblem_created", obj=obj, player=player)
    return obj


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_create_emblem(ctx: Ctx, eff: Any) -> None:
    """114.2: "[Player] gets an emblem with [ability]" (this module)."""
    src = _source_obj(ctx)
    name = getattr(src, "name", None) if isinstance(src, GameObject) else None
    for player in _players(ctx, eff.player):
        create(ctx.game, player, eff.abilities, source_name=name)


registry.register_effects({
    ab.CreateEmblem: h_create_emblem,
})
