"""`mtgkit play`: exit status, text and JSON reports, --cards files, directories."""

from __future__ import annotations

import json
from pathlib import Path

from mtgkit.cli import main

GOOD = """name: a daybound creature makes it day
state:
  players:
    alice:
      hand: [Tavern Ruffian]
      battlefield: [Mountain, Mountain, Mountain, Mountain]
actions:
  - alice: {cast: Tavern Ruffian}
  - resolve: {}
expect:
  day_night: day
"""

BAD = GOOD.replace("day_night: day", "day_night: night")


def test_play_pass_and_fail(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("MTGKIT_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    assert main(["play", str(tmp_path / "good.yaml")]) == 0
    assert "PASS" in capsys.readouterr().out
    (tmp_path / "bad.yml").write_text(BAD, encoding="utf-8")
    assert main(["play", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "expected 'night', actual 'day'" in out
    assert main(["play", "--format", "json", str(tmp_path / "bad.yml")]) == 1
    [report] = json.loads(capsys.readouterr().out)
    assert report["passed"] is False and report["failures"]


def test_play_with_card_file_and_log(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("MTGKIT_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    card = {"object": "card", "name": "Test Sprite", "layout": "normal", "mana_cost": "{U}",
            "type_line": "Creature — Faerie", "oracle_text": "Flying", "power": "1",
            "toughness": "1", "colors": ["U"], "keywords": ["Flying"]}
    (tmp_path / "extra.jsonl").write_text(json.dumps(card) + "\n", encoding="utf-8")
    (tmp_path / "s.yaml").write_text(
        "name: a card from --cards\nstate:\n  players:\n    alice:\n      hand: [Test Sprite]\n"
        "      battlefield: [Island]\nactions:\n  - alice: {cast: Test Sprite}\n"
        "  - resolve: {}\nexpect:\n  objects: {Test Sprite: {zone: battlefield, keywords: "
        "[flying]}}\n", encoding="utf-8")
    assert main(["play", "--log", "--cards", str(tmp_path / "extra.jsonl"),
                 str(tmp_path / "s.yaml")]) == 0
    assert "spell_cast" in capsys.readouterr().out


def test_play_with_a_missing_database_is_a_user_error(tmp_path: Path, capsys) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    assert main(["--db", str(tmp_path / "none.duckdb"), "play", str(tmp_path / "good.yaml")]) == 2
    assert "no such database" in capsys.readouterr().err
