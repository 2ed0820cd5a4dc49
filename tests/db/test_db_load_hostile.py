"""Hostile card files (issue 10): limits, undecodable bytes, arrays that break, wrong types,
duplicates. Each case runs ``mtgkit load``/``build`` as a real child process on real files,
in bounded time and memory (peak RSS of the child under 600 MB), and checks that what was
stored before is still there and that the stored rows never make a later command fail.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from bench._child import MeasuredProcess
from db import connect
from db.read import MAX_LINE_BYTES, MAX_RECORD_BYTES

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(os, "wait4"), reason="wait4 (POSIX) measures RSS")


def U(i: int) -> str:
    return str(uuid.UUID(int=i + 1))


def card(i: int, **extra) -> dict:
    obj = {"object": "card", "id": str(uuid.UUID(int=(1 << 64) + i)), "oracle_id": U(i),
           "name": f"Card {i}", "lang": "en", "layout": "normal", "mana_cost": "{1}",
           "cmc": 1.0, "type_line": "Artifact", "oracle_text": "Daybound" if i % 3 == 0 else "",
           "colors": [], "color_identity": [], "keywords": [], "set": "tst"}
    obj.update(extra)
    return obj


def lines(objects) -> bytes:
    return b"".join(json.dumps(o, ensure_ascii=False).encode() + b"\n" for o in objects)


def run(db: Path, *args: str, timeout: float = 60) -> tuple[int, str, str, float, float]:
    """``python -m mtgkit --db DB ARGS`` as a child: (status, out, err, seconds, peak MiB).

    The peak is this command's own resident set (``bench/_child.py``'s launcher), not the
    test process's memory, which Linux would otherwise count in a child's ``ru_maxrss``."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        usage = MeasuredProcess([sys.executable, "-m", "mtgkit", "--db", str(db), *args],
                                cwd=REPO, stdout=out, stderr=err).wait(timeout)
        out.seek(0)
        err.seek(0)
        texts = out.read().decode(), err.read().decode()
    return usage.returncode, *texts, usage.seconds, usage.peak_mb


def stored(db: Path) -> dict[str, list]:
    with connect(db) as store:
        q = store.con.execute
        return {"cards": q("SELECT oracle_id, name FROM cards ORDER BY 1").fetchall(),
                "loaded": q("SELECT path FROM loaded_files ORDER BY 1").fetchall()}


@pytest.fixture
def base(tmp_path) -> tuple[Path, dict]:
    """A database with three good cards already in it."""
    db = tmp_path / "base.duckdb"
    good = tmp_path / "good.jsonl"
    good.write_bytes(lines(card(i) for i in range(3)))
    code, _out, err, _t, _m = run(db, "build", "--cards", str(good))
    assert code == 0, err
    return db, stored(db)


def test_a_1_gib_line_in_a_gzip_file_is_refused_quickly_in_bounded_memory(tmp_path, base):
    db, before = base
    path = tmp_path / "huge.jsonl.gz"
    with gzip.open(path, "wb", compresslevel=1) as fh:
        fh.write(lines([card(10)]))
        fh.write(b'{"name": "')
        block = b"a" * (1 << 24)
        for _ in range(64):  # 1 GiB, one line
            fh.write(block)
        fh.write(b'"}\n')
        fh.write(lines([card(11)]))
    code, _out, err, seconds, peak = run(db, "load", "cards", str(path))
    assert code == 2
    assert f"{path}:2: line is over {MAX_LINE_BYTES:,} bytes" in err
    assert "nothing from this file was stored" in err and "Traceback" not in err
    assert seconds < 30 and peak < 600
    assert stored(db) == before  # not even the good line before it; not recorded as loaded


