"""Properties of the rule data and of tagging on arbitrary text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from classifier import MECHANICS, ROLES, RULE_SETS, CardText, FaceText, explain_card, tag_card
from classifier.mechanics import PREPARE_CARD_RULE_NAME


def test_classifier_rule_names_unique_and_roles_covered() -> None:
    names = [r.name for rs in RULE_SETS for r in rs.rules]
    assert len(names) == len(set(names))
    produced = {(r.mechanic, r.role) for rs in RULE_SETS for r in rs.rules}
    produced.add(("prepare", "prepare_card"))  # the layout rule, PREPARE_CARD_RULE_NAME
    assert PREPARE_CARD_RULE_NAME not in names
    assert produced == {(m, role) for m in MECHANICS for role in ROLES[m]}
    for lang in ("en", "ja"):
        assert {rs.mechanic for rs in RULE_SETS if rs.lang == lang} == set(MECHANICS)


FRAGMENTS = [
    "Daybound",
    "nightbound",
    "it becomes day",
    "it's night",
    "Whenever day becomes night",
    "(If a player casts no spells, it becomes night next turn.)",
    "you take the initiative",
    "the initiative",
    "venture into Undercity",
    "enters prepared",
    "becomes unprepared",
    "End the turn",
    "until end of turn",
    "Night",
    "Test Card",
    "\\n",
    "\n",
    " ",
    ", ",
    ".",
    "日暮",
    "夜明け",
    "夜になる",
    "昼が夜になるたび",
    "イニシアチブを得る",
    "準備済状態になる",
    "ターンを終了する",
    "ターン終了時まで",
    "（",
    "）",
    "試験",
    "、",
    # Spellings the canonical form (classifier.normalise) folds: evidence must stay verbatim.
    "昼（ひる）",
    "(よる)",
    "ﾀｰﾝを終了ｽﾙ",
    "ｶﾞ",
    "  ",
    "\u3000",
    "\r\n",
    "\u00a0",
    "ＥＮＤ ＴＨＥ ＴＵＲＮ",
    "İ",
    "card named Seize the Initiative",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join),
    st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join),
)
def test_classifier_evidence_always_verbatim(en: str, ja: str) -> None:
    face = FaceText(0, "Test Card", "Creature", en or None, "試験", None, ja or None)
    card = CardText("oid", "Test Card", None, (face,))
    explained = explain_card(card)
    for x in explained:
        src = en if x.tag.lang == "en" else ja
        assert src[x.start : x.end] == x.tag.evidence
        assert x.tag.role in ROLES[x.tag.mechanic]
    tags = tag_card(card)
    assert len(tags) == len(set(tags)) and tags == [x.tag for x in explained]
