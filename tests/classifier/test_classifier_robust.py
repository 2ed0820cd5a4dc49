"""Robustness of the tagger to text variations a card it was not tuned on may show.

Every labelled shared card (../shared, through the `shared_dir` fixture; skipped without
it) is rewritten by each transformation below and must keep its labelled mechanics, read
from its English text alone and from its Japanese text alone.  The transformations are
the ways the same rules text is really printed differently: reminder text present or
absent; the card's own name vs "this creature" / "~" / "CARDNAME"; older templating
("enters the battlefield", "comes into play", "is put onto the battlefield"); line breaks
and modal bullets; the face order of a double-faced card; in Japanese, ruby (furigana in
parentheses after each kanji, as the real Duskmourn room names print them), full-width vs
half-width forms and spaces, and older templating (場に出る, ゲームから取り除く).

Transformations that only respell the same text (names, whitespace, widths, ruby) must
also keep the role-level tags: (face, mechanic, role) must not change.

Hand-written near-misses must stay untagged (they differ from the mechanics by wording).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import replace

import pytest

from classifier import CardText, FaceText, explain_card, mechanics_of, tag_card
from classifier.evaluate import has_japanese_text, japanese_only

Transform = Callable[[CardText], CardText]


@pytest.fixture(scope="module")
def labelled(shared_cards) -> tuple[list[CardText], list[CardText], dict[str, set[str]]]:
    """(English-only cards, Japanese-only cards, labels) from ../shared (conftest.py)."""
    english, both, labels = shared_cards
    japanese = [japanese_only(c) for c in both if has_japanese_text(c)]
    return english, japanese, labels


# --- helpers ---------------------------------------------------------------------------


def _map_text(card: CardText, fn: Callable[[FaceText, str], str], ja: bool) -> CardText:
    """The card with fn applied to each face's English (or Japanese) rules text."""
    faces = []
    for f in card.faces:
        if ja and f.text_ja:
            f = replace(f, text_ja=fn(f, f.text_ja))
        elif not ja and f.oracle_text:
            f = replace(f, oracle_text=fn(f, f.oracle_text))
        faces.append(f)
    return replace(card, faces=tuple(faces))


def _en(fn: Callable[[FaceText, str], str]) -> Transform:
    return lambda card: _map_text(card, fn, ja=False)


def _ja(fn: Callable[[FaceText, str], str]) -> Transform:
    return lambda card: _map_text(card, fn, ja=True)


def _sub(pattern: str, repl: str, flags: int = 0) -> Callable[[FaceText, str], str]:
    rx = re.compile(pattern, flags)
    return lambda _f, t: rx.sub(repl, t)


def _en_names(card: CardText, face: FaceText) -> list[str]:
    """The face's own name and, for a legendary, its short name ("Tam"), longest first."""
    names = {face.name} if face.name else set()
    for n in list(names):
        if ", " in n:
            names.add(n.split(", ", 1)[0])
    return sorted(names, key=len, reverse=True)


def _replace_names(by: str) -> Transform:
    def fn(card: CardText) -> CardText:
        faces = []
        for f in card.faces:
            text = f.oracle_text
            if text:
                for n in _en_names(card, f):
                    text = re.sub(rf"(?<!\w){re.escape(n)}(?!\w)", by, text)
            faces.append(replace(f, oracle_text=text))
        return replace(card, faces=tuple(faces))

    return fn


def _this_to_name(card: CardText) -> CardText:
    faces = []
    for f in card.faces:
        text = f.oracle_text
        if text and f.name:
            text = re.sub(r"\b[Tt]his (?:creature|permanent|artifact|enchantment)\b", f.name, text)
        faces.append(replace(f, oracle_text=text))
    return replace(card, faces=tuple(faces))


def _reverse_faces(card: CardText) -> CardText:
    faces = tuple(replace(f, face_index=i) for i, f in enumerate(reversed(card.faces)))
    return replace(card, faces=faces)


