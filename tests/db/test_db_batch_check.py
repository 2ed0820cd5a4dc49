"""The loader's batch check (db.batch_check) accepts nothing the per-record check refuses.

Every field db.records knows is given values of every JSON type (and, for lists and objects,
bad elements, null elements, bad UUIDs); for each, either both checks accept the record, or
the batch check hands the batch back (None) for the per-record check to report. Valid
records, whatever their optional fields, take the fast path.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classifier import SCREEN_PATTERNS, may_have_tags
from db import records
from db.batch_check import check_batch, may_tag, row_table
from db.card_rows import _from_json
from db.records import RecordError, check_card

UUID_A = "0000579f-7b35-4ed3-b44c-db2a538066fe"
UUID_B = "1111579f-7b35-4ed3-b44c-db2a538066fe"
BASE: dict[str, Any] = {
    "object": "card", "id": UUID_A, "oracle_id": UUID_B, "name": "Grizzly Bears",
    "lang": "en", "layout": "normal", "mana_cost": "{1}{G}", "cmc": 2, "type_line":
    "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2", "colors": ["G"],
    "color_identity": ["G"], "keywords": [], "set": "lea", "released_at": "1993-08-05",
    "legalities": {"vintage": "legal"}, "prices": {"usd": "0.25", "eur": None},
    "multiverse_ids": [1], "reserved": False, "edhrec_rank": 5,
}
FACES = [{"object": "card_face", "name": "A", "mana_cost": "{1}", "type_line": "Instant",
          "oracle_text": "Draw a card.", "colors": ["U"], "oracle_id": UUID_B},
         {"object": "card_face", "name": "B", "mana_cost": "", "type_line": "Land",
          "oracle_text": "", "image_uris": {"small": "x"}}]

_VALUES: list[Any] = ["text", "", 3, -1, 2.5, True, False, None, [], ["a"], [1], [None],
                      {}, {"a": "b"}, {"a": 1}, {"a": None}, {"a": {"b": "c"}},
                      [{"name": "x"}], [None], [UUID_A], ["not-a-uuid"], "2021-01-01",
                      UUID_A, "card"]


def _agree(record: dict[str, Any]) -> None:
    raws = [orjson.dumps(BASE), orjson.dumps(record)]
    try:
        expected = check_card(record)
    except RecordError:
        expected = None
    checked = check_batch(raws)
    if expected is None:
        assert checked is None, f"accepted a record check_card refuses: {record}"
    elif checked is not None:
        assert checked.oracle_ids[1] == expected
        assert checked.langs[1] == (record.get("lang") or "en")
        assert checked.ids[1] == record.get("id")


@pytest.mark.parametrize("key", sorted(records._CARD_TYPES))
def test_every_card_field_every_json_type(key: str) -> None:
    for value in _VALUES:
        record = copy.deepcopy(BASE)
        record[key] = value
        _agree(record)


@pytest.mark.parametrize("key", sorted(records._FACE_TYPES))
def test_every_face_field_every_json_type(key: str) -> None:
    for value in _VALUES:
        record = copy.deepcopy(BASE)
        record["card_faces"] = copy.deepcopy(FACES)
        record["card_faces"][1][key] = value
        _agree(record)


@pytest.mark.parametrize("key", sorted(records._PART_TYPES))
def test_every_part_field_every_json_type(key: str) -> None:
    for value in _VALUES:
        record = copy.deepcopy(BASE)
        record["all_parts"] = [{"object": "related_card", "id": UUID_A, "name": "X"}, {}]
        record["all_parts"][1][key] = value
        _agree(record)


def test_missing_and_face_oracle_ids() -> None:
    record = copy.deepcopy(BASE)
    del record["oracle_id"]
    _agree(record)  # refused: no oracle_id anywhere
    record["card_faces"] = copy.deepcopy(FACES)
    checked = check_batch([orjson.dumps(BASE), orjson.dumps(record)])
    assert checked is not None and checked.oracle_ids[1] == UUID_B  # a reversible card's
    record["card_faces"][0]["oracle_id"] = ""
    _agree(record)


def test_shapes_that_are_no_card_record() -> None:
    for raw in (b"[1, 2]", b'"text"', b"{not json", b'{"name": "a"} {"name": "b"}',
                b'{"name": "a", "name": "b", "oracle_id": "' + UUID_B.encode() + b'"}',
                b'{"name": "\xff", "oracle_id": "' + UUID_B.encode() + b'"}'):
        assert check_batch([orjson.dumps(BASE), raw]) is None


def test_valid_records_take_the_fast_path_with_the_row_readers_values() -> None:
    variants = [BASE, {**BASE, "id": UUID_B, "card_faces": FACES, "lang": "ja"},
                {**BASE, "id": None, "future_field": {"x": [1, 2]}, "preview": {"a": 1}}]
    raws = [orjson.dumps(v) for v in variants]
    checked = check_batch(raws)
    assert checked is not None
    assert checked.langs == ["en", "ja", "en"]
    assert row_table(checked, [0, 1, 2]).equals(_from_json(raws))
    # BASE has no text; the Japanese record's printed fields count it in (see may_tag)
    assert may_tag(checked.table, SCREEN_PATTERNS) == [False, False, False]
    night = {**BASE, "card_faces": [{**FACES[0], "oracle_text": "It becomes NIGHT."}, FACES[1]]}
    assert may_tag(check_batch([orjson.dumps(night), raws[0]]).table,  # type: ignore[union-attr]
                   SCREEN_PATTERNS) == [True, False]


# Records built from pieces of the screens' keys, in every field the screens read, on the
# top level and on faces, with the spacing and case the screens must see through.
_PIECES = ["the", "turn", " ", "\\n", "\n", "\t", "\u00a0", "\u2003", "THE", "Turn",
           "nigh", "t", "Day", "prepar", "initiative", "UNDERCITY", "x", "İ", "ſ", "K"]
_SCREEN_TEXT = st.lists(st.sampled_from(_PIECES), max_size=8).map("".join)
_OPTIONAL = st.one_of(st.none(), _SCREEN_TEXT)


@st.composite
def _screened_records(draw: st.DrawFn) -> dict[str, Any]:
    record = {**BASE, "oracle_text": draw(_OPTIONAL), "type_line": draw(_OPTIONAL),
              "layout": draw(st.sampled_from(["normal", "prepare", "PREPARE", "transform"]))}
    if draw(st.booleans()):
        record["card_faces"] = [
            {"object": "card_face", "name": f"F{i}", "oracle_text": draw(_OPTIONAL),
             "type_line": draw(_OPTIONAL)} for i in range(draw(st.integers(1, 3)))]
    if draw(st.integers(0, 9)) == 0:
        record["printed_text"] = draw(_SCREEN_TEXT)
    return record


@settings(max_examples=150, deadline=None)
@given(st.lists(_screened_records(), min_size=1, max_size=6))
def test_may_tag_is_true_wherever_may_have_tags_is(records_: list[dict[str, Any]]) -> None:
    checked = check_batch([orjson.dumps(r) for r in records_])
    assert checked is not None
    flags = may_tag(checked.table, SCREEN_PATTERNS)
    for record, flag in zip(records_, flags, strict=True):
        assert flag or not may_have_tags(record), record


def test_may_tag_agrees_with_may_have_tags_on_the_real_cards(shared_dir) -> None:
    raws = [line for line in (shared_dir / "data/cards/cards.jsonl").read_bytes().split(b"\n")
            if line.strip()]
    checked = check_batch(raws)
    assert checked is not None
    flags = may_tag(checked.table, SCREEN_PATTERNS)
    python = [may_have_tags(orjson.loads(raw)) for raw in raws]
    assert all(flag or not p for flag, p in zip(flags, python, strict=True))
    # the same screen, not a looser one: it turns away what may_have_tags turns away
    assert sum(flags) == sum(python) and sum(python) < len(raws) / 2


@pytest.mark.parametrize("bad", [
    b'"Grizzly \xff Bears"',  # a known field's value
    b'"Grizzly Bears", "zzz": "a\xc3"',  # a value of a field unknown to db.records
    b'"Grizzly Bears", "zz_map": {"vin": "le\xe2\x82gal"}',  # a nested value
    b'"Grizzly Bears", "k\xff": 1',  # a key
    b'"Grizzly Bears", "zz_map": {"vin\xfftage": "legal"}',  # a nested key
    b'"Grizzly Bears", "zzz": ["\xf0\x9f"]',  # a list element
    b'"Grizzly Bears", "zzz": "\xed\xa0\x80"',  # a surrogate written as UTF-8
    b'"Grizzly Bears", "zzz": "\\ud800"',  # a lone surrogate escaped
])
def test_text_that_is_not_utf8_anywhere_sends_the_batch_to_the_per_record_check(bad) -> None:
    good = orjson.dumps(BASE)
    raw = good.replace(b'"Grizzly Bears"', bad)
    with pytest.raises(orjson.JSONDecodeError):
        orjson.loads(raw)
    assert check_batch([good, raw]) is None
