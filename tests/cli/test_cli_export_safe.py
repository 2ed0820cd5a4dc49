"""``mtgkit export --out``: only a regular file (or a new one) is ever replaced (issue 10, item 1).

Every case runs the real command against real files, symlinks, a FIFO and a directory inside
the test's own ``tmp_path``; the one device used, ``/dev/null``, is only ever *reached through
a symlink in tmp_path* and checked to be untouched afterwards.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from mtgkit.cli import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "cards.duckdb"
    assert main(["--db", str(db), "build"]) == 0
    return db


def export(db: Path, out: str, *extra: str, fmt: str = "jsonl") -> int:
    return main(["--db", str(db), "export", "--format", fmt, "--out", out, *extra])


def leftovers(folder: Path) -> list[str]:
    """Temporary files an export left behind (there must be none)."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


@pytest.fixture
def umask_022():
    before = os.umask(0o022)
    yield
    os.umask(before)


def test_a_new_file_gets_the_umask_mode(built, tmp_path, capsys, umask_022):
    out = tmp_path / "new.jsonl"
    assert export(built, str(out), "--mechanic", "prepare") == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o644  # not mkstemp's 0600
    assert "cards written to" in capsys.readouterr().out
    os.umask(0o027)
    other = tmp_path / "other.csv"
    assert export(built, str(other), fmt="csv") == 0
    assert stat.S_IMODE(other.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_a_regular_file_is_replaced_keeping_its_mode(built, tmp_path, capsys):
    out = tmp_path / "old.jsonl"
    out.write_text("old content\n", encoding="utf-8")
    out.chmod(0o600)
    assert export(built, str(out), "--mechanic", "initiative") == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows and all("initiative" in r["mechanics"] for r in rows)
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert leftovers(tmp_path) == []


def test_a_symlink_is_written_through_to_its_target(built, tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    target = data / "real.jsonl"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    links = tmp_path / "links"
    links.mkdir()
    link = links / "latest.jsonl"
    link.symlink_to(Path("..") / "data" / "real.jsonl")  # relative, in another folder
    assert export(built, str(link), "--mechanic", "end_the_turn") == 0
    assert link.is_symlink() and os.readlink(link) == str(Path("..") / "data" / "real.jsonl")
    assert target.read_text(encoding="utf-8").count("\n") == 4  # the sample's 4 such cards
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(data) == [] and leftovers(links) == []


def test_a_dangling_symlink_creates_its_target(built, tmp_path, capsys):
    link = tmp_path / "link.csv"
    link.symlink_to(tmp_path / "made.csv")
    assert export(built, str(link), fmt="csv") == 0
    assert link.is_symlink() and (tmp_path / "made.csv").read_text(encoding="utf-8")


def test_a_symlink_to_a_device_is_refused_and_the_device_untouched(built, tmp_path, capsys):
    before = os.stat("/dev/null")
    link = tmp_path / "null.jsonl"
    link.symlink_to("/dev/null")
    assert export(built, str(link)) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgkit: error:") and "character device" in err and str(link) in err
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino
    assert link.is_symlink() and "Traceback" not in err


def test_a_fifo_is_refused_without_opening_it(built, tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert export(built, str(fifo)) == 2  # (opening it to write would block: it is never opened)
    assert "pipe (FIFO)" in capsys.readouterr().err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert leftovers(tmp_path) == []


def test_a_directory_is_refused(built, tmp_path, capsys):
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "keep.txt").write_text("x", encoding="utf-8")
    assert export(built, str(folder), fmt="parquet") == 2
    err = capsys.readouterr().err
    assert f"{folder} is a directory" in err and "--out -" in err
    assert sorted(p.name for p in folder.iterdir()) == ["keep.txt"]


@pytest.mark.parametrize("bad", ["", "file.txt/inside.jsonl", "loop.jsonl"])
def test_empty_or_unwritable_paths_are_clear_errors(built, tmp_path, capsys, monkeypatch, bad):
    monkeypatch.chdir(tmp_path)
    Path("file.txt").write_text("a file, not a folder", encoding="utf-8")
    Path("loop.jsonl").symlink_to("loop.jsonl")
    assert export(built, bad) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgkit: error:") and "Traceback" not in err
    assert ("empty" in err) if bad == "" else (bad in err and "cannot write here" in err)
    assert Path("file.txt").read_text(encoding="utf-8") == "a file, not a folder"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_folder_is_a_clear_error(built, tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert export(built, str(folder / "x.jsonl")) == 2
        assert "cannot write here" in capsys.readouterr().err
    finally:
        folder.chmod(0o700)


def test_a_failed_export_leaves_the_old_file(built, tmp_path, capsys):
    out = tmp_path / "keep.jsonl"
    out.write_text("precious\n", encoding="utf-8")
    assert export(built, str(out), "nope:1") == 2  # a bad query: nothing written
    assert out.read_text(encoding="utf-8") == "precious\n"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_dash_writes_to_stdout_through_a_real_pipe(built, tmp_path, fmt):
    """``--out -`` in a child process whose stdout is a pipe: the data on stdout, the count
    on stderr, no file made."""
    proc = subprocess.run(
        [sys.executable, "-m", "mtgkit", "--db", str(built), "export", "--format", fmt,
         "--out", "-", "--mechanic", "end_the_turn"],
        cwd=tmp_path, capture_output=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr.decode().strip() == "4 cards written to standard output"
    if fmt == "parquet":
        (tmp_path / "got.parquet").write_bytes(proc.stdout)
        assert pq.read_table(tmp_path / "got.parquet").num_rows == 4
    else:
        text = proc.stdout.decode("utf-8")
        if fmt == "jsonl":
            names = [json.loads(line)["name"] for line in text.splitlines()]
        else:
            names = [row["name"] for row in csv.DictReader(io.StringIO(text))]
        assert len(names) == 4 and "Time Stop" in names
    assert sorted(p.name for p in tmp_path.iterdir()) == (
        ["got.parquet"] if fmt == "parquet" else [])


def test_dev_stdout_as_out_is_refused_when_it_is_a_pipe(built, tmp_path):
    """``--out /dev/stdout`` used to turn /dev/stdout into a plain file (as root); now what it
    reaches (here a pipe) is judged, and refused with a pointer to ``--out -``."""
    proc = subprocess.run(
        [sys.executable, "-m", "mtgkit", "--db", str(built), "export", "--format", "jsonl",
         "--out", "/dev/stdout"], cwd=tmp_path, capture_output=True, timeout=120, check=False)
    assert proc.returncode == 2
    assert b"pipe (FIFO)" in proc.stderr and b"--out -" in proc.stderr
    assert proc.stdout == b""


def test_sim_table_exports_are_safe_too(built, tmp_path, capsys):
    folder = tmp_path / "games"
    folder.mkdir()
    assert main(["--db", str(built), "export", "--table", "sim_runs", "--format", "csv",
                 "--out", str(folder)]) == 2
    assert "is a directory" in capsys.readouterr().err

