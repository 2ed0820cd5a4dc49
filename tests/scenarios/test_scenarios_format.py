"""Lint the scenario files against the public format (../shared/spec/scenarios.md).

Why: `mtgkit play` must accept every file written to the spec, so the files themselves must
stay inside the spec (no engine-only shorthands), name only cards of the embedded sample, and
say where their expectation comes from. A scenario that drifted from the spec would test the
engine's leniency instead of the rules.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent.parent / "db" / "sample" / "cards.jsonl"
# The five folders this suite owns (other helpers keep their own scenario folders beside them).
FOLDERS = ("day_night", "initiative", "prepare", "end_turn", "core")
FILES = sorted(p for folder in FOLDERS for p in (HERE / folder).rglob("*.yaml"))

TOP_KEYS = {"name", "source", "cards", "players", "strict", "state", "actions", "expect"}
STATE_KEYS = {"turn", "active", "step", "day_night", "initiative", "spells_cast_this_turn",
              "players"}
STEPS = {"untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2",
         "end", "cleanup"}
ZONE_KEYS = {"life", "mana_pool", "hand", "library", "graveyard", "exile", "battlefield", "dungeon"}
ENTRY_KEYS = {"card", "id", "count", "face", "tapped", "phased_out", "prepared", "token",
              "summoning_sick", "counters", "owner", "controller"}
PLAYER_VERBS = {"cast", "activate", "play_land", "attack", "block", "phase_out"}
VERB_OPTIONS = {"from", "targets", "x", "choices", "ability", "expect_error"}
EXPECT_KEYS = {"day_night", "initiative", "turn", "step", "active", "life", "zones",
               "zones_include", "objects", "stack", "dungeon", "lost", "winner", "events",
               "events_absent", "event_counts"}
ZONE_EXPECT_KEYS = {"hand", "battlefield", "graveyard", "exile", "library_count", "hand_count"}
OBJECT_KEYS = {"name", "face", "zone", "tapped", "prepared", "power", "toughness", "counters",
               "controller", "colors", "type_line", "keywords", "damage", "phased_out", "token"}
EVENTS = {"became_day", "became_night", "day_became_night", "night_became_day", "transformed",
          "initiative_taken", "ventured", "dungeon_completed", "prepared", "unprepared",
          "spell_cast", "turn_ended", "lost_game"}
RULE_OR_RULING = re.compile(r"CR \d{3}(\.\d+[a-z]?)?|ruling \d{4}-\d{2}-\d{2}|mtgwiki ")


def _sample() -> dict[str, dict[str, Any]]:
    by_name: dict[str, dict[str, Any]] = {}
    with SAMPLE.open(encoding="utf-8") as fh:
        for line in fh:
            card = json.loads(line)
            by_name[card["name"].lower()] = card
            faces = card.get("card_faces") or []
            if faces:  # the front face name; never the prepare spell (CR 722.4)
                by_name.setdefault(faces[0]["name"].lower(), card)
    return by_name


CARDS = _sample()


def _rooms(dungeon: str) -> set[str]:
    text = CARDS[dungeon.lower()]["oracle_text"]
    return {line.split(" — ")[0] for line in text.splitlines() if " — " in line}


def _file_card_names(scn: dict[str, Any], base: Path | None) -> set[str]:
    """Names (lower case, full and face names) in the scenario's own ``cards:`` files."""
    names: set[str] = set()
    for rel in (scn.get("cards") or []) if base is not None else []:
        text = (base / rel).read_text(encoding="utf-8")
        cards = json.loads(text) if text.lstrip().startswith("[") else [
            json.loads(line) for line in text.splitlines() if line.strip()]
        for card in cards:
            names.add(card["name"].lower())
            names.update(f["name"].lower() for f in card.get("card_faces") or [])
    return names


def _entries(values: list[Any], where: str, ids: set[str], errors: list[str],
             file_names: set[str] | frozenset[str] = frozenset()) -> None:
    for entry in values:
        if isinstance(entry, str):
            name = entry
        elif isinstance(entry, dict):
            extra = set(entry) - ENTRY_KEYS
            if extra:
                errors.append(f"{where}: unknown card-entry keys {sorted(extra)}")
            name = entry.get("card", "")
            if "id" in entry:
                ids.add(entry["id"])
            if "count" in entry and "id" in entry:
                errors.append(f"{where}: an entry with count cannot have an id")
        else:
            errors.append(f"{where}: bad card entry {entry!r}")
            continue
        if name.lower() not in CARDS and name.lower() not in file_names:
            errors.append(f"{where}: card {name!r} is not in db/sample/cards.jsonl "
                          "nor in the scenario's cards: files")