@pytest.mark.parametrize("form", ["jsonl", "json"])
def test_an_oversized_record_is_a_file_line_error_and_the_rest_loads(tmp_path, base, form):
    db, before = base
    big = card(20, oracle_text="x" * (MAX_RECORD_BYTES + 10))
    objects = [card(21), big, card(22)]
    path = tmp_path / f"big.{form}"
    if form == "json":
        path.write_text("[\n" + ",\n".join(json.dumps(o) for o in objects) + "\n]\n")
    else:
        path.write_bytes(lines(objects))
    code, out, err, seconds, peak = run(db, "load", "cards", str(path))
    assert code == 1, err
    line = 3 if form == "json" else 2  # the array's "[" has a line of its own
    assert f"{path}:{line}: record is" in err and f"over the limit of {MAX_RECORD_BYTES:,}" in err
    names = [n for _i, n in stored(db)["cards"]]
    assert names == ["Card 0", "Card 1", "Card 2", "Card 21", "Card 22"]
    assert seconds < 30 and peak < 600


def test_invalid_utf8_in_a_big_json_array_is_one_error_and_every_other_card_loads(
        tmp_path, base):
    """The issue's case: one bad byte in a 60k-card array used to drop all that followed and
    record the file as loaded."""
    db, _before = base
    n = 60_000
    body = b"[\n" + b",\n".join(json.dumps(card(100 + i)).encode() for i in range(n)) + b"\n]\n"
    cut = body.index(b'"Card 200"')
    body = body[:cut + 5] + b"\xff" + body[cut + 5:]  # "Card\xff 200"
    path = tmp_path / "bad_byte.json"
    path.write_bytes(body)
    code, out, err, seconds, peak = run(db, "load", "cards", str(path), timeout=120)
    assert code == 1, err
    assert f"{path}:102: invalid UTF-8: byte 0xff" in err
    with connect(db) as store:
        count = store.con.execute("SELECT count(*) FROM cards").fetchone()[0]
        assert store.con.execute(
            "SELECT count(*) FROM cards WHERE name = 'Card 200'").fetchone()[0] == 0
    assert count == 3 + n - 1
    assert seconds < 120 and peak < 600, (seconds, peak)


def test_invalid_utf8_in_json_lines_is_a_file_line_error(tmp_path, base):
    db, _ = base
    path = tmp_path / "bad.jsonl"
    path.write_bytes(lines([card(30)]) + b'{"name": "Bad \xc3\x28"}\n' + lines([card(31)]))
    code, _out, err, _s, _m = run(db, "load", "cards", str(path))
    assert code == 1
    assert f"{path}:2: invalid UTF-8: byte 0xc3 at column 15" in err
    assert len(stored(db)["cards"]) == 5


def test_a_broken_array_element_resynchronises(tmp_path, base):
    db, _ = base
    path = tmp_path / "broken.json"
    path.write_text("[\n" + json.dumps(card(40)) + ",\n"
                    + '{"name": "oops", "cmc": tru, "faces": [{"a": 1}]},\n'
                    + json.dumps(card(41)) + "\n]\n")
    code, _out, err, _s, _m = run(db, "load", "cards", str(path))
    assert code == 1, err
    assert f"{path}:3: not JSON" in err
    names = [n for _i, n in stored(db)["cards"]]
    assert "Card 40" in names and "Card 41" in names


def test_an_array_that_cannot_resynchronise_is_refused_whole(tmp_path, base):
    db, before = base
    path = tmp_path / "unbalanced.json"
    path.write_text("[\n" + json.dumps(card(50)) + ",\n" + '{"name": "x", "a": [1, 2}\n'
                    + json.dumps(card(51)) + "\n]\n")
    code, _out, err, _s, _m = run(db, "load", "cards", str(path))
    assert code == 2
    assert "nothing from this file was stored" in err and "Traceback" not in err
    assert stored(db) == before


def test_a_truncated_gzip_is_never_recorded_as_loaded(tmp_path, base):
    db, before = base
    data = gzip.compress(lines(card(60 + i, flavor_text="w " * 200) for i in range(2000)))
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    code, _out, err, _s, _m = run(db, "load", "cards", str(path))
    assert code == 2 and "cannot read compressed data" in err
    assert stored(db) == before
    # the same command again tries again (nothing was recorded), and fails the same way
    assert run(db, "load", "cards", str(path))[0] == 2


