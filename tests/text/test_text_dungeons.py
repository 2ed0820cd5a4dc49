"""Dungeon room parsing (rule 309.4): names, room abilities, exits from text or from data."""

from __future__ import annotations

from rules_engine.abilities import Draw, Scry, TriggeredAbility
from rules_engine.text import compile_card, compile_dungeon
from rules_engine.text.dungeons import KNOWN_EXITS, parse_rooms, split_room_lines


def _card(name: str, text: str, type_line: str = "Dungeon") -> dict:
    return {"name": name, "type_line": type_line, "layout": "normal", "oracle_text": text}


def test_rooms_with_leads_to_in_text() -> None:
    text = ("Gate Hall — Scry 1. (Leads to: Left Cell, Right Cell)\n"
            "Left Cell — Draw a card. (Leads to: Deep Vault)\n"
            "Right Cell — You gain 2 life. (Leads to: Deep Vault)\n"
            "Deep Vault — Draw two cards.")
    rooms = compile_dungeon(_card("Invented Crypt", text))
    assert [r.name for r in rooms] == ["Gate Hall", "Left Cell", "Right Cell", "Deep Vault"]
    assert rooms[0].exits == ("Left Cell", "Right Cell")
    assert rooms[-1].exits == ()
    assert isinstance(rooms[0].effects[0], Scry) and isinstance(rooms[1].effects[0], Draw)


def test_room_abilities_are_triggered_abilities_on_the_face() -> None:
    cc = compile_card(_card("Invented Crypt", "Gate Hall — Scry 1.\nDeep Vault — Draw a card."))
    rooms = [a for a in cc.faces[0].abilities if isinstance(a, TriggeredAbility)]
    assert [a.trigger.event for a in rooms] == ["room_entered", "room_entered"]
    assert [a.label for a in rooms] == ["Gate Hall", "Deep Vault"]
    assert cc.fully_supported


def test_unknown_dungeon_without_exits_is_straight() -> None:
    rooms = parse_rooms("Invented Crypt", "A Room — Scry 1.\nB Room — Draw a card.",
                        lambda body: ())
    assert rooms[0].exits == ("B Room",) and rooms[1].exits == ()


def test_known_dungeon_exits_come_from_data_when_text_lacks_them() -> None:
    lines = "\n".join(f"{room} — Draw a card." for room in KNOWN_EXITS["Undercity"])
    rooms = compile_dungeon(_card("Undercity", lines, "Dungeon — Undercity"))
    by_name = {r.name: r.exits for r in rooms}
    assert by_name == KNOWN_EXITS["Undercity"]


def test_known_exits_are_consistent() -> None:
    for dungeon, rooms in KNOWN_EXITS.items():
        bottom = [r for r, exits in rooms.items() if not exits]
        assert len(bottom) == 1, dungeon  # one bottommost room (rule 309.5b)
        for exits in rooms.values():
            assert all(e in rooms for e in exits), dungeon
        reachable = {next(iter(rooms))}
        frontier = list(reachable)
        while frontier:
            for e in rooms[frontier.pop()]:
                if e not in reachable:
                    reachable.add(e)
                    frontier.append(e)
        assert reachable == set(rooms), dungeon


def test_entry_restriction_line_is_not_a_room() -> None:
    text = ('You can\'t enter this dungeon unless you "venture into Undercity."\n'
            "Secret Entrance — Draw a card.")
    assert [n for n, _, _ in split_room_lines(text)] == ["Secret Entrance"]
    cc = compile_card(_card("Undercity", text, "Dungeon — Undercity"))
    assert cc.fully_supported
