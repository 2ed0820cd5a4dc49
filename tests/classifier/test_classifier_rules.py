"""Unit tests of the rules on hand-written card texts (invented cards, Oracle templating).

Each positive role, each near-miss the issue lists, Japanese-only cards and old templating.
"""

from __future__ import annotations

import pytest

from classifier import CardText, FaceText, Tag, explain_card, mechanics_of, tag_card


def one_face(
    text: str | None = None,
    *,
    name: str = "Test Card",
    ja: str | None = None,
    name_ja: str | None = None,
    type_line: str | None = "Creature — Test",
    type_line_ja: str | None = None,
    layout: str | None = "normal",
) -> CardText:
    face = FaceText(0, name, type_line, text, name_ja, type_line_ja, ja)
    return CardText("oid-" + name, name, layout, (face,))


def roles(card: CardText) -> set[tuple[str, str]]:
    return {(t.mechanic, t.role) for t in tag_card(card)}


def assert_evidence_is_substring(card: CardText) -> None:
    for x in explain_card(card):
        face = card.faces[x.tag.face_index]
        src = {
            ("en", "text"): face.oracle_text,
            ("ja", "text"): face.text_ja,
            ("en", "type_line"): face.type_line,
            ("ja", "type_line"): face.type_line_ja,
            ("en", "name"): face.name,
            ("ja", "name"): face.name_ja,
        }[(x.tag.lang, x.field)]
        assert src is not None and src[x.start : x.end] == x.tag.evidence


# --- positives, English, one per role ---------------------------------------------------

EN_POSITIVES = [
    (
        "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)",
        ("day_night", "daybound"),
        "Daybound",
    ),
    ("Trample\nNightbound", ("day_night", "nightbound"), "Nightbound"),
    (
        "When this creature enters, it becomes night.",
        ("day_night", "sets_day_or_night"),
        "it becomes night",
    ),
    (
        "Whenever day becomes night or night becomes day, scry 1.",
        ("day_night", "on_change_trigger"),
        "Whenever day becomes night or night becomes day",
    ),
    (
        "This spell costs {1} less to cast if it's night.",
        ("day_night", "checks_day_or_night"),
        "it's night",
    ),
    (
        "As long as it\u2019s day, this creature gets +1/+1.",
        ("day_night", "checks_day_or_night"),
        "it\u2019s day",
    ),
    (
        "When this creature enters, you take the initiative.",
        ("initiative", "takes"),
        "take the initiative",
    ),
    (
        "At the beginning of your end step, if you have the initiative, draw a card.",
        ("initiative", "checks"),
        "the initiative",
    ),
    (
        "Whenever you attack the player who has the initiative, create a Treasure token.",
        ("initiative", "checks"),
        "the initiative",
    ),
    (
        "{3}: Venture into Undercity. Activate only as a sorcery.",
        ("initiative", "dungeon"),
        "Venture into Undercity",
    ),
    ("This creature enters prepared.", ("prepare", "makes_prepared"), "enters prepared"),
    (
        "Whenever this creature attacks, it becomes prepared.",
        ("prepare", "makes_prepared"),
        "becomes prepared",
    ),
    ("{T}: Target creature becomes unprepared.", ("prepare", "unprepares"), "becomes unprepared"),
    ("Prepared creatures you control get +1/+1.", ("prepare", "refers"), "Prepared"),
    (
        "{2}: Target creature stops being prepared.",
        ("prepare", "unprepares"),
        "stops being prepared",
    ),
    ("Whenever you cast a prepared spell, copy it.", ("prepare", "refers"), "prepared"),
    ("Whenever you cast a prepare spell, draw a card.", ("prepare", "refers"), "prepare spell"),
    ("End the turn.", ("end_the_turn", "ends_turn"), "End the turn"),
    (
        "{T}: The player whose turn it is may end the turn.",
        ("end_the_turn", "ends_turn"),
        "end the turn",
    ),
]


@pytest.mark.parametrize(("text", "role", "evidence"), EN_POSITIVES)
def test_classifier_english_positive_roles(text: str, role: tuple[str, str], evidence: str) -> None:
    card = one_face(text)
    tags = tag_card(card)
    assert Tag(role[0], role[1], 0, evidence, "en") in tags
    assert_evidence_is_substring(card)


def test_classifier_change_trigger_is_not_also_a_setter() -> None:
    # The longer phrase wins over the "it becomes day" it contains.
    card = one_face("Whenever it becomes day, you gain 2 life.")
    assert roles(card) == {("day_night", "on_change_trigger")}