def lint(scn: dict[str, Any], base: Path | None = None) -> list[str]:
    """Every way ``scn`` strays from the public format (empty when it does not); ``base`` is
    the scenario file's folder, where its ``cards:`` files are."""
    errors: list[str] = []
    file_names = _file_card_names(scn, base)
    extra = set(scn) - TOP_KEYS
    if extra:
        errors.append(f"unknown top-level keys {sorted(extra)}")
    if not isinstance(scn.get("name"), str) or "\n" in scn["name"]:
        errors.append("name must be one line")
    if not RULE_OR_RULING.search(str(scn.get("source", ""))):
        errors.append("source must cite a rule (CR nnn.n), a ruling (ruling YYYY-MM-DD) or mtgwiki")
    players = scn.get("players", ["alice", "bob"])
    ids: set[str] = set()
    state = scn.get("state") or {}
    if set(state) - STATE_KEYS:
        errors.append(f"unknown state keys {sorted(set(state) - STATE_KEYS)}")
    if "step" in state and state["step"] not in STEPS:
        errors.append(f"unknown step {state['step']!r}")
    if state.get("day_night", "neither") not in {"neither", "day", "night"}:
        errors.append("day_night must be neither, day or night")
    for who, zones in (state.get("players") or {}).items():
        if who not in players:
            errors.append(f"state names unknown player {who!r}")
        for zone, value in (zones or {}).items():
            if zone not in ZONE_KEYS:
                errors.append(f"{who}: unknown zone key {zone!r}")
            elif zone == "dungeon":
                name = value["name"]
                if name.lower() not in CARDS or not CARDS[name.lower()]["type_line"].startswith(
                        "Dungeon"):
                    errors.append(f"{who}: {name!r} is not a sample dungeon")
                elif value["room"] not in _rooms(name):
                    errors.append(f"{who}: {name} has no room {value['room']!r}")
            elif zone not in {"life", "mana_pool"}:
                _entries(value or [], f"{who}.{zone}", ids, errors, file_names)
    for i, action in enumerate(scn.get("actions") or [], 1):
        if not isinstance(action, dict) or len(action) != 1:
            errors.append(f"action {i}: must be a mapping with one key")
            continue
        (key, body), = action.items()
        if key in {"resolve", "advance"}:
            if not isinstance(body, dict):
                errors.append(f"action {i}: {key} takes a mapping")
            elif key == "advance" and body.get("step") not in STEPS:
                errors.append(f"action {i}: advance to unknown step {body.get('step')!r}")
        elif key == "expect":
            errors += [f"action {i}: {e}" for e in _lint_expect(body, players)]
        elif key in players:
            if body in ("pass", "concede"):
                continue
            if not isinstance(body, dict):
                errors.append(f"action {i}: bad player action {body!r}")
                continue
            verbs = set(body) & PLAYER_VERBS
            if len(verbs) != 1 or set(body) - PLAYER_VERBS - VERB_OPTIONS:
                errors.append(f"action {i}: player action keys {sorted(body)}")
            if "cast" in body and "from" not in body and "expect_error" not in body:
                _entries([body["cast"]], f"action {i}", set(), errors, file_names)
        else:
            errors.append(f"action {i}: unknown actor {key!r}")
    errors += _lint_expect(scn.get("expect") or {}, players)
    return errors


def _lint_expect(exp: dict[str, Any], players: list[str]) -> list[str]:
    errors: list[str] = []
    if set(exp) - EXPECT_KEYS:
        errors.append(f"unknown expect keys {sorted(set(exp) - EXPECT_KEYS)}")
    for key in ("events", "events_absent"):
        bad = set(exp.get(key, [])) - EVENTS
        if bad:
            errors.append(f"unknown event names {sorted(bad)}")
    if set(exp.get("event_counts", {})) - EVENTS:
        errors.append("unknown event names in event_counts")
    for key in ("zones", "zones_include"):
        for who, zones in (exp.get(key) or {}).items():
            if who not in players:
                errors.append(f"{key} names unknown player {who!r}")
            if set(zones) - ZONE_EXPECT_KEYS:
                errors.append(f"{key}.{who}: unknown keys {sorted(set(zones) - ZONE_EXPECT_KEYS)}")
    for obj, props in (exp.get("objects") or {}).items():
        if set(props) - OBJECT_KEYS:
            errors.append(f"objects.{obj}: unknown keys {sorted(set(props) - OBJECT_KEYS)}")
    if exp.get("day_night", "neither") not in {"neither", "day", "night"}:
        errors.append("expect.day_night must be neither, day or night")
    return errors


def test_enough_scenarios_in_each_folder() -> None:
    folders = {p.parent.name for p in FILES}
    assert folders == set(FOLDERS)
    assert len(FILES) >= 80


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(HERE)) for p in FILES])
def test_scenario_file_follows_the_spec(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    scenarios = data if isinstance(data, list) else [data]
    for scn in scenarios:
        assert isinstance(scn, dict), f"{path}: a scenario is a mapping"
        errors = lint(scn, path.parent)
        assert errors == [], f"{path}: {errors}"


def test_lint_catches_drift() -> None:
    """The linter itself rejects what the spec does not allow."""
    bad = {"name": "x", "source": "nowhere", "state": {"step": "main"},
           "actions": [{"alice": {"cast": "Demonic Tutor"}}], "expect": {"events": ["drawn"]}}
    errors = lint(bad)
    assert any("source" in e for e in errors)
    assert any("unknown step" in e for e in errors)
    assert any("Demonic Tutor" in e for e in errors)  # a prepare spell is not a card name
    assert any("event" in e for e in errors)
