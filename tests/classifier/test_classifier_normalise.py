"""The canonical text the rules read (classifier.normalise) and its map to the original."""

from __future__ import annotations

import re

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classifier.normalise import (
    RE2_SPACE,
    _chars,
    _one_to_one,
    _squeeze,
    normalise,
    quick,
    screen,
    screen_regex,
)


@pytest.mark.parametrize(
    ("text", "lang", "canonical"),
    [
        ("End  the\u00a0Turn", "en", "end the turn"),
        ("Flying\\nDaybound", "en", "flying\ndaybound"),
        ("Flying\r\n\r\nDaybound ", "en", "flying\ndaybound"),
        ("昼（ひる）が夜(よる)になる", "ja", "昼が夜になる"),
        ("確（かく）実（じつ）な階（かい）段（だん）", "ja", "確実な階段"),
        ("ﾀｰﾝを終了ｽﾙ。ｶﾞ", "ja", "ターンを終了スル。ガ"),
        ("＋１/＋１の修整を受ける（１回のみ）", "ja", "+1/+1の修整を受ける(1回のみ)"),
        ("ターンを 終了する。\u3000次に", "ja", "ターンを終了する。 次に"),
        ("飛行 日暮", "ja", "飛行 日暮"),
    ],
)
def test_classifier_normalise_canonical_forms(text: str, lang: str, canonical: str) -> None:
    assert normalise(text, lang).text == canonical


def test_classifier_normalise_keeps_reminder_parentheses_that_are_not_ruby() -> None:
    # Ruby is kana after a kanji; a reminder starting with kana after a keyword stays.
    got = normalise("日暮（プレイヤー１人が呪文を唱えなかったなら）", "ja").text
    assert got == "日暮(プレイヤー1人が呪文を唱えなかったなら)"


def test_classifier_normalise_maps_spans_back_to_original() -> None:
    text = "昼（ひる）が夜（よる）になる"
    norm = normalise(text, "ja")
    s = norm.text.index("夜になる")
    a, b = norm.span(s, s + 4)
    assert text[a:b] == "夜（よる）になる"


TEXT = st.text(
    alphabet=st.sampled_from(list("aZ İ\n\r\\n（）()ひる昼夜ｶﾞﾀ１Ａ\u3000\u00a0。、")), max_size=40
)


@settings(max_examples=300, deadline=None)
@given(TEXT, st.sampled_from(["en", "ja"]))
def test_classifier_normalise_map_is_monotone_and_in_range(text: str, lang: str) -> None:
    norm = normalise(text, lang)
    n = len(norm.text)
    spans = [norm.span(i, i + 1) for i in range(n)]
    assert all(0 <= a < b <= len(text) for a, b in spans)
    assert all(spans[i][0] <= spans[i + 1][0] for i in range(n - 1))
    # The quick prefilter form never loses a keyword the full form has (superset test).
    for key in ("昼", "夜", "ターン", "night"):
        if key in norm.text:
            assert key in quick(text, lang)


# Text built from pieces of the prefilter keys and of what quick() deletes or rewrites
# (spaces, ruby, literal "\n", half-width kana, case), so keys are often split apart.
SCREEN_TEXT = st.lists(
    st.sampled_from(
        ["the", "turn", " ", "  ", "\\n", "\n", "\t", "THE", "Turn", "nigh", "t", "day",
         "prepar", "ターン", "を", "終", "(しゅう)", "（か）", "\u3000", "ﾀｰﾝ", "ｦ", "イニ",
         "シア", "ｲﾆｼｱ", "昼", "夜", "備", "地下", "街", "x", "。"]
    ),
    max_size=12,
).map("".join)


@settings(max_examples=400, deadline=None)
@given(SCREEN_TEXT, st.sampled_from(["en", "ja"]))
def test_classifier_normalise_screen_is_a_superset_of_quick(text: str, lang: str) -> None:
    from classifier.mechanics import rule_sets_for

    keys = [k for rs in rule_sets_for(lang) for k in rs.prefilter]
    test_all = screen(keys, lang)
    canon = quick(text, lang)
    for key in keys:
        if key in canon:
            assert screen([key], lang)(text), (key, text)
            assert test_all(text), (key, text)


@pytest.mark.parametrize(
    ("text", "lang", "key", "found"),
    [
        ("End the\\nTurn.", "en", "the turn", True),
        ("end the\u00a0 turn", "en", "the turn", True),
        ("the return", "en", "the turn", False),
        ("ターンを 終（しゅう）了する", "ja", "ターンを終", True),
        ("ﾀｰﾝを終了する", "ja", "ターンを終", True),
        ("ターン終了時まで", "ja", "ターンを終", False),
    ],
)
def test_classifier_normalise_screen_examples(text: str, lang: str, key: str, found: bool) -> None:
    assert screen([key], lang)(text) is found


@settings(max_examples=400, deadline=None)
@given(SCREEN_TEXT | TEXT, st.sampled_from(["en", "ja"]))
def test_classifier_normalise_one_to_one_agrees_with_the_full_pass(text: str, lang: str) -> None:
    # The 1:1 shortcut, when it applies, gives what the per-character pass gives.
    direct = _one_to_one(text, lang)
    if direct is None:
        return
    chars = _squeeze(_chars(text, lang), lang)
    assert direct == "".join(c[0] for c in chars)
    assert [(c[1], c[2]) for c in chars] == [(i, i + 1) for i in range(len(text))]


@pytest.mark.parametrize("cls_name", ["FaceText", "CardText"])
def test_classifier_model_hand_written_init_matches_fields(cls_name: str) -> None:
    # classifier.model writes these __init__ by hand for speed: same parameters as the
    # fields, same defaults, still frozen and compared by value.
    import dataclasses
    import inspect

    from classifier import model

    cls = getattr(model, cls_name)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default == f.default_factory()
        else:
            assert p.default is inspect.Parameter.empty
    args = {f.name: f"v{i}" for i, f in enumerate(fields)}
    a, b = cls(**args), cls(**args)
    assert a == b and hash(a) == hash(b) and dataclasses.asdict(a) == args
    assert dataclasses.replace(a, name="other").name == "other"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.name = "x"  # type: ignore[misc]


def test_classifier_normalise_re2_space_is_pythons_whitespace() -> None:
    # every code point: RE2's reading of RE2_SPACE accepts exactly what Python's \s does
    chars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    column = pa.array(chars, pa.string())
    re2 = pc.match_substring_regex(column, "^" + RE2_SPACE + "$").to_pylist()
    python = [re.fullmatch(r"\s", c) is not None for c in chars]
    assert re2 == python


@settings(max_examples=400, deadline=None)
@given(SCREEN_TEXT | TEXT)
def test_classifier_normalise_screen_regex_is_true_wherever_screen_is(text: str) -> None:
    from classifier.mechanics import rule_sets_for

    keys = [k for rs in rule_sets_for("en") for k in rs.prefilter]
    found = pc.match_substring_regex(pa.array([text]), screen_regex(keys),
                                     ignore_case=True)[0].as_py()
    assert found or not screen(keys, "en")(text), text
    for key in keys:
        one = pc.match_substring_regex(pa.array([text]), screen_regex([key]),
                                       ignore_case=True)[0].as_py()
        assert one or not screen([key], "en")(text), (key, text)
