"""Check the embedded sample (db/sample/) keeps Scryfall's conventions.

Why: the engine and the compiler read these records as if they came from Scryfall, so a record
that breaks a convention (a transform card with a top-level mana cost, a prepare card whose
faces are in the wrong order, a ruling for an unknown card) would make them learn the wrong
shape. The sample must also stay small.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SAMPLE = Path(__file__).resolve().parent.parent.parent / "db" / "sample"
FIELDS = {"object", "id", "oracle_id", "name", "lang", "released_at", "layout", "mana_cost",
          "cmc", "type_line", "oracle_text", "power", "toughness", "loyalty", "colors",
          "color_identity", "keywords", "card_faces", "set", "set_name", "collector_number",
          "rarity"}


def _read(name: str) -> list[dict[str, Any]]:
    with (SAMPLE / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_sample_is_small() -> None:
    assert sum(p.stat().st_size for p in SAMPLE.glob("*.jsonl")) < 150_000


def test_cards_follow_scryfall_conventions() -> None:
    cards = _read("cards.jsonl")
    names = [c["name"] for c in cards]
    assert len(names) == len(set(names)), "card names are unique"
    assert len({c["oracle_id"] for c in cards}) == len(cards)
    for c in cards:
        assert set(c) == FIELDS, c["name"]
        assert c["object"] == "card" and c["lang"] == "en"
        assert c["colors"] is None or c["colors"] == sorted(c["colors"]), c["name"]
        faces = c["card_faces"] or []
        text = " ".join([c["oracle_text"] or ""] + [f["oracle_text"] for f in faces])
        assert "enters the battlefield" not in text, f"{c['name']}: current templating is 'enters'"
        if c["layout"] == "transform":
            assert c["mana_cost"] is None and c["oracle_text"] is None and c["colors"] is None
            front, back = c["card_faces"]
            assert c["name"] == f"{front['name']} // {back['name']}"
            assert back["color_indicator"], c["name"]
        elif c["layout"] == "prepare":
            creature, spell = c["card_faces"]
            assert "Creature" in creature["type_line"]
            assert spell["type_line"] in {"Instant", "Sorcery"}
            assert c["mana_cost"] == f"{creature['mana_cost']} // {spell['mana_cost']}"
            assert c["type_line"] == f"{creature['type_line']} // {spell['type_line']}"
            assert c["cmc"] == creature_cmc(creature["mana_cost"])
        elif c["layout"] in ("split", "aftermath"):  # 709.4: the halves combined at top level
            left, right = c["card_faces"]
            assert c["name"] == f"{left['name']} // {right['name']}"
            assert c["mana_cost"] == f"{left['mana_cost']} // {right['mana_cost']}"
            assert c["type_line"] == f"{left['type_line']} // {right['type_line']}"
            assert c["colors"] == sorted(set(left["colors"]) | set(right["colors"]))
            assert c["cmc"] == creature_cmc(left["mana_cost"]) + creature_cmc(right["mana_cost"])
            assert c["oracle_text"] is None
        else:
            assert c["card_faces"] is None and c["oracle_text"] is not None


def creature_cmc(cost: str) -> float:
    total = 0
    for sym in cost.replace("}", "").split("{")[1:]:
        total += int(sym) if sym.isdigit() else 1
    return float(total)


def test_required_cards_are_present() -> None:
    names = {c["name"] for c in _read("cards.jsonl")}
    for name in ["Celestus Sanctifier", "The Celestus", "Tavern Ruffian // Tavern Smasher",
                 "Unnatural Moonrise", "Arlinn, the Pack's Hope // Arlinn, the Moon's Fury",
                 "Emeritus of Woe // Demonic Tutor", "Encouraging Aviator // Jump",
                 "Croaking Counterpart", "Elite Interceptor // Rejoinder",
                 "Studious First-Year // Rampant Growth", "Time Stop", "Sundial of the Infinite",
                 "Day's Undoing", "Glorious End", "Undercity", "Aarakocra Sneak", "Plains",
                 "Island", "Swamp", "Mountain", "Forest"]:
        assert name in names


def test_undercity_rooms_form_the_printed_map() -> None:
    (undercity,) = [c for c in _read("cards.jsonl") if c["name"] == "Undercity"]
    assert undercity["type_line"] == "Dungeon — Undercity"
    exits = {}
    for line in undercity["oracle_text"].splitlines()[1:]:
        room, _, rest = line.partition(" — ")
        leads = rest.partition("(Leads to: ")[2].rstrip(")")
        exits[room] = [r for r in leads.split(", ") if r]
    assert exits["Secret Entrance"] == ["Forge", "Lost Well"]
    assert exits["Throne of the Dead Three"] == []
    # every exit names a room, and every room but the entrance is reachable
    assert {r for rs in exits.values() for r in rs} == set(exits) - {"Secret Entrance"}


def test_japanese_and_rulings_point_at_sample_cards() -> None:
    cards = {c["oracle_id"]: c for c in _read("cards.jsonl")}
    ja = _read("cards_ja.jsonl")
    assert len(ja) >= len(cards) // 3
    for c in ja:
        assert c["lang"] == "ja" and c["oracle_id"] in cards
        assert c["name"] == cards[c["oracle_id"]]["name"]
        if c["card_faces"]:
            assert all("printed_name" in f for f in c["card_faces"])
        else:
            assert c["printed_name"]
    rulings = _read("rulings.jsonl")
    assert all(r["oracle_id"] in cards and r["source"] == "wotc" for r in rulings)
    ruled = {cards[r["oracle_id"]]["name"] for r in rulings}
    assert {"Time Stop", "Day's Undoing", "Emeritus of Woe // Demonic Tutor",
            "Celestus Sanctifier", "Aarakocra Sneak"} <= ruled