def test_classifier_neither_day_nor_night_sets_and_checks() -> None:
    card = one_face("If it's neither day nor night, it becomes day as this creature enters.")
    assert roles(card) == {
        ("day_night", "checks_day_or_night"),
        ("day_night", "sets_day_or_night"),
    }


def test_classifier_reminder_text_does_not_add_roles() -> None:
    # The daybound reminder says "it becomes night", but that explains the keyword.
    card = one_face(
        "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)"
    )
    assert roles(card) == {("day_night", "daybound")}
    prep = one_face(
        "This creature enters prepared. (While it's prepared, you may cast a copy of its "
        "spell. Doing so unprepares it.)"
    )
    assert roles(prep) == {("prepare", "makes_prepared")}


def test_classifier_reminder_only_mechanic_is_still_found() -> None:
    card = one_face("Menace (If it's night, this creature can't be blocked.)")
    assert mechanics_of(tag_card(card)) == {"day_night"}


def test_classifier_undercity_dungeon_card() -> None:
    card = one_face(
        'You can\'t enter this dungeon unless you "venture into Undercity".\n'
        "Gate — Scry 1. (Leads to: Hall)",
        name="Undercity",
        type_line="Dungeon — Undercity",
        layout="token",
    )
    tags = tag_card(card)
    assert {(t.role, t.evidence) for t in tags} == {
        ("dungeon", "venture into Undercity"),
        ("dungeon", "Dungeon — Undercity"),
    }
    assert_evidence_is_substring(card)


def test_classifier_prepare_layout_tags_the_inset_face() -> None:
    faces = (
        FaceText(0, "Tidy Scholar", "Creature — Human Wizard", "This creature enters prepared."),
        FaceText(1, "Neat Trick", "Instant", "Draw a card."),
    )
    card = CardText("oid", "Tidy Scholar // Neat Trick", "prepare", faces)
    tags = tag_card(card)
    assert Tag("prepare", "prepare_card", 1, "Neat Trick", "en") in tags
    assert Tag("prepare", "makes_prepared", 0, "enters prepared", "en") in tags
    assert [t.face_index for t in tags] == sorted(t.face_index for t in tags)


def test_classifier_prepare_layout_without_text_on_inset_face() -> None:
    faces = (
        FaceText(0, "Loud Scholar", "Creature — Orc", "Whenever you draw, it becomes prepared."),
        FaceText(1, "Quiet Spell"),
    )
    card = CardText("oid", "Loud Scholar // Quiet Spell", "prepare", faces)
    assert ("prepare", "prepare_card") in roles(card)


# --- old templating and self-reference styles -----------------------------------------


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("When Sky Herald enters the battlefield, it becomes day.", "sets_day_or_night"),
        ("When this creature enters, it becomes day.", "sets_day_or_night"),
        ("When CARDNAME enters the battlefield, you take the initiative.", "takes"),
        ("Sky Herald enters the battlefield prepared.", "makes_prepared"),
        ("CARDNAME enters prepared.", "makes_prepared"),
        ("Sky Herald enters tapped and prepared.", "makes_prepared"),
        (
            "When Sky Herald enters the battlefield, if it's neither day nor night, "
            "it becomes day.",
            "checks_day_or_night",
        ),
    ],
)
def test_classifier_old_and_new_templating(text: str, role: str) -> None:
    card = one_face(text, name="Sky Herald")
    assert role in {r for _, r in roles(card)}


# --- near-misses -----------------------------------------------------------------------

NEAR_MISSES = [
    ("Target creature gets +2/+2 until end of turn.", "Pump"),
    ("At the beginning of the end step, sacrifice this creature.", "Ember"),
    ("Take an extra turn after this one.", "Time Skip"),
    ("Skip your next turn.", "Nap"),
    ("End the combat phase. Untap all creatures.", "Truce Decree"),
    ("When this creature enters, you become the monarch.", "Crown Seeker"),
    ("When this creature enters, venture into the dungeon.", "Delver"),
    ("Whenever you complete a dungeon, draw a card.", "Dungeon Fan"),
    (
        "At the beginning of each upkeep, if no spells were cast last turn, transform this "
        "creature.",
        "Old Werewolf",
    ),
    ("Dread of Dusk deals 2 damage to any target at night's end.", "Dread of Dusk"),
    ("Into the Night Sky gets +1/+1 for each Bat you control.", "Into the Night Sky"),
    ("At the beginning of your upkeep, put a night counter on this artifact.", "Ring"),
    ("As long as it's nighttime, this creature gets +2/+2.", "Moon Pony"),
    ("End the Revelry deals 1 damage to each opponent.", "End the Revelry"),
    ("Exile Seize the Initiative: creatures you control gain haste.", "Seize the Initiative"),
    ("Untap target creature. It gets +2/+2 until end of turn.", "Prepare"),
    ("Return target creature card to your hand. It's a new day for it.", "Daily Bread"),
    ("Put two +1/+1 counters on target creature. It's daytime somewhere.", "Sunny"),
]


