"""``mtgkit coverage`` end to end on hand-written card files (no database, no network)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgkit.cli import main

CARDS = [
    {"object": "card", "oracle_id": "00000000-0000-0000-0000-000000000001", "lang": "en",
     "name": "Dawnwatch Sentry", "layout": "normal", "type_line": "Creature — Human Soldier",
     "oracle_text": "If it's neither day nor night, it becomes day as this creature enters.\n"
                    "Whenever day becomes night or night becomes day, draw a card."},
    {"object": "card", "oracle_id": "00000000-0000-0000-0000-000000000002", "lang": "en",
     "name": "Tunnel Scout", "layout": "normal", "type_line": "Creature — Dwarf Scout",
     "oracle_text": "When this creature enters, you take the initiative.\n"
                    "Frobnicate the tunnels."},
    {"object": "card", "oracle_id": "00000000-0000-0000-0000-000000000003", "lang": "en",
     "name": "Plain Bear", "layout": "normal", "type_line": "Creature — Bear",
     "oracle_text": "Trample"},
]


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "cards.jsonl"
    path.write_text("\n".join(json.dumps(c) for c in CARDS) + "\n", encoding="utf-8")
    return path


def test_coverage_json_shape_and_counts(card_file: Path, capsys) -> None:
    assert main(["coverage", "--cards", str(card_file), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"mechanics", "unsupported"} <= set(out)
    assert list(out["mechanics"]) == ["day_night", "initiative", "prepare", "end_the_turn"]
    assert out["mechanics"]["day_night"] == {"cards": 1, "fully_supported": 1,
                                             "unsupported_mechanic_clauses": 0,
                                             "compiled_fully": 1}
    assert out["mechanics"]["initiative"] == {"cards": 1, "fully_supported": 0,
                                              "unsupported_mechanic_clauses": 0,
                                              "compiled_fully": 0}
    assert out["unsupported"] == [{"clause": "Frobnicate the tunnels.", "cards": ["Tunnel Scout"]}]
    assert out["not_run"] == []
    assert out["totals"] == {"cards": 2, "fully_supported": 1, "compiled_fully": 1}


def test_coverage_compiled_but_not_run(tmp_path: Path, capsys) -> None:
    """A card whose every clause compiles but which holds a cost part the engine refuses to
    pay is not fully supported, and the unrun kind is ranked."""
    card = dict(CARDS[1], oracle_text="When this creature enters, you take the initiative.\n"
                                      "Sacrifice this creature: Draw a card.")
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(card) + "\n", encoding="utf-8")
    assert main(["coverage", "--cards", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    init = out["mechanics"]["initiative"]
    assert init["compiled_fully"] == 1
    from rules_engine.support import engine_tables

    if "sacrifice" in engine_tables().cost_parts:  # the engine learnt to pay it
        assert init["fully_supported"] == 1 and out["not_run"] == []
    else:
        assert init["fully_supported"] == 0
        assert out["not_run"] == [{"kind": "cost:sacrifice", "cards": ["Tunnel Scout"]}]


def test_coverage_mechanic_filter_and_table(card_file: Path, capsys) -> None:
    assert main(["coverage", "--cards", str(card_file), "--mechanic", "initiative"]) == 0
    out = capsys.readouterr().out
    assert "initiative" in out and "day_night" not in out
    assert "Frobnicate the tunnels." in out


def test_coverage_counts_unsupported_mechanic_clause(tmp_path: Path, capsys) -> None:
    card = dict(CARDS[1], oracle_text="Whenever you take the initiative twice, frobnicate.")
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(card) + "\n", encoding="utf-8")
    assert main(["coverage", "--cards", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["mechanics"]["initiative"]["unsupported_mechanic_clauses"] == 1


def test_coverage_missing_file_is_a_user_error(tmp_path: Path, capsys) -> None:
    assert main(["coverage", "--cards", str(tmp_path / "nope.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_coverage_reads_the_database(db_path, capsys) -> None:
    assert main(["--db", str(db_path), "build"]) == 0  # the embedded sample, offline
    capsys.readouterr()
    assert main(["--db", str(db_path), "coverage", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    counts = out["mechanics"]
    assert all(counts[m]["cards"] > 0 for m in counts)
    assert all(0 <= c["fully_supported"] <= c["cards"] for c in counts.values())
