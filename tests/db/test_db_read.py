"""The streaming reader: JSON arrays decoded across chunk edges, lines counted right."""

from __future__ import annotations

import gzip
import json

import pytest

import db.read
from db.errors import BadCardData
from db.read import iter_objects, iter_raw_objects

OBJECTS = [{"name": "酒場のごろつき", "n": i, "text": "日暮" * (i + 1)} for i in range(25)]


@pytest.mark.parametrize("chunk", [3, 7, 64, 1 << 20])
def test_array_decodes_across_chunk_edges(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(db.read, "_CHUNK", chunk)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(OBJECTS, ensure_ascii=False, indent=1), encoding="utf-8")
    got = list(iter_objects(path))
    assert [obj for _line, obj in got] == OBJECTS
    lines = path.read_text(encoding="utf-8").splitlines()
    for line, obj in got:  # each object starts on the line the reader names
        assert lines[line - 1].strip() == "{"
        assert f'"n": {obj["n"]}' in "\n".join(lines[line - 1: line + 4])


@pytest.mark.parametrize("chunk", [5, 1 << 20])
def test_jsonl_lines_raw_text_and_gzip(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(db.read, "_CHUNK", chunk)
    body = "\n".join(json.dumps(o, ensure_ascii=False) for o in OBJECTS[:5]) + "\n\n[1]\n"
    path = tmp_path / "c.jsonl.gz"
    path.write_bytes(gzip.compress(body.encode()))
    got = list(iter_raw_objects(path))
    assert [line for line, _o, _r in got] == [1, 2, 3, 4, 5, 7]
    assert json.loads(got[0][2]) == OBJECTS[0]
    assert isinstance(got[-1][1], BadCardData) and got[-1][1].line == 7


def test_unclosed_array_refuses_the_file(tmp_path):
    """A cut array cannot be read to its end: the whole file is refused (raised), so the
    loader stores nothing of it and does not record it as loaded."""
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(OBJECTS)[:200], encoding="utf-8")
    with pytest.raises(BadCardData, match="not closed") as err:
        list(iter_objects(path))
    assert str(path) in str(err.value)


def test_byte_order_mark_and_blank_file(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(OBJECTS[:2]).encode())
    assert [o for _l, o in iter_objects(path)] == OBJECTS[:2]
    lines = tmp_path / "bom.jsonl"
    lines.write_bytes(b"\xef\xbb\xbf" + json.dumps(OBJECTS[0]).encode() + b"\n")
    assert [o for _l, o in iter_objects(lines)] == OBJECTS[:1]
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert list(iter_objects(empty)) == []
