"""Rooms: split permanent cards with a shared type line, their doors and unlocking.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 709.5: a permanent with a shared type line doesn't have the name, mana cost or rules text of
  a half it doesn't have the "unlocked" designation for (a locked half).
- 709.5a: each half has the types and subtypes of the shared type line.
- 709.5c: "left half unlocked" / "right half unlocked" are designations of the permanent
  (kept in ``GameObject.doors``: bit 1 the left half, bit 2 the right; reset by a zone change).
- 709.5d: it enters with the designation of the half that was cast; neither when it wasn't cast.
- 709.5e: its controller may pay the mana cost of a locked half to unlock it - a special action
  (116.2), any time they have priority with an empty stack in a main phase of their turn.
- 709.5f: an effect may unlock a half.
- 709.5h: "When you unlock this door" triggers when the permanent gets that half's designation,
  also as it enters (the ``door_unlocked`` event, with the half).
- 709.5j: a door is a half of a Room.
"""

from __future__ import annotations

from typing import Any

from rules_engine import casting, registry, turn
from rules_engine.cards import CardDef, Face, colors_of_cost
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mechanics import split
from rules_engine.objects import ABILITY_CHANGES, GameObject, Player

_FACES: dict[tuple[int, int], tuple[CardDef, Face]] = {}


def is_room(card: CardDef | None) -> bool:
    """A split card whose halves are permanents sharing one type line (709.5)."""
    if card is None or card.layout not in split.SPLIT_LAYOUTS:
        return False
    return card.front.is_permanent_type


def door_face(card: CardDef, doors: int) -> Face:
    """The characteristics of a Room with these unlocked halves (709.5, 709.5a): only the
    unlocked halves' names, mana costs and rules text; the shared type line always."""
    key = (id(card), doors)
    hit = _FACES.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    halves = split.halves(card)
    chosen = [h for i, h in enumerate(halves) if doors & (1 << i)]
    shared = halves[0] if halves else card.front  # the shared type line (709.5a)
    cost = "".join(h.mana_cost for h in chosen)
    abilities: list[Any] = [a for h in chosen for a in (h.abilities or [])]
    face = Face(name=" // ".join(h.name for h in chosen), mana_cost=cost,
                type_line=shared.type_line, oracle_text="\n".join(h.oracle_text for h in chosen),
                colors=colors_of_cost(cost), supertypes=shared.supertypes, types=shared.types,
                subtypes=shared.subtypes,
                keywords=tuple(sorted({k for h in chosen for k in h.keywords})),
                abilities=abilities)
    _FACES[key] = (card, face)
    return face


def half_index(card: CardDef | None, face: Face | None) -> int | None:
    """Which half (0 left, 1 right) ``face`` is, for a spell cast as one half (709.3)."""
    for i, half in enumerate(split.halves(card)):
        if half is face:
            return i
    return None


def set_doors(game: Game, obj: GameObject, doors: int, player: Player,
              newly: tuple[int, ...]) -> None:
    """Give ``obj`` these unlocked designations and their characteristics; log each newly
    unlocked half (709.5h)."""
    obj.doors = doors
    obj.face = door_face(obj.card, doors)  # (a zone change gives it back its card's face)
    ABILITY_CHANGES[0] += 1  # its triggered abilities changed without a zone change
    halves = split.halves(obj.card)
    for i in newly:
        game.log("door_unlocked", obj=obj, half=halves[i], player=player)


def entering(game: Game, obj: GameObject, cast_half: int | None, player: Player) -> None:
    """709.5d: as it enters, the half cast as a spell is unlocked (none otherwise)."""
    if cast_half is None:
        set_doors(game, obj, 0, player, ())
    else:
        set_doors(game, obj, 1 << cast_half, player, (cast_half,))


def locked_halves(obj: GameObject) -> list[Face]:
    halves = split.halves(obj.card)
    return [h for i, h in enumerate(halves) if not obj.doors & (1 << i)]


def unlock(game: Game, obj: GameObject, half: Face, player: Player) -> None:
    """709.5f: unlock a locked half (no cost)."""
    halves = split.halves(obj.card)
    i = halves.index(half)
    if obj.doors & (1 << i):
        return
    set_doors(game, obj, obj.doors | (1 << i), player, (i,))


def unlock_action(game: Game, player: Player, obj: GameObject, door: str | None) -> None:
    """709.5e: the special action - pay a locked half's mana cost to unlock it."""
    if obj.zone != "battlefield" or not is_room(obj.card):
        raise IllegalActionError("709.5e", f"{obj.name or 'that'} is not a Room permanent")
    if obj.controller is not player:
        raise IllegalActionError("709.5e", f"{player.name} doesn't control {obj.name}")
    if game.priority is not player or game.stack or game.active is not player or \
            game.step not in ("main1", "main2"):
        raise IllegalActionError("709.5e", "a door is unlocked only with priority and an empty "
                                           "stack in a main phase of your turn")
    locked = locked_halves(obj)
    if door is not None:
        locked = [h for h in locked if h.name.lower() == str(door).lower()]
    if not locked:
        raise IllegalActionError("709.5e", f"{obj.name} has no locked door {door or ''}".strip())
    half = locked[0] if len(locked) == 1 else game.decider.choose(
        player.name, "door to unlock (709.5e)", locked)
    casting.pay_mana(game, player, casting.parse_cost(half.mana_cost), 0,
                     f"unlocking {half.name}")
    unlock(game, obj, half, player)
    turn.give_priority(game, player)  # 116.3c: the player who took it receives priority


# -- hook points (rules_engine.registry) ---------------------------------------------------------
registry.provide(rooms_is_room=is_room, rooms_half_index=half_index, rooms_door_face=door_face,
                 rooms_set_doors=set_doors)