STANDARD_REMINDERS = [
    (
        r"\bDaybound\b(?! \()",
        "If a player casts no spells during their own turn, it becomes night next turn.",
    ),
    (
        r"\bNightbound\b(?! \()",
        "If a player casts at least two spells during their own turn, it becomes day next turn.",
    ),
    (
        r"\benters prepared\.(?! \()",
        "While it's prepared, you may cast a copy of its spell. Doing so unprepares it.",
    ),
    (
        r"\b[Ee]nd the turn\.(?! \()",
        "Exile all spells and abilities from the stack. Damage "
        'wears off, and "this turn" and "until end of turn" effects end.',
    ),
]


def _add_reminders(_f: FaceText, text: str) -> str:
    for pattern, reminder in STANDARD_REMINDERS:
        text = re.sub(pattern, lambda m, r=reminder: f"{m.group()} ({r})", text)
    return text


def _strip_reminders_en(_f: FaceText, text: str) -> str:
    return re.sub(r" ?\([^()]*\)", "", text).strip() or "Vanilla."


def _strip_reminders_ja(_f: FaceText, text: str) -> str:
    return re.sub(r"（[^（）]*）|\([^()]*\)", "", text).strip() or "バニラ。"


# Readings of the kanji the mechanics are printed with, for furigana-like ruby.
RUBY = {
    "昼": "ひる",
    "夜": "よる",
    "日": "ひ",
    "暮": "ぐれ",
    "明": "あけ",
    "準": "じゅん",
    "備": "び",
    "済": "ずみ",
    "状": "じょう",
    "態": "たい",
    "未": "み",
    "終": "しゅう",
    "了": "りょう",
    "戦": "せん",
    "場": "じょう",
    "出": "で",
    "得": "え",
    "地": "ち",
    "下": "か",
    "街": "がい",
    "探": "たん",
    "索": "さく",
    "呪": "じゅ",
    "文": "もん",
}


def _ruby(open_: str, close: str) -> Callable[[FaceText, str], str]:
    def fn(_f: FaceText, text: str) -> str:
        return "".join(f"{c}{open_}{RUBY[c]}{close}" if c in RUBY else c for c in text)

    return fn


def _to_full_width(_f: FaceText, text: str) -> str:
    """ASCII letters, digits and punctuation as their full-width forms; space as U+3000."""
    out = []
    for c in text:
        if c == " ":
            out.append("\u3000")
        elif "!" <= c <= "~":
            out.append(chr(ord(c) + 0xFEE0))
        else:
            out.append(c)
    return "".join(out)


def _nfkc(_f: FaceText, text: str) -> str:
    """Full-width forms to ASCII, and katakana to half-width (the reverse of print)."""
    text = unicodedata.normalize("NFKC", text)
    half = str.maketrans(
        "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンー",
        "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝｰ",
    )
    return text.translate(half)


def _ja_self(by: str) -> Transform:
    def fn(card: CardText) -> CardText:
        faces = []
        for f in card.faces:
            text = f.text_ja
            if text and f.name_ja:
                for part in sorted({f.name_ja, *re.split(r"[、,]", f.name_ja)}, key=len)[::-1]:
                    if len(part) >= 2:
                        text = text.replace(part, by)
            faces.append(replace(f, text_ja=text))
        return replace(card, faces=tuple(faces))

    return fn


def _ja_this_to_name(card: CardText) -> CardText:
    faces = []
    for f in card.faces:
        text = f.text_ja
        if text and f.name_ja:
            text = re.sub(r"このクリーチャー|これ(?=は|が|を)", f.name_ja, text)
        faces.append(replace(f, text_ja=text))
    return replace(card, faces=tuple(faces))