WRONG = [
    ({"oracle_id": {"a": 1}}, "field 'oracle_id': expected a string, got object"),
    ({"oracle_id": "not-a-uuid"}, "field 'oracle_id': expected a UUID string"),
    ({"id": 5}, "field 'id': expected a string, got integer 5"),
    ({"cmc": "three"}, "field 'cmc': expected a number, got string 'three'"),
    ({"cmc": True}, "field 'cmc': expected a number, got boolean True"),
    ({"card_faces": "Night // Day"}, "field 'card_faces': expected a list, got string"),
    ({"card_faces": ["x"]}, "field 'card_faces[0]': expected an object, got string 'x'"),
    ({"card_faces": [{"name": "A"}, {"name": 7}]},
     "field 'card_faces[1].name': expected a string, got integer 7"),
    ({"colors": "R"}, "field 'colors': expected a list, got string 'R'"),
    ({"keywords": ["Flying", 3]}, "field 'keywords[1]': expected a string, got integer 3"),
    ({"image_uris": ["x"]}, "field 'image_uris': expected an object, got list"),
    ({"legalities": {"standard": 1}}, "field 'legalities.standard': expected a string"),
    ({"name": ["A"]}, "field 'name': expected a string, got list"),
    ({"type_line": 1}, "field 'type_line': expected a string, got integer 1"),
    ({"oracle_text": {"en": "x"}}, "field 'oracle_text': expected a string, got object"),
    ({"mana_cost": 2}, "field 'mana_cost': expected a string, got integer 2"),
    ({"lang": 1}, "field 'lang': expected a string, got integer 1"),
    ({"layout": None, "power": 3}, "field 'power': expected a string, got integer 3"),
]


def test_every_field_is_checked_against_scryfalls_types(tmp_path, base):
    db, _ = base
    objects = [card(70)] + [card(71 + i, **bad) for i, (bad, _msg) in enumerate(WRONG)]
    objects.append(card(99))
    path = tmp_path / "types.jsonl"
    path.write_bytes(lines(objects))
    code, _out, err, _s, _m = run(db, "build", "--cards", str(path))
    assert code == 1
    for i, (_bad, message) in enumerate(WRONG):
        assert f"{path}:{i + 2}: {message}" in err, (message, err)
    names = {n for _i, n in stored(db)["cards"]}
    assert {"Card 70", "Card 99"} <= names
    assert not any(f"Card {71 + i}" in names for i in range(len(WRONG)))
    # what was stored never makes a later command fail
    for args in (["classify"], ["search", "--mechanic", "day_night"],
                 ["export", "--format", "csv", "--out", str(tmp_path / "x.csv")],
                 ["coverage"], ["build"]):
        code, _out, err, _s, _m = run(db, *args)
        assert code in (0, 1) and "Traceback" not in err, (args, err)


def test_duplicate_ids_in_one_file_are_reported(tmp_path, db_path):
    path = tmp_path / "dups.jsonl"
    first = card(80)
    path.write_bytes(lines([first, card(81), dict(first, set="new"), card(82), first]))
    code, _out, err, _s, _m = run(db_path, "load", "cards", str(path))
    assert code == 1
    assert f"{path}:3: duplicate id {first['id']} (first at line 1)" in err
    assert f"{path}:5: duplicate id {first['id']} (first at line 1)" in err
    assert len(stored(db_path)["cards"]) == 3


def test_a_file_of_bad_lines_reports_in_bounded_memory(tmp_path, db_path):
    path = tmp_path / "garbage.jsonl"
    path.write_bytes(b"{oops\n" * 200_000 + lines([card(90)]))
    code, out, err, seconds, peak = run(db_path, "load", "cards", str(path))
    assert code == 1 and "200,000 bad record(s)" in out
    assert err.count("\n") < 60  # the first 50, then a count
    assert seconds < 60 and peak < 600
    assert len(stored(db_path)["cards"]) == 1


def test_limits_are_the_documented_numbers():
    docs = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"{MAX_RECORD_BYTES:,} bytes" in docs and "1 MiB" in docs
    assert "64 MiB" in docs and MAX_LINE_BYTES == 64 << 20
