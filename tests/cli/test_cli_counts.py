"""Counts in the CLI's summary lines agree with their noun: ``1 card``, ``2 cards``."""

from __future__ import annotations

import json

from mtgkit.cli import main
from mtgkit.commands._common import counted


def test_counted_says_one_card_and_many_cards():
    assert counted(0, "card") == "0 cards"
    assert counted(1, "card") == "1 card"
    assert counted(2, "mechanic tag") == "2 mechanic tags"
    assert counted(12345, "sim_runs row") == "12,345 sim_runs rows"


def test_build_load_and_export_of_one_card_say_one_card(tmp_path, capsys):
    card = {"object": "card", "id": "00000000-0000-0000-0000-0000000000a1",
            "oracle_id": "00000000-0000-0000-0000-0000000000b1", "name": "Lone Bear",
            "lang": "en", "layout": "normal", "type_line": "Creature — Bear", "cmc": 2,
            "oracle_text": "", "power": "2", "toughness": "2"}
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(card) + "\n", "utf-8")
    db = str(tmp_path / "one.duckdb")
    assert main(["--db", db, "build", "--cards", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 file(s) loaded; 1 card\n" in out
    assert ": 1 card; 0 tagged with 0 mechanic tags" in out
    out_file = tmp_path / "one.csv"
    assert main(["--db", db, "export", "--format", "csv", "--out", str(out_file)]) == 0
    assert f"1 card written to {out_file}" in capsys.readouterr().out
