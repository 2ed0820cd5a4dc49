"""The initiative and dungeons (Undercity and the three others).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 726.1/726.3: one player at most has the initiative; taking it takes it from the holder.
- 726.2: its three inherent triggered abilities (no source, controlled by the holder; named
  "Initiative" here): upkeep venture into Undercity; combat damage to the holder by creatures
  a player controls gives that player the initiative; taking it ventures into Undercity.
- 726.5: taking it while already holding it triggers the venture without a second designation.
- 726.4 (in leave_game): the holder leaving passes it to the active/next player.
- 309.2-309.7: dungeons come from outside the game into the command zone; the venture marker
  starts in the topmost room; room abilities ("When you move your venture marker into this
  room, ...") trigger; a dungeon whose marker is in the bottommost room and has no room
  ability waiting or on the stack is removed (a state-based action, 704.5t) and completed.
- 701.49a-d: venturing: enter a dungeon, move to an adjacent room (choosing among arrows), or
  from the bottommost room complete it and start a new one; "venture into Undercity" only
  picks Undercity when entering a dungeon, otherwise continues the current one (701.49d).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry, statics
from rules_engine.cards import CardDef
from rules_engine.context import Ctx
from rules_engine.effects.core import _players
from rules_engine.errors import ScenarioError, UnknownCard
from rules_engine.events import Event
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.triggers import add_inherent

UNDERCITY = "Undercity"
INITIATIVE = "Initiative"
_ROOM_LINE = re.compile(
    r"^(?P<name>[^—\n]+?) — (?P<effect>.+?)(?: \(Leads to: (?P<exits>[^)]*)\))?$")


@dataclass
class Dungeon:
    """A dungeon card's rooms (309.4): name -> (effects, exits); ``top`` is the topmost room."""

    name: str
    rooms: dict[str, tuple[tuple[Any, ...], tuple[str, ...]]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    card: CardDef | None = None

    @property
    def top(self) -> str:
        return self.order[0]

    def is_bottom(self, room: str) -> bool:
        return not self.rooms[room][1]


def compile_effect_text(text: str, name: str) -> tuple[Any, ...]:
    """A room's effect sentence through the Oracle-text compiler (as an instant's text)."""
    try:
        from rules_engine import text as compiler

        card = compiler.compile_card({"name": name, "type_line": "Instant", "oracle_text": text,
                                      "layout": "normal"})
        effects: list[Any] = []
        for a in card.faces[0].abilities:
            if isinstance(a, ab.SpellAbility):
                effects.extend(a.effects)
            elif isinstance(a, ab.Unsupported):
                effects.append(ab.UnsupportedEffect(text=a.text))
        return tuple(effects)
    except Exception as exc:  # noqa: BLE001
        return (ab.UnsupportedEffect(text=f"{text} (compiler: {exc})"),)


def _compiled_rooms(card: CardDef | None) -> dict[str, tuple[Any, ...]]:
    """Room abilities as the compiler gives them (Trigger("room_entered", detail=room))."""
    if card is None:
        return {}

    found = {}
    for abl in compiled.face_abilities(card, card.front):
        if isinstance(abl, ab.TriggeredAbility) and abl.trigger.event == "room_entered":
            found[abl.trigger.detail or abl.label or ""] = tuple(abl.effects)
    return found


def parse_dungeon_text(name: str, oracle_text: str, card: CardDef | None = None) -> Dungeon:
    """Rooms from a dungeon's Oracle text: one "Room — effect. (Leads to: A, B)" line each.

    The map (names, arrows) is read here; the room abilities' effects come from the Oracle-text
    compiler (309.4c), compiled per room when the card's compilation lacks them.
    """
    dungeon = Dungeon(name, card=card)
    known = _compiled_rooms(card)
    for line in oracle_text.splitlines():
        m = _ROOM_LINE.match(line.strip())
        if not m or line.lower().startswith("you can't"):
            continue
        room = m.group("name").strip()
        exits = tuple(e.strip() for e in (m.group("exits") or "").split(",") if e.strip())
        effects = known.get(room) or compile_effect_text(m.group("effect").strip(), room)
        dungeon.rooms[room] = (effects, exits)
        dungeon.order.append(room)
    return dungeon


def from_compiler(card: CardDef) -> Dungeon | None:
    """The rooms as the Oracle-text compiler reads them (``compile_dungeon``), if it can."""
    try:
        from rules_engine import text as compiler

        rooms = compiler.compile_dungeon(card.raw or {"name": card.name, "type_line": "Dungeon",
                                                      "oracle_text": card.front.oracle_text})
    except Exception:  # noqa: BLE001 - fall back to reading the room map here
        return None
    if not rooms:
        return None
    dungeon = Dungeon(card.name, card=card)
    for room in rooms:
        dungeon.rooms[room.name] = (tuple(room.effects), tuple(room.exits))
        dungeon.order.append(room.name)
    return dungeon


def dungeon_named(game: Game, name: str) -> Dungeon:
    """Undercity is read from the card source (its Oracle text); the others from package data."""
    cache = game.__dict__.setdefault("_dungeons", {})
    if name in cache:
        return cache[name]
    card = game.cards.get(name)
    if card is not None and card.front.oracle_text:
        dungeon = from_compiler(card) or parse_dungeon_text(card.name, card.front.oracle_text,
                                                             card)
    else:
        data = _package_dungeons().get(name)
        if data is None:
            raise UnknownCard(f"dungeon '{name}' not found in any card source or package data")
        card = CardDef.from_scryfall({"name": name, "type_line": "Dungeon",
                                      "oracle_text": data["text"], "layout": "token"})
        dungeon = parse_dungeon_text(name, data["text"], card)
    cache[name] = dungeon
    return dungeon


def _package_dungeons() -> dict[str, dict[str, str]]:
    text = resources.files("rules_engine.data").joinpath("dungeons.json").read_text("utf-8")
    return {d["name"]: d for d in json.loads(text)}


def other_dungeon_names() -> list[str]:
    return [n for n in _package_dungeons() if n != UNDERCITY]


def entry_restriction(dungeon: Dungeon) -> str | None:
    """The name a dungeon can be entered only by "venturing into" (Undercity's "You can't enter
    this dungeon unless you 'venture into Undercity'"), read from its compiled static ability;
    None when a plain venture into the dungeon may choose it (309.2a, 701.49a, 701.49d)."""
    if dungeon.card is None:
        return None

    for abl in compiled.face_abilities(dungeon.card, dungeon.card.front):
        for restriction in getattr(abl, "effects", ()) if isinstance(
                abl, ab.StaticAbility) else ():
            if isinstance(restriction, ab.Restriction) and \
                    restriction.kind == "enter_only_by_venture_into":
                named = restriction.filter.text if restriction.filter is not None else "~"
                return dungeon.name if named in ("~", "this dungeon") else named
    return None


def enterable_dungeons(game: Game, into: str | None) -> list[str]:
    """The dungeons a venture may bring in: ``into`` names the quality of a "venture into
    [quality]" (701.49d); a dungeon restricted to "venture into X" is a choice only then."""
    names = list(_package_dungeons())
    if UNDERCITY not in names and game.cards.get(UNDERCITY) is not None:
        names.append(UNDERCITY)
    allowed = []
    for name in names:
        only = entry_restriction(dungeon_named(game, name))
        if into is None and only is None or into is not None and (
                name == into or only == into):
            allowed.append(name)
    return allowed


# -- the initiative ------------------------------------------------------------------------------
def take(game: Game, player: Player) -> None:
    """726.3, 726.5: the player takes the initiative; the venture trigger follows (726.2).
    A player who has left the game can't (800.4a: nothing refers to them any more)."""
    if player.left:
        return
    game.initiative = player
    game.log("initiative_taken", player=player)


def inherent_triggers(game: Game, event: Any) -> None:
    """726.2's three triggered abilities and the room abilities (309.4c)."""
    name = event.name
    holder = game.initiative
    if holder is None and name != "initiative_taken":
        return  # the other two abilities belong to the initiative's holder (726.2)

    if name == "initiative_taken":
        add_inherent(game, INITIATIVE, event.data["player"],
                     (ab.Venture(into="undercity", player=ab.Ref("you")),), event=event)
    elif name == "step_began" and event.data.get("step") == "upkeep" and holder is not None \
            and holder is game.active:
        add_inherent(game, INITIATIVE, holder,
                     (ab.Venture(into="undercity", player=ab.Ref("you")),), event=event)
    elif name == "combat_damage_to_player" and holder is not None and \
            event.data["player"] is holder:
        takers = {s.controller for s in event.data["sources"] if isinstance(s, GameObject)}
        for taker in takers:
            if taker is holder:
                continue

            ev = Event("initiative_damage", {"player": taker}, game.turn, game.step)
            add_inherent(game, INITIATIVE, holder,
                         (ab.TakeInitiative(player=ab.Ref("that_player")),), event=ev)


# -- venturing -----------------------------------------------------------------------------------
def venture(game: Game, player: Player, undercity: bool = False) -> None:
    """701.49a-d."""
    if player.left:
        return
    if statics.player_restrictions(game, "venture_once_each_turn", player) and any(
            ev.data.get("player") is player for ev in game.events_this_turn("ventured")):
        # 101.2: "Each opponent can't venture into the dungeon more than once each turn"
        game.note(f"{player.name} can't venture into the dungeon again this turn")
        return
    if player.dungeon is None:
        _enter_new(game, player, undercity)
    elif player.dungeon.is_bottom(player.dungeon_room):
        _complete(game, player)  # 701.49c
        _enter_new(game, player, undercity)
    else:
        exits = list(player.dungeon.rooms[player.dungeon_room][1])
        room = exits[0] if len(exits) == 1 else game.decider.choose(
            player.name, f"room to venture into from {player.dungeon_room}", exits)
        _move_marker(game, player, room)
    game.log("ventured", player=player, dungeon=player.dungeon.name, room=player.dungeon_room)


def _enter_new(game: Game, player: Player, undercity: bool) -> None:
    """309.2a / 701.49a / 701.49d: bring a dungeon in, marker on the topmost room."""
    # 701.49d: "venture into Undercity" picks Undercity; a plain venture can't pick a dungeon
    # whose card says it can be entered only by "venture into" it
    choices = enterable_dungeons(game, UNDERCITY if undercity else None) or (
        [UNDERCITY] if undercity else other_dungeon_names())
    name = choices[0] if len(choices) == 1 else game.decider.choose(
        player.name, "dungeon to venture into", choices)
    dungeon = dungeon_named(game, name)
    obj = game.new_object(dungeon.card, player, "command")
    player.dungeon = dungeon
    player.command[:] = [o for o in player.command if o is obj or o.name != name] or [obj]
    game.log("dungeon_entered", player=player, dungeon=name)
    _move_marker(game, player, dungeon.top)


def _move_marker(game: Game, player: Player, room: str) -> None:
    player.dungeon_room = room
    effects = player.dungeon.rooms[room][0]
    source = _dungeon_object(player)
    add_inherent(game, room, player, effects, source=source)  # 309.4c
    # 603.2d: "Room abilities of dungeons you own trigger an additional time"
    for _ in statics.player_restrictions(game, "room_abilities_additional_time", player):
        add_inherent(game, room, player, effects, source=source)


def _dungeon_object(player: Player) -> Any:
    """The player's dungeon card in the command zone (309.2b), the source of its room abilities;
    the command zone may hold emblems too (114.1), so it is found by name."""
    name = player.dungeon.name if player.dungeon is not None else None
    return next((o for o in player.command if o.name == name), None)


def _complete(game: Game, player: Player) -> None:
    """309.7: the dungeon is removed from the game; the player completed it."""
    name = player.dungeon.name
    for obj in list(player.command):
        if obj.name == name:
            player.command.remove(obj)
            obj.zone = "gone"
    player.dungeon = None
    player.dungeon_room = None
    player.completed_dungeons.append(name)
    game.log("dungeon_completed", player=player, dungeon=name)


def dungeon_sba(game: Game) -> bool:
    """309.6 / 704.5t: remove a dungeon whose marker is on its bottommost room, unless one of its
    room abilities has triggered and not yet left the stack."""
    acted = False
    for p in game.living:
        d = p.dungeon
        if d is None or p.dungeon_room is None or not d.is_bottom(p.dungeon_room):
            continue
        src = _dungeon_object(p)
        waiting = any(x.source is src and src is not None for x in game.pending_triggers) or \
            any(getattr(x, "source", None) is src and src is not None for x in game.stack)
        if not waiting:
            _complete(game, p)
            acted = True
    return acted


def set_dungeon(game: Game, player: Player, name: str, room: str) -> None:
    """Scenario setup: a dungeon already in the command zone with the marker on ``room``."""
    dungeon = dungeon_named(game, name)
    if room not in dungeon.rooms:
        raise ScenarioError(f"dungeon {name} has no room {room!r} (rooms: "
                            f"{', '.join(dungeon.order)})")
    game.new_object(dungeon.card, player, "command")  # the dungeon card (309.2b)
    player.dungeon = dungeon
    player.dungeon_room = room


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_initiative(ctx: Ctx, eff: ab.TakeInitiative) -> None:
    for p in _players(ctx, eff.player):
        take(ctx.game, p)


def h_venture(ctx: Ctx, eff: ab.Venture) -> None:
    for p in _players(ctx, eff.player):
        venture(ctx.game, p, undercity=eff.into.lower() == "undercity")


registry.register_effects({
    ab.TakeInitiative: h_initiative,
    ab.Venture: h_venture,
})


# -- hook points (rules_engine.registry) ---------------------------------------------------------
@registry.state_based(order=2)
def _dungeon_sba(game: Game) -> bool:
    return dungeon_sba(game)  # 704.5t / 309.6


registry.provide(inherent_triggers_initiative=inherent_triggers)
