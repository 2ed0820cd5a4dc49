"""``mtgkit simulate --backend ray`` on a real local Ray: the same rows as ``--workers 1``,
also after a real Ctrl-C (SIGINT to a child process) and a resume.

One Ray session (``ray.init(num_cpus=2)``, bound to 127.0.0.1) serves the whole module: the
in-process runs use it directly, and the child processes join it with ``--address``, so Ray
starts once. Skipped, with the reason, when the ``mtgkit[ray]`` extra is not installed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from db import connect
from mtgkit.cli import main
from tests.child_signals import default_sigint

REPO = Path(__file__).resolve().parents[2]
GAMES = 200
ARGS = ["simulate", "--deck", "day_night", "--deck", "initiative", "--games", str(GAMES),
        "--seed", "14", "--max-turns", "12", "--no-progress"]
GAME_SQL = "SELECT * EXCLUDE (run_id) FROM sim_games WHERE run_id = ? ORDER BY game"
EVENT_SQL = ("SELECT game, seq, turn, step, event, player, card FROM sim_events "
             "WHERE run_id = ? ORDER BY game, seq")


@pytest.fixture(scope="module")
def ray_address() -> str:
    """A local Ray with 2 CPUs for the module; its GCS address for child processes."""
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"  # services on 127.0.0.1 only
    ray = pytest.importorskip("ray", reason='needs the ray extra (pip install -e ".[ray]")')
    if ray.is_initialized():
        ray.shutdown()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=150 * 1024 * 1024)
    address = ray.get_runtime_context().gcs_address
    assert address.startswith("127.0.0.1:"), address
    yield address
    ray.shutdown()


def _rows(db: Path, run_id: int = 1) -> tuple[list, list]:
    with connect(db) as store:
        return (store.con.execute(GAME_SQL, [run_id]).fetchall(),
                store.con.execute(EVENT_SQL, [run_id]).fetchall())


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> tuple[list, list]:
    """The rows of the same 200 games played by one local worker."""
    db = tmp_path_factory.mktemp("baseline") / "one.duckdb"
    assert main(["--db", str(db), *ARGS, "--workers", "1"]) == 0
    games, events = _rows(db)
    assert len(games) == GAMES and len(events) > GAMES
    return games, events


def test_ray_backend_plays_the_same_games_as_one_worker(ray_address, baseline, tmp_path,
                                                        capsys) -> None:
    db = tmp_path / "ray.duckdb"
    out = tmp_path / "dataset"
    assert main(["--db", str(db), *ARGS, "--backend", "ray", "--batch", "25",
                 "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "backend ray (local, 2 CPUs)" in printed and f"{GAMES} rows in sim_games" in printed
    assert _rows(db) == baseline
    # the dataset holds the same rows, one partition per Ray task (8 tasks of 25 games)
    con = duckdb.connect()
    parts = con.execute(
        f"SELECT run_id, batch, count(*) FROM read_parquet('{out}/sim_games/**/*.parquet', "
        "hive_partitioning = true) GROUP BY ALL ORDER BY batch").fetchall()
    assert [(r, n) for r, _, n in parts] == [(1, 25)] * 8
    games = con.execute(
        f"SELECT * EXCLUDE (run_id, batch) FROM read_parquet('{out}/sim_games/**/*.parquet', "
        "hive_partitioning = true) ORDER BY game").fetchall()
    assert games == baseline[0]
    events = con.execute(
        f"SELECT game, seq, turn, step, event, player, card FROM read_parquet("
        f"'{out}/sim_events/**/*.parquet', hive_partitioning = true) ORDER BY game, seq"
    ).fetchall()
    assert events == baseline[1]
    # the same command again: already complete, nothing stored twice
    assert main(["--db", str(db), *ARGS, "--backend", "ray", "--batch", "25",
                 "--out", str(out)]) == 0
    assert "is already complete" in capsys.readouterr().out
    with connect(db) as store:
        assert store.con.execute("SELECT count(*) FROM sim_runs").fetchone()[0] == 1
        assert store.con.execute("SELECT count(*) FROM sim_games").fetchone()[0] == GAMES


def _interrupted(cmd: list[str]) -> tuple[int, str]:
    """Run ``cmd`` as a child; SIGINT once it reports a stored batch; (status, stderr)."""
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=default_sigint)
    seen = []
    assert proc.stderr is not None
    for line in proc.stderr:
        seen.append(line)
        if " games stored" in line:
            proc.send_signal(signal.SIGINT)
            break
    _, rest = proc.communicate(timeout=180)
    return proc.returncode, "".join(seen) + rest


def test_ray_run_interrupted_by_ctrl_c_resumes_to_the_same_rows(ray_address, baseline,
                                                                 tmp_path, capsys) -> None:
    db = tmp_path / "ray.duckdb"
    cmd = [sys.executable, "-m", "mtgkit", "--db", str(db), *ARGS[:-1], "--backend", "ray",
           "--address", ray_address, "--batch", "10"]
    code, err = _interrupted(cmd)
    assert code == 130, err
    assert "interrupted: " in err and "run the same command again to resume" in err
    kept = int(err.split("interrupted: ")[1].split(" of ")[0])
    games, _ = _rows(db)
    assert 10 <= kept == len(games) < GAMES
    assert {g[0] for g in games} <= set(range(GAMES))
    # every stored game is the one --workers 1 played under that number
    wanted = {g[0]: g for g in baseline[0]}
    assert all(g == wanted[g[0]] for g in games)

    # the same command resumes run 1 (here in this process, on the shared session), and the
    # dataset it is now asked for gets the games stored before the interruption too
    out = tmp_path / "dataset"
    assert main(["--db", str(db), *ARGS, "--backend", "ray", "--address", ray_address,
                 "--batch", "10", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert f"resuming run 1: {kept} of {GAMES} games already stored" in captured.err
    assert f"{kept} stored before" in captured.out
    assert _rows(db) == baseline
    with connect(db) as store:
        assert store.con.execute("SELECT count(*) FROM sim_runs").fetchone()[0] == 1
    n, distinct = duckdb.sql(
        f"SELECT count(*), count(DISTINCT game) FROM read_parquet("
        f"'{out}/sim_games/**/*.parquet', hive_partitioning = true)").fetchall()[0]
    assert n == distinct == GAMES


def test_without_ray_installed_the_error_says_how_to_get_it(tmp_path) -> None:
    """A child where ``import ray`` fails (as without the extra): one clear line, status 2."""
    code = ("import sys; sys.modules['ray'] = None\n"
            "from mtgkit.cli import main\n"
            f"sys.exit(main({['--db', str(tmp_path / 'x.duckdb'), *ARGS, '--backend', 'ray']!r}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().endswith(
        'mtgkit: error: --backend ray needs Ray, which is not installed '
        '(pip install "mtgkit[ray]")')


def test_a_worker_builds_the_card_library_once_per_run() -> None:
    """What a Ray task runs, called directly: the spec (in its box) is read once per run and
    per worker process; later batches of the run reuse the library; the rows are run_games'."""
    from rules_engine import sim_ray
    from rules_engine.cards import DictCardSource, default_sample_path, read_card_file
    from rules_engine.deckfile import read_deck, sample_decks_dir
    from rules_engine.sim_runner import RunSpec, card_dicts_for, run_games

    source = DictCardSource(read_card_file(default_sample_path()))
    deck = read_deck(sample_decks_dir() / "vanilla.txt").card_names()
    spec = RunSpec(cards=card_dicts_for(source.get, deck), deck_a=tuple(deck),
                   deck_b=tuple(deck), seed=3, max_turns=6)
    batches = sim_ray.plan_batches([0, 1, 2, 3, 4, 6], 4, first_number=2)
    assert batches == [sim_ray.Batch(2, (0, 1, 2, 3)), sim_ray.Batch(3, (4, 6))]
    first = sim_ray.play_batch(spec.key(), [spec], batches[0].games)
    library = sim_ray._LIBRARIES[spec.key()][1]
    second = sim_ray.play_batch(spec.key(), ["not read again"], batches[1].games)
    assert sim_ray._LIBRARIES[spec.key()][1] is library and len(sim_ray._LIBRARIES) == 1
    want = list(run_games(spec, 7, indexes=[0, 1, 2, 3, 4, 6]))
    assert first + second == want