EN_TRANSFORMS: dict[str, tuple[Transform, bool]] = {
    # name: (transform, keeps role-level tags)
    "identity": (lambda c: c, True),
    "no_reminders": (_en(_strip_reminders_en), False),
    "standard_reminders": (_en(_add_reminders), False),
    "name_to_this_creature": (_replace_names("this creature"), True),
    "name_to_this_permanent": (_replace_names("this permanent"), True),
    "name_to_tilde": (_replace_names("~"), True),
    "name_to_CARDNAME": (_replace_names("CARDNAME"), True),
    "this_to_name": (_this_to_name, True),
    "enters_the_battlefield": (
        _en(_sub(r"\benters\b(?! the battlefield)", "enters the battlefield")),
        True,
    ),
    "enters_modern": (_en(_sub(r"\benters the battlefield\b", "enters")), True),
    "comes_into_play": (_en(_sub(r"\benters(?: the battlefield)?\b", "comes into play")), False),
    "put_onto_battlefield": (
        _en(_sub(r"\benters(?: the battlefield)?\b", "is put onto the battlefield")),
        False,
    ),
    "literal_backslash_n": (_en(_sub(r"\n", r"\\n")), True),
    "crlf": (_en(_sub(r"\n", "\r\n")), True),
    "one_line": (_en(_sub(r"\n", " ")), True),
    "modal_bullets": (_en(_sub(r"\n(?!•)", "\n• ")), True),
    "double_spaces": (_en(_sub(r" ", "  ")), True),
    "nbsp": (_en(_sub(r" ", "\u00a0")), True),
    "curly_apostrophe": (_en(_sub(r"'", "\u2019")), True),
    "lower_case": (_en(lambda _f, t: t.lower()), False),
    "reversed_faces": (_reverse_faces, False),
}

JA_TRANSFORMS: dict[str, tuple[Transform, bool]] = {
    "identity": (lambda c: c, True),
    "no_reminders": (_ja(_strip_reminders_ja), False),
    "ruby_full_width": (_ja(_ruby("（", "）")), True),
    "ruby_half_width": (_ja(_ruby("(", ")")), True),
    "full_width": (_ja(_to_full_width), True),
    "half_width": (_ja(_nfkc), True),
    "spaces_after_punctuation": (_ja(_sub(r"([。、])", r"\1 ")), True),
    "ideographic_spaces": (_ja(_sub(r"([。、])", "\\1\u3000")), True),
    "spaced_words": (_ja(_sub(r"(?<=[はがをにで])(?=[^\s])", " ")), True),
    "old_enters": (_ja(_sub(r"戦場に出", "場に出")), True),
    "old_exile": (_ja(_sub(r"追放する", "ゲームから取り除く")), True),
    "one_line": (_ja(_sub(r"\n", "")), False),
    "literal_backslash_n": (_ja(_sub(r"\n", r"\\n")), True),
    "name_to_kore": (_ja_self("これ"), True),
    "name_to_this_creature": (_ja_self("このクリーチャー"), True),
    "this_to_name": (_ja_this_to_name, True),
    "reversed_faces": (_reverse_faces, False),
}


def _roles(card: CardText) -> set[tuple[int, str, str, str]]:
    return {(t.face_index, t.lang, t.mechanic, t.role) for t in tag_card(card)}


def _check(
    cards: list[CardText], labels: dict[str, set[str]], transform: Transform, keeps_roles: bool
) -> list[str]:
    failures = []
    for card in cards:
        truth = labels.get(card.oracle_id)
        if truth is None:
            continue
        varied = transform(card)
        got = mechanics_of(tag_card(varied))
        if got != truth:
            failures.append(f"{card.name}: want {sorted(truth)} got {sorted(got)}")
        elif keeps_roles and _roles(varied) != _roles(card):
            failures.append(
                f"{card.name}: roles {sorted(_roles(card))} -> {sorted(_roles(varied))}"
            )
        for x in explain_card(varied):  # evidence stays verbatim text of the varied card
            face = varied.faces[x.tag.face_index]
            en = x.tag.lang == "en"
            src = {
                "text": face.oracle_text if en else face.text_ja,
                "type_line": face.type_line if en else face.type_line_ja,
                "name": face.name if en else face.name_ja,
            }[x.field]
            if src is None or src[x.start : x.end] != x.tag.evidence:
                failures.append(f"{card.name}: evidence {x.tag.evidence!r} not at {x.start}")
    return failures


