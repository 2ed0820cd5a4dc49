"""Haunt (702.55): a card exiled "haunting" a creature, whose abilities work from exile.

702.55a: haunt on a permanent means "When this permanent is put into a graveyard from the
battlefield, exile it haunting target creature"; on an instant or sorcery, "When this spell is
put into a graveyard during its resolution, exile it haunting target creature". The builder gives
a card both triggered abilities: only one of them can ever trigger for it (a sorcery never dies,
a permanent spell never goes to a graveyard as it resolves, 608.3). The second is looked for by
``triggers.check`` on ``spell_resolved`` for the card in its owner's graveyard (kind
``resolved_to_graveyard``).

702.55b: the card "haunts" the creature while it stays in exile and the creature on the
battlefield (the same object, 400.7: checked by the creature's timestamp). 702.55c: "When the
creature [this card] haunts dies" (kind ``haunted_dies``, the grammar in
``text/triggers_tail.py``) triggers from exile: as the card is exiled haunting, each such
ability of it is kept as a delayed trigger of the card (source the exiled card, controller its
owner, 113.8) that the creature's death matches once.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry, triggers
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.game import Game
from rules_engine.objects import Player
from rules_engine.triggers import Delayed


def _haunt(kw: Any) -> tuple[Any, ...]:
    """702.55a: the two definitions (see the module docstring); the target is a creature."""
    target = ab.Target(kind="creature", filter=ab.ObjectFilter(card_types=("creature",),
                                                               text="creature"),
                       min_count=1, max_count=1, index=0, text="target creature")
    exile = ab.KeywordAction(name="haunt exile", subject=ab.Ref(
        "target", target=target, text="target creature"),
        text="exile it haunting target creature")
    return (
        ab.TriggeredAbility(
            trigger=ab.Trigger("dies", subject=ab.Ref("self"), text="this creature dies"),
            effects=(exile,),
            text="When this creature dies, exile it haunting target creature (702.55a)"),
        ab.TriggeredAbility(
            trigger=ab.Trigger("resolved_to_graveyard", subject=ab.Ref("self"),
                               text="this spell card is put into a graveyard after resolving"),
            effects=(exile,),
            text="When this spell card is put into a graveyard after resolving, exile it "
                 "haunting target creature (702.55a)"),
    )


def _haunting(game: Game) -> dict[int, tuple[Any, Any, int]]:
    """card oid -> (card, haunted creature, the creature's timestamp) (702.55b)."""
    return game.__dict__.setdefault("haunting", {})


def _ka_haunt_exile(ctx: Ctx, eff: Any) -> None:
    """702.55a: the card, still in the graveyard it was put into, is exiled haunting the target
    creature; its "When the creature it haunts dies" abilities wait on that creature (702.55c)."""
    game = ctx.game
    card = ctx.source
    if card is None or card.zone != "graveyard" or card.token:
        return  # it left the graveyard (400.7: a new object), or a token ceased to exist
    creatures = [o for o in _objects(ctx, eff.subject) if o.zone == "battlefield"]
    if not creatures:
        return
    creature = creatures[0]
    game.move(card, "exile")
    if card.zone != "exile":
        return  # replaced (614): it isn't haunting anything
    _haunting(game)[card.oid] = (card, creature, creature.timestamp)
    game.log("haunts", obj=card, on=creature, player=ctx.controller)
    owner = card.owner
    for abl in compiled.triggered_abilities(card):
        for trig in (abl.trigger, *abl.trigger.alternatives):
            if trig.event != "haunted_dies":
                continue
            waiting = dataclasses.replace(abl, trigger=dataclasses.replace(
                trig, alternatives=()))
            game.delayed.append(Delayed(waiting, owner, card.name, card, game.turn))


def _haunted_dies(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """702.55c: the creature ``source`` haunts died: the same object it was exiled haunting
    (its last known timestamp, 400.7), with ``source`` still in exile haunting it."""
    entry = _haunting(game).get(getattr(source, "oid", None)) if source is not None else None
    if entry is None or source.zone != "exile" or entry[0] is not source:
        return False
    creature, stamp = entry[1], entry[2]
    lki = event.data.get("lki")
    if event.data.get("obj") is not creature or (lki is not None and lki.timestamp != stamp):
        return False
    del _haunting(game)[source.oid]  # it haunts nothing any more
    return True


def _resolved_to_graveyard(game: Game, trig: Any, event: Any, source: Any,
                           controller: Player) -> bool:
    """702.55a (the spell half): the resolved spell card itself, now in a graveyard; a
    permanent's copy of the words never matches (``triggers.check`` looks at the card)."""
    return event.data.get("obj") is source and getattr(source, "zone", None) == "graveyard"


registry.register_keyword_builders({"haunt": _haunt})
registry.register_keyword_actions({"haunt exile": _ka_haunt_exile})
triggers.register_kind("haunted_dies", ("dies",), _haunted_dies)
triggers.register_kind("resolved_to_graveyard", ("spell_resolved",), _resolved_to_graveyard)
