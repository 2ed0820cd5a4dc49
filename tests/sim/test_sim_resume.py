"""``mtgkit simulate`` interrupted with Ctrl-C (a real SIGINT to a real process) and resumed.

The child is the installed CLI run as ``python -m mtgkit``; the test waits for its first
"N of M games stored" progress line, so the interruption always lands mid-run.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from db import connect
from db.sim import game_rows
from mtgkit.cli import main
from tests.child_signals import default_sigint

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")


def _cmd(db: Path, games: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "mtgkit", "--db", str(db), "simulate", "--deck", "vanilla",
            "--games", str(games), "--seed", "4", "--max-turns", "6", "--batch", "20", *extra]


def _interrupt_after_first_batch(cmd: list[str]) -> tuple[int, str]:
    """Run ``cmd``, send SIGINT once it reports a stored batch; (exit status, stderr)."""
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=default_sigint)
    seen = []
    assert proc.stderr is not None
    for line in proc.stderr:
        seen.append(line)
        if " games stored" in line:
            proc.send_signal(signal.SIGINT)
            break
    _, rest = proc.communicate(timeout=120)
    return proc.returncode, "".join(seen) + rest


def _strip(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "run_id"} for r in rows]


def test_ctrl_c_keeps_finished_games_and_the_same_command_resumes(tmp_path: Path) -> None:
    db = tmp_path / "sim.duckdb"
    code, err = _interrupt_after_first_batch(_cmd(db, 5000))
    assert code == 130, err
    assert "interrupted: " in err and "run the same command again to resume" in err
    first = int(err.split("interrupted: ")[1].split(" of ")[0])
    with connect(db) as store:
        rows = game_rows(store, 1)
    assert len(rows) == first >= 20  # every finished game, not only whole batches
    assert [r["game"] for r in rows] == list(range(first))

    # the same command, on two workers this time: it resumes run 1 where it stopped
    code, err = _interrupt_after_first_batch(_cmd(db, 5000, "--workers", "2"))
    assert code == 130, err
    assert f"resuming run 1: {first} of 5000 games already stored" in err
    with connect(db) as store:
        resumed = game_rows(store, 1)
        runs = store.con.execute("SELECT count(*) FROM sim_runs").fetchone()[0]
    assert runs == 1 and len(resumed) > first
    assert sorted(r["game"] for r in resumed) == list(range(len(resumed)))

    # the rows are those of an uninterrupted run of as many games
    fresh_db = tmp_path / "fresh.duckdb"
    assert main(["--db", str(fresh_db), "simulate", "--deck", "vanilla", "--games",
                 str(len(resumed)), "--seed", "4", "--max-turns", "6", "--no-progress"]) == 0
    with connect(fresh_db) as store:
        assert _strip(game_rows(store, 1)) == _strip(resumed)
        fresh_events = store.con.execute(
            "SELECT game, seq, turn, step, event, player, card FROM sim_events "
            "ORDER BY game, seq").fetchall()
    with connect(db) as store:
        events = store.con.execute(
            "SELECT game, seq, turn, step, event, player, card FROM sim_events "
            "ORDER BY game, seq").fetchall()
    assert events == fresh_events


def test_a_resumed_run_finishes_and_is_not_resumed_again(tmp_path: Path, capsys) -> None:
    db = tmp_path / "sim.duckdb"
    code, err = _interrupt_after_first_batch(_cmd(db, 400))
    assert code == 130, err
    assert main(["--db", str(db), *_cmd(db, 400)[5:], "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("400 games ") and "stored before" in out
    with connect(db) as store:
        assert [r["game"] for r in game_rows(store, 1)] == list(range(400))
        assert store.con.execute(
            "SELECT finished_at IS NOT NULL FROM sim_runs WHERE run_id = 1").fetchone()[0]
    # finished: the same command now says so and stores no duplicate run (issue 13)
    assert main(["--db", str(db), *_cmd(db, 400)[5:], "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("400 games ") and "(all stored before)" in out
    assert "run 1 is already complete: its 400 games are stored in" in out
    with connect(db) as store:
        assert store.con.execute("SELECT count(*) FROM sim_runs").fetchone()[0] == 1
    # --new-run plays them again as run 2
    assert main(["--db", str(db), *_cmd(db, 400)[5:], "--no-progress", "--new-run"]) == 0
    assert "stored before" not in capsys.readouterr().out
    with connect(db) as store:
        assert _strip(game_rows(store, 2)) == _strip(game_rows(store, 1))


def test_new_run_does_not_resume(tmp_path: Path, capsys) -> None:
    db = tmp_path / "sim.duckdb"
    code, _ = _interrupt_after_first_batch(_cmd(db, 5000))
    assert code == 130
    assert main(["--db", str(db), *_cmd(db, 30)[5:], "--no-progress"]) == 0  # other count
    assert main(["--db", str(db), *_cmd(db, 30)[5:], "--no-progress", "--new-run"]) == 0
    assert "stored before" not in capsys.readouterr().out
    with connect(db) as store:
        counts = store.con.execute(
            "SELECT run_id, count(*) FROM sim_games GROUP BY run_id ORDER BY run_id").fetchall()
    assert [c for _, c in counts][1:] == [30, 30]
