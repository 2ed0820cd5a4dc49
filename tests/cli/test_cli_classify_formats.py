"""``mtgkit classify --cards`` in its three formats: the evidence reaches the user."""

from __future__ import annotations

import json
from pathlib import Path

from mtgkit.cli import main

CARDS = [
    {"object": "card", "name": "Gloamwick Sentry", "oracle_id": "o-1", "lang": "en",
     "type_line": "Creature — Human Werewolf", "mana_cost": "{2}{G}",
     "oracle_text": "Trample\nDaybound (If a player casts no spells during their own turn, "
                    "it becomes night next turn.)"},
    {"object": "card", "name": "Plain Ox", "oracle_id": "o-2", "lang": "en",
     "type_line": "Creature — Ox", "mana_cost": "{1}{W}", "oracle_text": "Vigilance"},
    {"object": "card", "name": "Undervault Scout", "oracle_id": "o-3", "lang": "en",
     "type_line": "Creature — Human Scout", "mana_cost": "{1}{B}",
     "oracle_text": "When this creature enters, you take the initiative."},
]


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in CARDS), encoding="utf-8")
    return path


def test_json_lists_every_card_with_its_tags_and_evidence(tmp_path: Path, capsys) -> None:
    assert main(["classify", "--cards", str(_file(tmp_path)), "--format", "json"]) == 0
    cards = {c["name"]: c for c in json.loads(capsys.readouterr().out)}
    assert set(cards) == {"Gloamwick Sentry", "Plain Ox", "Undervault Scout"}
    assert cards["Plain Ox"]["tags"] == [] and cards["Plain Ox"]["mechanics"] == []
    sentry = cards["Gloamwick Sentry"]["tags"]
    assert {(t["mechanic"], t["role"]) for t in sentry} >= {("day_night", "daybound")}
    for t in sentry:  # the evidence is a verbatim span of the card's text
        assert t["evidence"] and t["evidence"] in CARDS[0]["oracle_text"]
    scout = cards["Undervault Scout"]["tags"]
    assert [(t["mechanic"], t["role"], t["lang"]) for t in scout] == [
        ("initiative", "takes", "en")]


def test_table_shows_tagged_cards_with_evidence(tmp_path: Path, capsys) -> None:
    assert main(["classify", "--cards", str(_file(tmp_path)), "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "evidence" in out.splitlines()[1]
    assert "Gloamwick Sentry" in out and "day_night:daybound" in out and "Daybound" in out
    assert "initiative:takes" in out and "take the initiative" in out
    assert "Plain Ox" not in out
    assert out.rstrip().endswith("2 of 3 card(s) tagged")


def test_csv_is_unchanged(tmp_path: Path, capsys) -> None:
    assert main(["classify", "--cards", str(_file(tmp_path))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "oracle_id,name,mechanics"
    assert "o-1,Gloamwick Sentry,day_night" in lines and "o-2,Plain Ox," in lines
