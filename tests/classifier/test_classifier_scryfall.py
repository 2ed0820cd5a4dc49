"""card_text_from_scryfall on hand-built Scryfall-shaped records."""

from __future__ import annotations

import pytest

from classifier import card_text_from_scryfall, tag_card
from classifier.scryfall import BadCardData


def test_classifier_scryfall_single_face() -> None:
    card = {
        "oracle_id": "o1",
        "name": "Lantern Keeper",
        "lang": "en",
        "layout": "normal",
        "type_line": "Creature — Human",
        "oracle_text": "When this creature enters, it becomes day.",
    }
    ct = card_text_from_scryfall(card)
    assert (ct.oracle_id, ct.name, ct.layout) == ("o1", "Lantern Keeper", "normal")
    assert len(ct.faces) == 1 and ct.faces[0].oracle_text == card["oracle_text"]
    assert ct.faces[0].text_ja is None


def test_classifier_scryfall_faces_with_japanese_printing() -> None:
    card = {
        "oracle_id": "o2",
        "name": "Pale Scholar // Quick Note",
        "layout": "prepare",
        "oracle_text": None,
        "card_faces": [
            {"name": "Pale Scholar", "type_line": "Creature", "oracle_text": "Enters prepared."},
            {"name": "Quick Note", "type_line": "Sorcery", "oracle_text": "Draw a card."},
        ],
    }
    ja = {
        "oracle_id": "o2",
        "lang": "ja",
        "card_faces": [
            {"printed_name": "青白い学者", "printed_text": "これは準備済状態で戦場に出る。"},
            {"printed_name": "Quick Note", "printed_text": ""},
        ],
    }
    ct = card_text_from_scryfall(card, ja)
    assert [f.face_index for f in ct.faces] == [0, 1]
    assert ct.faces[0].name_ja == "青白い学者"
    assert ct.faces[1].text_ja is None  # empty string means absent
    langs = {(t.lang, t.role) for t in tag_card(ct)}
    assert ("ja", "makes_prepared") in langs and ("en", "prepare_card") in langs


def test_classifier_scryfall_japanese_record_alone() -> None:
    ja_only = {
        "id": "x9",
        "lang": "ja",
        "layout": "normal",
        "printed_name": "時の終わり",
        "printed_type_line": "インスタント",
        "printed_text": "ターンを終了する。",
    }
    ct = card_text_from_scryfall(ja_only)
    assert ct.oracle_id == "x9" and ct.name == "時の終わり"
    assert ct.faces[0].oracle_text is None
    assert [(t.mechanic, t.lang) for t in tag_card(ct)] == [("end_the_turn", "ja")]


def test_classifier_scryfall_missing_key_is_reported() -> None:
    with pytest.raises(BadCardData, match="oracle_id"):
        card_text_from_scryfall({"name": "Nameless"})