@pytest.mark.parametrize(("text", "name"), NEAR_MISSES)
def test_classifier_near_misses_are_not_tagged(text: str, name: str) -> None:
    assert tag_card(one_face(text, name=name)) == []


def test_classifier_card_named_night_is_not_day_night() -> None:
    faces = (
        FaceText(0, "Night", "Instant", "Target creature gets -1/-1 until end of turn.", "夜"),
        FaceText(1, "Day", "Instant", "Creatures target player controls get +1/+1.", "昼"),
    )
    assert tag_card(CardText("oid", "Night // Day", "split", faces)) == []


def test_classifier_split_card_named_prepare_is_not_prepare() -> None:
    faces = (
        FaceText(0, "Prepare", "Instant", "Untap target creature. Prepare gains lifelink."),
        FaceText(1, "Fight", "Sorcery", "Target creature you control fights target creature."),
    )
    assert tag_card(CardText("oid", "Prepare // Fight", "aftermath", faces)) == []


def test_classifier_name_mask_does_not_eat_keywords() -> None:
    # A face named "Night" must not blank out the "Night" of "Nightbound".
    faces = (FaceText(0, "Night", "Creature — Werewolf", "Nightbound"),)
    assert roles(CardText("oid", "Night", "transform", faces)) == {("day_night", "nightbound")}


# --- Japanese ------------------------------------------------------------------------

JA_POSITIVES = [
    (
        "日暮（プレイヤー１人が自分のターンに呪文を唱えなかったなら、次のターンに夜になる。）",
        ("day_night", "daybound"),
        "日暮",
    ),
    ("威迫、夜明", ("day_night", "nightbound"), "夜明"),
    ("夜になる。カード１枚を引く。", ("day_night", "sets_day_or_night"), "夜になる"),
    (
        "昼が夜になるか夜が昼になるたび、カード１枚を引く。",
        ("day_night", "on_change_trigger"),
        "昼が夜になるか夜が昼になるたび",
    ),
    (
        "夜であるなら、このクリーチャーは＋２/＋０の修整を受ける。",
        ("day_night", "checks_day_or_night"),
        "夜である",
    ),
    (
        "このクリーチャーが戦場に出たとき、あなたはイニシアチブを得る。",
        ("initiative", "takes"),
        "イニシアチブを得",
    ),
    (
        "あなたの終了ステップの開始時に、あなたがイニシアチブを持っている場合、カード１枚を引く。",
        ("initiative", "checks"),
        "イニシアチブ",
    ),
    ("{3}：地下街探索を行う。", ("initiative", "dungeon"), "地下街探索"),
    (
        "このクリーチャーは準備済状態で戦場に出る。",
        ("prepare", "makes_prepared"),
        "準備済状態で戦場に出る",
    ),
    (
        "このクリーチャーが攻撃するたび、これは準備済状態になる。",
        ("prepare", "makes_prepared"),
        "準備済状態になる",
    ),
    (
        "{T}：クリーチャー１体を対象とする。それを未準備状態にする。",
        ("prepare", "unprepares"),
        "未準備状態にする",
    ),
    (
        "準備済状態であるクリーチャーは＋１/＋１の修整を受ける。",
        ("prepare", "refers"),
        "準備済状態",
    ),
    ("ターンを終了する。", ("end_the_turn", "ends_turn"), "ターンを終了する"),
    ("それは準備済状態でなくなる。", ("prepare", "unprepares"), "準備済状態でなくなる"),
    ("{T}：そのターンを終了してもよい。", ("end_the_turn", "ends_turn"), "ターンを終了し"),
    ("夜なら、カード１枚を引く。", ("day_night", "checks_day_or_night"), "夜なら"),
    ("これは準備済状態でない限り、攻撃できない。", ("prepare", "refers"), "準備済状態"),
]


