"""Dungeon cards (rule 309): rooms with names, room abilities and exits.

Oracle text prints one room per line, "Room Name — effect". The arrows between rooms are part of
the card's layout, not of its text (rule 309.4): some sources add "(Leads to: A, B)" after a
room, which :func:`parse_rooms` reads; when a source does not, the exits come from
:data:`KNOWN_EXITS`, written by hand for the four dungeons printed so far from the cards' art
(Tomb of Annihilation, Lost Mine of Phandelver, Dungeon of the Mad Mage from Adventures in the
Forgotten Realms; Undercity from Commander Legends: Battle for Baldur's Gate, rule 726.3a).
A room with no exits is the bottommost room (rule 309.5b, 309.6).
"""

from __future__ import annotations

import re

from rules_engine.abilities import Room, Trigger, TriggeredAbility, UnsupportedEffect

# dungeon name -> room name -> names of the rooms its arrows point to (top to bottom).
KNOWN_EXITS: dict[str, dict[str, tuple[str, ...]]] = {
    "Lost Mine of Phandelver": {
        "Cave Entrance": ("Goblin Lair", "Mine Tunnels"),
        "Goblin Lair": ("Storeroom", "Dark Pool"),
        "Mine Tunnels": ("Dark Pool", "Fungi Cavern"),
        "Storeroom": ("Temple of Dumathoin",),
        "Dark Pool": ("Temple of Dumathoin",),
        "Fungi Cavern": ("Temple of Dumathoin",),
        "Temple of Dumathoin": (),
    },
    "Tomb of Annihilation": {
        "Trapped Entry": ("Veils of Fear", "Oubliette"),
        "Veils of Fear": ("Sandfall Cell",),
        "Sandfall Cell": ("Cradle of the Death God",),
        "Oubliette": ("Cradle of the Death God",),
        "Cradle of the Death God": (),
    },
    "Dungeon of the Mad Mage": {
        "Yawning Portal": ("Dungeon Level",),
        "Dungeon Level": ("Goblin Bazaar", "Twisted Caverns"),
        "Goblin Bazaar": ("Lost Level",),
        "Twisted Caverns": ("Lost Level",),
        "Lost Level": ("Runestone Caverns", "Muiral's Graveyard"),
        "Runestone Caverns": ("Deep Mines",),
        "Muiral's Graveyard": ("Deep Mines",),
        "Deep Mines": ("Mad Wizard's Lair",),
        "Mad Wizard's Lair": (),
    },
    "Undercity": {
        "Secret Entrance": ("Forge", "Lost Well"),
        "Forge": ("Trap!", "Arena"),
        "Lost Well": ("Arena", "Stash"),
        "Trap!": ("Archives",),
        "Arena": ("Archives", "Catacombs"),
        "Stash": ("Catacombs",),
        "Archives": ("Throne of the Dead Three",),
        "Catacombs": ("Throne of the Dead Three",),
        "Throne of the Dead Three": (),
    },
}

_ROOM_RE = re.compile(r"^(?P<name>[A-Z][^—\n]{0,40}?)\s+—\s+(?P<body>.+)$")
_LEADS_RE = re.compile(r"\s*\(Leads to:\s*(?P<exits>[^)]*)\)\s*$", re.I)


def is_dungeon(type_line: str | None) -> bool:
    """True for a card of card type Dungeon (rule 309.1)."""
    return bool(type_line) and type_line.split("—")[0].strip().lower().endswith("dungeon")


def split_room_lines(text: str) -> list[tuple[str, str, tuple[str, ...] | None]]:
    """Lines "Name — effect (Leads to: A, B)" -> (name, effect text, exits or None).

    Lines that are not rooms (the Undercity's entry restriction) are skipped here; the caller
    compiles them as ordinary abilities.
    """
    rooms = []
    for line in text.split("\n"):
        m = _ROOM_RE.match(line.strip())
        if not m:
            continue
        body = m.group("body").strip()
        exits: tuple[str, ...] | None = None
        lm = _LEADS_RE.search(body)
        if lm:
            exits = tuple(e.strip() for e in lm.group("exits").split(",") if e.strip())
            body = body[: lm.start()].strip()
        rooms.append((m.group("name").strip(), body, exits))
    return rooms


def parse_rooms(dungeon_name: str, text: str, compile_effects) -> tuple[Room, ...]:
    """Rooms of a dungeon card; ``compile_effects(text)`` compiles one room's effect text.

    Exits come from the text when it has them, else from :data:`KNOWN_EXITS`; when neither is
    available, rooms are assumed to lead to the next line (a straight dungeon) - this is the
    only guess, and it is documented here rather than hidden.
    """
    lines = split_room_lines(text)
    known = KNOWN_EXITS.get(dungeon_name, {})
    rooms = []
    for i, (name, body, exits) in enumerate(lines):
        if exits is None:
            if name in known:
                exits = known[name]
            else:
                exits = (lines[i + 1][0],) if i + 1 < len(lines) else ()
        rooms.append(Room(name=name, effects=tuple(compile_effects(body)), exits=exits,
                          text=body))
    return tuple(rooms)


def room_ability(room: Room) -> TriggeredAbility:
    """The room ability of rule 309.4c as a triggered ability: "When you move your venture
    marker into this room, [effect]"."""
    return TriggeredAbility(trigger=Trigger("room_entered", detail=room.name, text=room.name),
                            effects=room.effects or (UnsupportedEffect(text=room.text),),
                            label=room.name, text=f"{room.name} — {room.text}")
