"""The Ring tempts you (701.54): the Ring-bearer designation and the Ring's abilities.

701.54a: each time the Ring tempts you, choose a creature you control; it becomes your
Ring-bearer until another creature becomes your Ring-bearer or another player gains control of
it. 701.54c: you get the emblem named The Ring first; it has "Your Ring-bearer is legendary and
can't be blocked by creatures with greater power", and, as the Ring has tempted you two, three,
four or more times, "Whenever your Ring-bearer attacks, draw a card, then discard a card",
"Whenever your Ring-bearer becomes blocked by a creature, the blocking creature's controller
sacrifices it at end of combat", "Whenever your Ring-bearer deals combat damage to a player,
each opponent loses 3 life."

Here the emblem's abilities are carried by the Ring-bearer itself (a modification granting
them, replaced each time the Ring tempts you): the same events trigger them and the same player
controls them. Differences, kept small and named: "legendary" is not given (it matters only to
the legend rule, 704.5j), and an effect that removes the bearer's abilities would remove these.
701.54d: the Ring tempts you even with no creature to choose ("ring_tempted" is logged).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.objects import GameObject, Mod

_SELF = ab.Ref("self", text="your Ring-bearer")


@cache
def _ring_abilities(level: int) -> tuple[Any, ...]:
    """The Ring's abilities once it has tempted its owner ``level`` times (701.54c)."""
    from rules_engine.text.compiler import compile_face_text

    def text(t: str) -> tuple[Any, ...]:
        return compile_face_text(t, "this creature", "this creature", "Creature").abilities

    found: list[Any] = [ab.StaticAbility(effects=(ab.Restriction(
        kind="cant_be_blocked_by", subject=_SELF, filter=ab.ObjectFilter(
            card_types=("creature",), qualifiers=("with power greater than ~'s power",),
            text="creatures with greater power"),
        text="can't be blocked by creatures with greater power"),),
        text="Your Ring-bearer can't be blocked by creatures with greater power.")]
    if level >= 2:
        found += text("Whenever this creature attacks, draw a card, then discard a card.")
    if level >= 3:
        found.append(ab.TriggeredAbility(
            trigger=ab.Trigger("becomes_blocked", subject=_SELF,
                               text="your Ring-bearer becomes blocked by a creature"),
            effects=(ab.KeywordAction(name="ring sacrifice blocker",
                                      text="the blocking creature's controller sacrifices it "
                                           "at end of combat"),),
            text="Whenever your Ring-bearer becomes blocked by a creature, ..."))
    if level >= 4:
        found += text("Whenever this creature deals combat damage to a player, each opponent "
                      "loses 3 life.")
    return tuple(found)


def ring_bearer(game: Any, player: Any) -> GameObject | None:
    """701.54e: the player's Ring-bearer, if it is on the battlefield under their control."""
    entry = game.__dict__.get("ring", {}).get(player.name)
    if not entry or entry.get("bearer") is None:
        return None
    obj, stamp = entry["bearer"]
    if obj.zone != "battlefield" or obj.timestamp != stamp or obj.controller is not player:
        return None
    return obj


def _ka_tempt(ctx: Any, eff: Any) -> None:
    """701.54a-d: the Ring tempts the controller: one more temptation, then a creature they
    control becomes their Ring-bearer (the old one stops being it) with the Ring's abilities
    for the new count."""
    game = ctx.game
    player = ctx.controller
    table = game.__dict__.setdefault("ring", {})
    entry = table.setdefault(player.name, {"count": 0, "bearer": None, "mod": None})
    entry["count"] += 1
    old = entry.get("bearer")
    if old is not None and entry.get("mod") is not None and entry["mod"] in old[0].mods:
        old[0].mods.remove(entry["mod"])
    creatures = [o for o in game.permanents(player) if o.is_creature]
    entry["bearer"] = entry["mod"] = None
    if creatures:
        bearer = creatures[0] if len(creatures) == 1 else game.decider.choose(
            player.name, "creature to be your Ring-bearer (701.54a)", creatures)
        abilities = _ring_abilities(min(entry["count"], 4))
        mod = Mod(abilities=abilities, until="permanent", timestamp=game.next_timestamp())
        bearer.mods.append(mod)
        entry["bearer"] = (bearer, bearer.timestamp)
        entry["mod"] = mod
        game.log("ring_bearer_chosen", player=player, obj=bearer)
    game.log("ring_tempted", player=player, count=entry["count"])


def _ka_sacrifice_blocker(ctx: Any, eff: Any) -> None:
    """Level 3: the creature that blocked the Ring-bearer is sacrificed by its controller at
    end of combat (a delayed action, 603.7, done as the end of combat step begins)."""
    ev = ctx.event
    blocker = ev.data.get("obj") if ev is not None else None
    if isinstance(blocker, GameObject):
        ctx.game.__dict__.setdefault("ring_sacrifice", []).append((blocker, blocker.timestamp))


@registry.turn_based("end_of_combat", "701.54c")
def _sacrifice_blockers(game: Any, active: Any) -> None:
    for obj, stamp in game.__dict__.pop("ring_sacrifice", ()):
        if obj.zone == "battlefield" and obj.timestamp == stamp:
            game.move(obj, "graveyard")
            game.log("sacrificed", obj=obj, player=obj.controller)


registry.register_keyword_actions({"the ring tempts you": _ka_tempt,
                                   "ring sacrifice blocker": _ka_sacrifice_blocker})