@pytest.mark.parametrize(("text", "role", "evidence"), JA_POSITIVES)
def test_classifier_japanese_only_positive_roles(
    text: str, role: tuple[str, str], evidence: str
) -> None:
    # A card known only by its Japanese text (e.g. a wiki card box): no English at all.
    face = FaceText(0, name_ja="試験カード", text_ja=text)
    card = CardText("oid", "試験カード", None, (face,))
    assert Tag(role[0], role[1], 0, evidence, "ja") in tag_card(card)
    assert_evidence_is_substring(card)


def test_classifier_japanese_change_trigger_is_not_also_a_setter() -> None:
    face = FaceText(0, text_ja="昼が夜になるか夜が昼になるたび、１点のライフを得る。")
    assert roles(CardText("oid", "x", None, (face,))) == {("day_night", "on_change_trigger")}


JA_NEAR_MISSES = [
    ("夜明けの司祭", "夜明けの司祭が戦場に出たとき、あなたは２点のライフを得る。"),
    ("夜の戦慄", "白のクリーチャーは－１/－１の修整を受ける。"),
    ("夜になる前に", "夜になる前にはクリーチャー１体を対象とする。"),
    ("複製の輪", "あなたのアップキープの開始時に、これの上に夜カウンター１個を置く。"),
    ("試練", "ターン終了時まで、クリーチャー１体は＋２/＋２の修整を受ける。"),
    ("戦場の休戦", "戦闘フェイズを終了する。"),
    ("迷宮の地図", "{3}, {T}：ダンジョン探索をする。"),
    ("王冠", "あなたは統治者になる。"),
    ("旅の準備", "クリーチャー最大２体を対象とし、それらの上に＋１/＋１カウンター１個を置く。"),
    ("時の歩み", "このターンの後に追加の１ターンを行う。"),
    ("日暮れの狼", "日暮れの狼が攻撃するたび、カード１枚を引く。"),
]


@pytest.mark.parametrize(("name_ja", "text"), JA_NEAR_MISSES)
def test_classifier_japanese_near_misses(name_ja: str, text: str) -> None:
    face = FaceText(0, name_ja=name_ja, text_ja=text)
    assert tag_card(CardText("oid", name_ja, None, (face,))) == []


def test_classifier_japanese_end_turn_reminder_is_not_end_turn() -> None:
    # The reminder mentions "ターン終了時まで" (until end of turn), not ending the turn.
    face = FaceText(
        0, text_ja="（ダメージは消え、「このターン」と「ターン終了時まで」の効果は終わる。）"
    )
    assert tag_card(CardText("oid", "x", None, (face,))) == []


def test_classifier_both_languages_tagged_and_ordered() -> None:
    card = one_face("End the turn.", ja="ターンを終了する。")
    tags = tag_card(card)
    assert [t.lang for t in tags] == ["en", "ja"]
    assert tag_card(card) == tags  # deterministic


def test_classifier_tags_are_deduplicated() -> None:
    card = one_face("If it's night, draw a card. If it's night, gain 1 life.")
    tags = tag_card(card)
    assert len(tags) == len(set(tags)) == 1


def test_classifier_rule_names_are_reported() -> None:
    names = {x.rule for x in explain_card(one_face("You take the initiative."))}
    assert names == {"en.initiative.take"}


def test_classifier_literal_backslash_n_line_breaks() -> None:
    # Some sources keep line breaks as a literal backslash-n ("...turn.\nDaybound").
    card = one_face("Haste.\\nDaybound (If a player casts no spells, it becomes night next turn.)")
    tags = tag_card(card)
    assert [(t.role, t.evidence) for t in tags] == [("daybound", "Daybound")]
    assert_evidence_is_substring(card)


def test_classifier_case_insensitive_and_word_start() -> None:
    assert roles(one_face("END THE TURN.")) == {("end_the_turn", "ends_turn")}
    # A rule's phrase must start at a word boundary: "weekend the turn" is no "end the turn".
    assert tag_card(one_face("Its weekend the turn after.")) == []
    assert tag_card(one_face("Sundaybound creatures are rare.")) == []


def test_classifier_text_whose_lowercase_changes_length() -> None:
    # "İ".lower() is two characters: offsets must still index the original text.
    card = one_face("İzmir's Guard gets +1/+1. If it's night, draw a card.")
    assert Tag("day_night", "checks_day_or_night", 0, "it's night", "en") in tag_card(card)
    assert_evidence_is_substring(card)