@pytest.mark.parametrize("name", sorted(EN_TRANSFORMS))
def test_classifier_robust_english_variation(labelled, name: str) -> None:
    english, _, labels = labelled
    transform, keeps_roles = EN_TRANSFORMS[name]
    failures = _check(english, labels, transform, keeps_roles)
    assert not failures, f"{len(failures)} cards: {failures[:8]}"


@pytest.mark.parametrize("name", sorted(JA_TRANSFORMS))
def test_classifier_robust_japanese_variation(labelled, name: str) -> None:
    _, japanese, labels = labelled
    transform, keeps_roles = JA_TRANSFORMS[name]
    failures = _check(japanese, labels, transform, keeps_roles)
    assert not failures, f"{len(failures)} cards: {failures[:8]}"


# Several variations at once, as an old or foreign source would print a card.
COMBINED = {
    "en_forge_old": ("en", ["name_to_CARDNAME", "enters_the_battlefield", "literal_backslash_n"]),
    "en_bare_one_line": ("en", ["no_reminders", "one_line", "curly_apostrophe", "name_to_tilde"]),
    "en_reversed_bullets": ("en", ["reversed_faces", "modal_bullets", "double_spaces", "nbsp"]),
    "ja_ruby_half_width": ("ja", ["ruby_full_width", "half_width", "spaces_after_punctuation"]),
    "ja_old_print": ("ja", ["old_enters", "old_exile", "name_to_kore", "ideographic_spaces"]),
    "ja_bare_spaced": ("ja", ["no_reminders", "spaced_words", "full_width", "reversed_faces"]),
}


@pytest.mark.parametrize("name", sorted(COMBINED))
def test_classifier_robust_combined_variations(labelled, name: str) -> None:
    english, japanese, labels = labelled
    lang, steps = COMBINED[name]
    table = EN_TRANSFORMS if lang == "en" else JA_TRANSFORMS

    def transform(card: CardText) -> CardText:
        for step in steps:
            card = table[step][0](card)
        return card

    failures = _check(english if lang == "en" else japanese, labels, transform, False)
    assert not failures, f"{len(failures)} cards: {failures[:8]}"


def test_classifier_robust_transforms_change_the_mechanic_cards(labelled) -> None:
    """The variations really vary the texts that matter (not vacuous on positives)."""
    english, japanese, labels = labelled
    pos_en = [c for c in english if labels.get(c.oracle_id)]
    pos_ja = [c for c in japanese if labels.get(c.oracle_id)]
    for name, (transform, _) in EN_TRANSFORMS.items():
        if name != "identity":
            assert any(transform(c) != c for c in pos_en), name
    for name, (transform, _) in JA_TRANSFORMS.items():
        if name not in ("identity", "old_exile"):
            assert any(transform(c) != c for c in pos_ja), name


# --- hand-written near-misses and generalisations ------------------------------------------


def _card(
    text: str | None = None,
    ja: str | None = None,
    name: str = "Test Card",
    name_ja: str = "試験札",
    type_line: str = "Creature — Test",
) -> CardText:
    face = FaceText(0, name, type_line, text, name_ja, None, ja)
    return CardText("oid-" + name, name, "normal", (face,))


EN_NEAR_MISSES = [
    "Target creature gets +2/+2 until end of turn.",
    "At the beginning of the end step, sacrifice this creature.",
    "At the beginning of the end step of each turn, draw a card.",
    "At the end of the turn, exile it.",
    "At the beginning of your upkeep, put a night counter on this artifact. Then if it has "
    "eight or more night counters on it, remove them.",
    "{R}{W}, Exile Legion's Initiative: Exile all creatures you control.",
    "Search your library for a card named Seize the Initiative, reveal it, put it into your hand.",
    "Conjure a card named Prepared Position into your hand.",
    "Prepare for battle: creatures you control get +1/+1 until end of turn.",
    "Be prepared. Creatures you control get +1/+0.",
    "The well-prepared scholar draws a card.",
    "Seize the day: untap target creature.",
    "The day after, draw a card.",
    "Venture into the dungeon. (Enter the first room or advance to the next room.)",
    "If you've completed a dungeon, draw a card.",
    "Creatures you control have first strike during the nighttime.",
    "Daybreak Ranger deals 2 damage to target creature with flying.",
    "At the beginning of each upkeep, if no spells were cast last turn, transform this creature.",
    "Take an extra turn after this one.",
    "Skip your next turn.",
    "End the combat phase.",
    "Untap target creature. It gets +2/+2 until end of turn.",
    "It becomes your turn. Draw a card.",
    "Whenever this creature becomes tapped, it deals 1 damage to each opponent.",
    "Each day and each night, you may draw a card.",
]

