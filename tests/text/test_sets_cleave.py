"""Cleave (702.148a) compiles twice: as printed (square brackets are only marks) and with the
bracketed words removed, the text the spell has once its cleave cost was paid (612). Invented
card names only."""

from __future__ import annotations

import pytest

from rules_engine import abilities as ab
from rules_engine.text.compiler import compile_card, compile_face_text
from rules_engine.text.nouns import parse_filter

_REMINDER = ("(You may cast this spell for its cleave cost. If you do, remove the words in "
             "square brackets.)")


def _card(name: str, body: str, type_line: str = "Sorcery") -> dict:
    return {"name": name, "type_line": type_line, "mana_cost": "{1}{B}",
            "oracle_text": f"Cleave {{3}}{{B}}{{B}} {_REMINDER}\n{body}"}


def _parts(name: str, body: str, type_line: str = "Sorcery"):
    compiled = compile_card(_card(name, body, type_line))
    assert compiled.fully_supported, compiled.unsupported
    abilities = compiled.faces[0].abilities
    printed = [e for a in abilities if isinstance(a, ab.SpellAbility) for e in a.effects]
    cleaved = [a for a in abilities if isinstance(a, ab.TextChangedSpell)]
    assert len(cleaved) == 1 and cleaved[0].keyword == "cleave"
    return printed, list(cleaved[0].effects)


def test_bracketed_filter_words_narrow_only_the_printed_version() -> None:
    printed, cleaved = _parts("Thinning Verdict", "Destroy all creatures [with power 3 or less].")
    assert isinstance(printed[0], ab.Destroy) and isinstance(cleaved[0], ab.Destroy)
    assert "with power 3 or less" in repr(printed[0])
    assert "with power 3 or less" not in repr(cleaved[0])


def test_bracketed_card_words_in_a_search() -> None:
    printed, cleaved = _parts("Rootdelver's Query",
                              "Search your library for a [basic land] card, [reveal it,] put it "
                              "into your hand, then shuffle.")
    assert isinstance(printed[0], ab.SearchLibrary) and isinstance(cleaved[0], ab.SearchLibrary)
    assert "land" in [t.lower() for t in printed[0].filter.card_types]
    assert cleaved[0].filter is None or not cleaved[0].filter.card_types


def test_bracketed_target_qualifier_of_a_counterspell() -> None:
    printed, cleaved = _parts("Refusal of the Tide",
                              "Counter target spell [that wasn't cast from its owner's hand].",
                              "Instant")
    assert isinstance(printed[0], ab.CounterSpell) and isinstance(cleaved[0], ab.CounterSpell)
    assert "that wasn't cast from its owner's hand" in repr(printed[0])
    assert "cast from" not in repr(cleaved[0])


def test_a_whole_bracketed_sentence_is_removed() -> None:
    printed, cleaved = _parts("Greedy Insight",
                              "Draw two cards. [Then discard a card.]")
    assert [type(e) for e in printed] == [ab.Draw, ab.Discard]
    assert [type(e) for e in cleaved] == [ab.Draw]


@pytest.mark.parametrize("phrase", ["spell that wasn't cast from its owner's hand",
                                    "spell that was cast from a graveyard",
                                    "spell that was cast from exile"])
def test_cast_from_qualifiers_parse(phrase: str) -> None:
    flt = parse_filter(phrase)
    assert flt is not None and any("cast from" in q for q in flt.qualifiers)


def test_without_cleave_brackets_are_not_rewritten() -> None:
    face = compile_face_text("Draw a card.", "Plain Note", "Plain Note", "Sorcery")
    assert not any(isinstance(a, ab.TextChangedSpell) for a in face.abilities)
