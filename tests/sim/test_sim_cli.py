"""``mtgkit simulate`` and ``check-rulings`` end to end, and the sim rows in the database."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from db import connect
from db.sim import event_counts, export_sim_table, game_rows
from mtgkit.cli import main


def _simulate(db: Path, *extra: str) -> None:
    assert main(["--db", str(db), "simulate", "--deck", "vanilla", "--deck", "initiative",
                 "--games", "3", "--seed", "21", "--no-progress", *extra]) == 0


def test_simulate_writes_identical_rows_for_the_same_seed(db_path: Path, capsys) -> None:
    _simulate(db_path)
    _simulate(db_path, "--workers", "2", "--new-run")  # (the same command alone: complete)
    out = capsys.readouterr().out
    assert "win rate: a" in out and "initiative changes" in out
    with connect(db_path) as store:
        first, second = game_rows(store, 1), game_rows(store, 2)
        assert len(first) == 3
        strip = [{k: v for k, v in r.items() if k != "run_id"} for r in first]
        assert strip == [{k: v for k, v in r.items() if k != "run_id"} for r in second]
        assert {r["deck_a"] for r in first} == {"vanilla"}
        for r in first:
            if r["winner"]:
                assert r["winner_deck"] == {"a": "vanilla", "b": "initiative"}[r["winner"]]
        counts = event_counts(store, 1)
        assert counts.get("turn_began", 0) > 0
        assert counts == event_counts(store, 2)


def test_export_sim_tables(db_path: Path, tmp_path: Path) -> None:
    _simulate(db_path)
    with connect(db_path) as store:
        n = export_sim_table(store, "sim_games", "csv", tmp_path / "g.csv")
        m = export_sim_table(store, "sim_events", "jsonl", tmp_path / "e.jsonl", run_id=1)
        export_sim_table(store, "sim_games", "parquet", tmp_path / "g.parquet")
        with pytest.raises(ValueError):
            export_sim_table(store, "cards", "csv", tmp_path / "x.csv")
    rows = list(csv.DictReader(open(tmp_path / "g.csv", encoding="utf-8")))
    assert n == 3 == len(rows) and rows[0]["deck_b"] == "initiative"
    events = [json.loads(line) for line in open(tmp_path / "e.jsonl", encoding="utf-8")]
    assert len(events) == m > 0
    assert {"game", "turn", "step", "event", "player", "card"} <= set(events[0])
    assert (tmp_path / "g.parquet").stat().st_size > 0


def test_bad_deck_is_a_clean_user_error(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Mountain\n2 Nonexistent Wizard\n", encoding="utf-8")
    code = main(["--db", str(tmp_path / "x.duckdb"), "simulate", "--deck", str(bad),
                 "--games", "1", "--no-progress"])
    assert code == 2
    assert f"{bad}:2: unknown card 'Nonexistent Wizard'" in capsys.readouterr().err


def test_check_rulings_reports_coverage(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # no ./mtgkit.duckdb: rulings come from the embedded sample
    (tmp_path / "good.yaml").write_text(
        'name: neither day nor night at the start\n'
        'source: "ruling 2021-09-24, Tavern Ruffian: Day and night are designations that the '
        'game itself can have. The game starts as neither.; CR 731.1"\n'
        'expect: {day_night: neither}\n', encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(
        'name: deliberately wrong expectation\n'
        'source: "ruling 2021-09-24, Celestus Sanctifier: The card you don\'t put into your '
        'graveyard stays on top"\n'
        'expect: {day_night: night}\n', encoding="utf-8")
    (tmp_path / "stale.yaml").write_text(
        'name: links to nothing\nsource: "ruling 1999-01-01, Tavern Ruffian: no such words"\n',
        encoding="utf-8")
    (tmp_path / "unlinked.yaml").write_text('name: no source\n', encoding="utf-8")
    code = main(["check-rulings", str(tmp_path), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1  # one linked scenario fails
    by_text = {(r["card"], r["comment"][:30]): r["status"] for r in report["rulings"]}
    assert by_text[("Tavern Ruffian // Tavern Smasher", "Day and night are designations")] == \
        "pass"
    assert by_text[("Celestus Sanctifier", "The card you don't put into yo")] == "FAIL"
    # the shared ruling text is covered only for the card the source names
    assert by_text[("Celestus Sanctifier", "Day and night are designations")] == "uncovered"
    assert report["rules"] == [{"rule": "731.1", "status": "pass",
                                "scenarios": [str(tmp_path / "good.yaml")]}]
    assert [u["file"] for u in report["unresolved"]] == [str(tmp_path / "stale.yaml")]
    assert report["counts"]["covered"] == 2


def test_same_rows_across_processes_with_different_hash_seeds(tmp_path: Path) -> None:
    """Set iteration order must not leak into games: two fresh interpreters, same rows."""
    import os
    import subprocess
    import sys

    rows = []
    for hash_seed in ("1", "2"):
        db = tmp_path / f"h{hash_seed}.duckdb"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-m", "mtgkit", "--db", str(db), "simulate", "--deck",
                        "prepare", "--deck", "end_turn", "--games", "2", "--seed", "5",
                        "--policy", "greedy", "--no-progress"], check=True, env=env,
                       capture_output=True)
        with connect(db) as store:
            rows.append([{k: v for k, v in r.items() if k != "run_id"}
                         for r in game_rows(store, 1)])
    assert rows[0] == rows[1] and len(rows[0]) == 2


def test_check_rulings_mechanic_filter(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prep.yaml").write_text(
        'name: a creature without a prepare spell stays unprepared\n'
        'source: "ruling 2026-03-20, Studious First-Year: A creature without a prepare spell '
        'can\'t become prepared.; CR 722.3a"\n'
        'state: {players: {alice: {battlefield: [Grizzly Bears]}}}\n'
        'expect: {objects: {Grizzly Bears: {prepared: false}}}\n', encoding="utf-8")
    (tmp_path / "dn.yaml").write_text(
        'name: starts neither\nsource: "ruling 2021-09-24, Tavern Ruffian: The game starts as '
        'neither."\nexpect: {day_night: neither}\n', encoding="utf-8")
    assert main(["check-rulings", str(tmp_path), "--mechanic", "prepare", "--format",
                 "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    cards = {r["card"] for r in report["rulings"]}
    assert "Studious First-Year // Rampant Growth" in cards
    assert not any(c.startswith("Tavern Ruffian") for c in cards)
    assert report["counts"]["covered"] == 1
    assert [r["rule"] for r in report["rules"]] == ["722.3a"]


def test_check_rulings_flags_rule_numbers_missing_from_the_cr(tmp_path: Path, capsys,
                                                              monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    cr = tmp_path / "cr.txt"
    cr.write_text("731. Day and Night\n\n731.1. The game can be day.\n\n731.1a The phrases...\n",
                  encoding="utf-8")
    scn = tmp_path / "s"
    scn.mkdir()
    (scn / "a.yaml").write_text('name: x\nsource: "CR 731.1a, CR 999.9"\n'
                                'expect: {day_night: neither}\n', encoding="utf-8")
    code = main(["check-rulings", str(scn), "--rules", str(cr), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["rules_not_in_cr"] == ["999.9"]
    assert [r["rule"] for r in report["rules"]] == ["731.1a", "999.9"]