EN_NAMED_NEAR_MISSES = [
    ("Prepare", "Untap target creature. Prepare gets +2/+2 until end of turn."),
    ("End the Festivities", "End the Festivities deals 1 damage to each opponent."),
    ("Legion's Initiative", "{R}{W}, Exile Legion's Initiative: Exile all creatures."),
    ("Seize the Initiative", "Target creature gets +1/+1. Seize the Initiative has flash."),
    ("Night of the Day", "Night of the Day deals 3 damage to any target."),
    ("Dread of Night", "White creatures get -1/-1."),
]

JA_NEAR_MISSES = [
    "クリーチャー１体を対象とする。ターン終了時まで、それは＋２/＋２の修整を受ける。",
    "終了ステップの開始時に、このクリーチャーを生け贄に捧げる。",
    "あなたのアップキープの開始時に、これの上に夜カウンター１個を置く。",
    "真夜中になるたび、カード１枚を引く。",
    "白昼である間、あなたがコントロールしているクリーチャーは＋１/＋１の修整を受ける。",
    "今夜なら、カード１枚を引く。",
    "夜明けの司祭が戦場に出たとき、カード１枚を引く。",
    "日暮れとともに、カード１枚を引く。",
    "昼夜を問わず、あなたはカード１枚を引いてもよい。",
    "夜更かしの上に時計カウンターを置く。",
    "ダンジョン探索をする。（最初の部屋に入るか、次の部屋に進む。）",
    "戦闘の準備をする。カード１枚を引く。",
    "深夜の護衛をアンタップする。",
    "白昼になるたび、カード１枚を引く。",
    "今夜になるとき、カード１枚を引く。",
    "この戦闘フェイズを終了する。",
    "追加の１ターンを行う。",
]


@pytest.mark.parametrize("text", EN_NEAR_MISSES)
def test_classifier_robust_english_near_miss(text: str) -> None:
    assert tag_card(_card(text)) == [], text


@pytest.mark.parametrize(("name", "text"), EN_NAMED_NEAR_MISSES)
def test_classifier_robust_english_named_near_miss(name: str, text: str) -> None:
    assert tag_card(_card(text, name=name)) == [], name


@pytest.mark.parametrize("text", JA_NEAR_MISSES)
def test_classifier_robust_japanese_near_miss(text: str) -> None:
    assert tag_card(_card(ja=text)) == [], text


def test_classifier_robust_dungeon_type_line_is_not_undercity() -> None:
    card = _card("Cave Entrance — Scry 1.", type_line="Dungeon — Lost Mine of Phandelver")
    assert tag_card(card) == []


