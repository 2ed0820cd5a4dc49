"""Ctrl-C during ``mtgkit build``: real SIGINTs to a real ``python -m mtgkit build`` process.

Each run is interrupted at another point of an uninterrupted build's duration (reading,
storing, the commits, the tagging step); every time the process must exit 130 (or 0 if it
was already done) without a traceback, the database must be consistent (a card is either
tagged as a clean build tags it from what is stored, or marked in ``cards_untagged``; a file
recorded in ``loaded_files`` is stored whole), and a second build must give exactly the
clean result.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from bench._child import MeasuredProcess
from db import connect
from tests.child_signals import default_sigint

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")

TEXTS = [
    "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)",
    "When this creature enters, you take the initiative.",
    "This creature enters prepared.",
    "Flying",
    "{T}: Add {G}.",
    "When this creature enters, draw a card.",
]


def write_cards(folder: Path, n: int) -> tuple[Path, Path]:
    """``n`` invented English cards (a third with a mechanic) and Japanese printings of some."""
    english, japanese = [], []
    for i in range(n):
        oracle_id = str(uuid.UUID(int=i + 1))
        english.append({
            "object": "card", "id": str(uuid.UUID(int=(1 << 64) + i)), "oracle_id": oracle_id,
            "name": f"Test Card {i}", "lang": "en", "layout": "normal", "mana_cost": "{1}{G}",
            "cmc": 2.0, "type_line": "Creature — Wolf", "oracle_text": TEXTS[i % len(TEXTS)],
            "power": "2", "toughness": "2", "colors": ["G"], "color_identity": ["G"],
            "keywords": [], "set": "tst", "released_at": "2024-01-01",
            "legalities": {"standard": "legal"}, "flavor_text": "x" * 300,
        })
        if i % 4 == 0:
            japanese.append({
                "object": "card", "id": str(uuid.UUID(int=(2 << 64) + i)),
                "oracle_id": oracle_id, "name": f"Test Card {i}", "lang": "ja",
                "printed_name": f"テストカード{i}", "printed_type_line": "クリーチャー — 狼",
                "printed_text": "日暮" if i % 8 == 0 else "飛行",
            })
    en, ja = folder / "cards.jsonl", folder / "cards_ja.jsonl"
    en.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in english), "utf-8")
    ja.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in japanese), "utf-8")
    return en, ja


def _cmd(db: Path, files: tuple[Path, Path]) -> list[str]:
    return [sys.executable, "-m", "mtgkit", "--db", str(db), "build", "--cards",
            *map(str, files)]


def _started(proc: object, db: Path) -> float:
    """Wait until the build has opened its database (the command is running, past start-up:
    a SIGINT before Python has installed its handlers is the shell's business, not ours)."""
    deadline = time.perf_counter() + 120
    while not db.exists() and time.perf_counter() < deadline:
        time.sleep(0.005)  # (not proc.poll(): it would reap the child before wait4 can)
    return time.perf_counter()


def snapshot(db: Path) -> dict[str, list]:
    with connect(db) as store:
        q = store.con.execute
        return {
            "cards": q("SELECT * EXCLUDE (data) FROM cards ORDER BY oracle_id").fetchall(),
            "faces": q("SELECT * FROM card_faces ORDER BY oracle_id, face_index").fetchall(),
            "ja": q("SELECT * FROM cards_ja ORDER BY oracle_id, face_index").fetchall(),
            "tags": q("SELECT * FROM card_mechanics ORDER BY ALL").fetchall(),
            "untagged": q("SELECT count(*) FROM cards_untagged").fetchall(),
        }


def check_consistent(db: Path, clean: dict[str, list], files: tuple[Path, Path]) -> None:
    """Every card is tagged as in the clean build (from what is stored), or marked for
    tagging; files are whole."""
    with connect(db) as store:
        q = store.con.execute
        marked = {r[0] for r in q("SELECT oracle_id FROM cards_untagged").fetchall()}
        tags: dict[str, list] = {}
        for row in q("SELECT * FROM card_mechanics ORDER BY ALL").fetchall():
            tags.setdefault(row[0], []).append(row)
        loaded = {Path(r[0]).name for r in q("SELECT path FROM loaded_files").fetchall()}
        count = q("SELECT count(*) FROM cards").fetchone()[0]
        ja = q("SELECT count(DISTINCT oracle_id) FROM cards_ja").fetchone()[0]
        stored = [r[0] for r in q("SELECT oracle_id FROM cards").fetchall()]
    clean_tags: dict[str, list] = {}
    for row in clean["tags"]:
        clean_tags.setdefault(row[0], []).append(row)
    # each file in whole or not at all, and recorded as loaded only when stored
    assert count in (0, len(clean["cards"]))
    assert ("cards.jsonl" in loaded) == (count > 0)
    assert ("cards_ja.jsonl" in loaded) == (ja > 0)
    # Japanese columns are checked by the rebuild below. A card not marked for tagging is
    # tagged as the clean build tags it from what is stored: while the Japanese file is not
    # (the build tags each English card as it loads it), by its English text alone.
    for oracle_id in stored:
        if oracle_id not in marked:
            expected = [row for row in clean_tags.get(oracle_id, [])
                        if ja or row[5] != "ja"]
            assert tags.get(oracle_id, []) == expected, oracle_id


def test_ctrl_c_at_any_point_of_build_exits_130_and_the_next_build_completes(tmp_path):
    files = write_cards(tmp_path, 20_000)
    clean_db = tmp_path / "clean.duckdb"
    proc = subprocess.Popen(_cmd(clean_db, files), cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=default_sigint)
    start = _started(proc, clean_db)
    proc.communicate(timeout=300)
    duration = time.perf_counter() - start
    assert proc.returncode == 0
    clean = snapshot(clean_db)
    assert clean["tags"] and clean["untagged"] == [(0,)]
    outcomes, peaks = [], []
    for i, fraction in enumerate((0.05, 0.3, 0.5, 0.65, 0.8, 0.9, 0.97)):
        db = tmp_path / f"run{i}.duckdb"
        with tempfile.TemporaryFile() as errfile:
            # measured under bench/_child.py's launcher, which forwards the SIGINT
            proc = MeasuredProcess(_cmd(db, files), cwd=REPO, stdout=subprocess.DEVNULL,
                                   stderr=errfile)
            _started(proc, db)
            time.sleep(duration * fraction)
            os.kill(proc.pid, signal.SIGINT)  # a zombie, if done already: harmless
            usage = proc.wait(timeout=120)
            proc.returncode = usage.returncode
            errfile.seek(0)
            err = errfile.read().decode()
        peaks.append(usage.peak_mb)  # the build's own peak, not this test process's
        assert "Traceback" not in err, err
        assert proc.returncode in (0, 130), (fraction, proc.returncode, err)
        if proc.returncode == 130:
            assert "interrupted" in err
        outcomes.append(proc.returncode)
        if db.exists():
            check_consistent(db, clean, files)
        # the same build again completes the interrupted one: the clean result exactly
        subprocess.run(_cmd(db, files), cwd=REPO, check=True, capture_output=True,
                       timeout=300)
        assert snapshot(db) == clean
    assert 130 in outcomes
    assert max(peaks) < 600, peaks


class _CommitInterrupted:
    """A connection stand-in that sends this process a real SIGINT as COMMIT starts."""

    def __init__(self, con) -> None:
        self._con = con

    def execute(self, sql: str, *args):
        if sql == "COMMIT":
            import os

            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the signal is delivered while the commit runs
        return self._con.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self._con, name)


def test_ctrl_c_during_commit_is_held_until_the_commit_is_done(db_path):
    # (Python's Ctrl-C handler, also when pytest was started with SIGINT ignored)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _commit_interrupted(db_path)
    finally:
        signal.signal(signal.SIGINT, before)


def _commit_interrupted(db_path) -> None:
    with connect(db_path) as store:
        real = store.con
        store.con = _CommitInterrupted(real)  # type: ignore[assignment]
        with pytest.raises(KeyboardInterrupt):
            with store.transaction() as con:
                con.execute("INSERT INTO cards_untagged VALUES ('x', true)")
        store.con = real
        # the commit went through: the interrupt came after it, not in its middle
        assert real.execute("SELECT count(*) FROM cards_untagged").fetchone()[0] == 1
        with store.transaction() as con:  # and the connection is usable
            con.execute("DELETE FROM cards_untagged")