# Generalisations: phrasings of the CR text (722.3a-b, 724.1, 726.1, 731.1-731.2) that
# the visible cards do not print but a held-out card may.
EN_POSITIVES = [
    ("Creatures you control enter prepared.", "prepare", "makes_prepared"),
    ("This creature enters the battlefield tapped and prepared.", "prepare", "makes_prepared"),
    ("Target creature you control becomes prepared.", "prepare", "makes_prepared"),
    ("Unprepare target creature.", "prepare", "unprepares"),
    ("Prepared creatures you control get +1/+1.", "prepare", "refers"),
    ("As long as this creature is prepared, it has flying.", "prepare", "refers"),
    ("If it isn't night, draw a card.", "day_night", "checks_day_or_night"),
    ("As long as it is day, this creature gets +1/+1.", "day_night", "checks_day_or_night"),
    ("If it's currently night, draw a card.", "day_night", "checks_day_or_night"),
    ("It becomes day.", "day_night", "sets_day_or_night"),
    ("Whenever it becomes night, draw a card.", "day_night", "on_change_trigger"),
    ("Whenever day becomes night, draw a card.", "day_night", "on_change_trigger"),
    ("If day became night this turn, draw a card.", "day_night", "checks_day_or_night"),
    ("Trample, daybound", "day_night", "daybound"),
    ("Day can't become night.", "day_night", "sets_day_or_night"),
    ("It cannot become day this turn.", "day_night", "sets_day_or_night"),
    ("If night would become day, draw a card instead.", "day_night", "checks_day_or_night"),
    ("You take the initiative.", "initiative", "takes"),
    ("Target opponent takes the initiative.", "initiative", "takes"),
    ("As long as you have the initiative, this creature has hexproof.", "initiative", "checks"),
    ("That player ventures into Undercity.", "initiative", "dungeon"),
    ("End the turn.", "end_the_turn", "ends_turn"),
    ("That player may end the turn.", "end_the_turn", "ends_turn"),
    ("The player whose turn it is ends the turn.", "end_the_turn", "ends_turn"),
]

JA_POSITIVES = [
    (
        "あなたがコントロールしているクリーチャーは準備済状態で戦場に出る。",
        "prepare",
        "makes_prepared",
    ),
    ("このクリーチャーは準備済み状態になる。", "prepare", "makes_prepared"),
    ("クリーチャー１体を対象とする。それを準備済状態にする。", "prepare", "makes_prepared"),
    ("このターンに夜になったなら、カード１枚を引く。", "day_night", "checks_day_or_night"),
    ("クリーチャー１体を対象とする。それを未準備状態にする。", "prepare", "unprepares"),
    ("これが準備済状態であるかぎり、これは飛行を持つ。", "prepare", "refers"),
    (
        "夜であるかぎり、このクリーチャーは＋１/＋１の修整を受ける。",
        "day_night",
        "checks_day_or_night",
    ),
    ("昼でないなら、カード１枚を引く。", "day_night", "checks_day_or_night"),
    ("昼になる。", "day_night", "sets_day_or_night"),
    ("夜にはならない。", "day_night", "sets_day_or_night"),
    ("夜が昼になるたび、カード１枚を引く。", "day_night", "on_change_trigger"),
    (
        "昼から夜に、または夜から昼になるたび、１点のライフを得る。",
        "day_night",
        "on_change_trigger",
    ),
    ("昼が夜になるとき、カード１枚を引く。", "day_night", "on_change_trigger"),
    ("トランプル、日暮", "day_night", "daybound"),
    (
        "夜明（プレイヤー１人が自分のターンに２つ以上の呪文を唱えたなら、次のターンは昼になる。）",
        "day_night",
        "nightbound",
    ),
    ("あなたはイニシアチブを得る。", "initiative", "takes"),
    ("あなたがイニシアチブを持っているかぎり、これは呪禁を持つ。", "initiative", "checks"),
    ("ターンを終了する。", "end_the_turn", "ends_turn"),
]


@pytest.mark.parametrize(("text", "mechanic", "role"), EN_POSITIVES)
def test_classifier_robust_english_generalises(text: str, mechanic: str, role: str) -> None:
    got = {(t.mechanic, t.role) for t in tag_card(_card(text))}
    assert (mechanic, role) in got, (text, got)
    assert {m for m, _ in got} == {mechanic}


@pytest.mark.parametrize(("text", "mechanic", "role"), JA_POSITIVES)
def test_classifier_robust_japanese_generalises(text: str, mechanic: str, role: str) -> None:
    got = {(t.mechanic, t.role) for t in tag_card(_card(ja=text))}
    assert (mechanic, role) in got, (text, got)
    assert {m for m, _ in got} == {mechanic}
