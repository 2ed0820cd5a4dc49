"""Each search key against the meaning scryfall.com/docs/syntax gives it.

The cards are invented for these tests (real card shapes: an MDFC with a land back, a
transform card, a split card, an adventure, reminder text, a Japanese printing, cards
with no text), so every expected answer follows from the documentation, not from data.
"""

from __future__ import annotations

import pytest

from db import connect
from db.load import load_card_files
from db.mechanics import replace_all_tags
from db.search import MAX_QUERY_LENGTH, QueryError, search

from .test_db_load import TRANSFORM, U, card, write_jsonl


def _spell(name, oid, type_line, text, cost, colors, **extra):
    return card(name, oid, type_line=type_line, oracle_text=text, mana_cost=cost,
                colors=colors, color_identity=extra.pop("identity", colors), power=None,
                toughness=None, **extra)


CARDS = [
    _spell("Shock Bolt", "o-bolt", "Instant", "Shock Bolt deals 2 damage to any target.",
           "{R}", ["R"], cmc=1.0, rarity="common", set="aaa", released_at="2019-05-01"),
    card("Study Owl", "o-owl", type_line="Creature — Bird", mana_cost="{1}{U}",
         oracle_text="Flying\nWhen this creature enters, draw a card.", power="1",
         toughness="1", colors=["U"], color_identity=["U"], keywords=["Flying"],
         rarity="uncommon", released_at="2021-02-05", set="bbb"),
    card("Plain Bear", "o-bear", oracle_text="", rarity="common", set="aaa",
         released_at="2019-05-01"),
    card("Wind Drake", "o-drake", type_line="Creature — Drake", mana_cost="{2}{U}", cmc=3.0,
         oracle_text="Flying (This creature can't be blocked except by creatures with "
         "flying or reach.)", colors=["U"], color_identity=["U"], keywords=["Flying"],
         rarity="common", released_at="2022-01-01"),
    _spell("Gate Land", "o-gate", "Land — Gate", "{T}: Add {W} or {U}.", "", [],
           identity=["U", "W"], cmc=0.0, rarity="common"),
    _spell("Azorius Choice", "o-charm", "Instant",
           "Choose one —\n• Draw a card.\n• Tap target creature.", "{W}{U}", ["U", "W"],
           rarity="uncommon"),
    card("Sea Warrior // Sea Cove", "o-mdfc", layout="modal_dfc", mana_cost=None,
         oracle_text=None, colors=None, color_identity=["U"], power=None, toughness=None,
         type_line="Creature — Merfolk Warrior // Land", cmc=3.0, rarity="rare",
         card_faces=[
             {"name": "Sea Warrior", "mana_cost": "{2}{U}",
              "type_line": "Creature — Merfolk Warrior",
              "oracle_text": "Whenever Sea Warrior attacks, draw a card.", "power": "3",
              "toughness": "2", "colors": ["U"]},
             {"name": "Sea Cove", "mana_cost": "", "type_line": "Land",
              "oracle_text": "Sea Cove enters tapped.\n{T}: Add {U}.", "colors": []}]),
    dict(TRANSFORM, colors=None, color_identity=["R"], cmc=3.0, rarity="rare",
         card_faces=[dict(f, colors=["R"]) for f in TRANSFORM["card_faces"]]),
    card("Fire Test // Ice Test", "o-split", layout="split", mana_cost="{1}{R} // {1}{U}",
         type_line="Instant // Instant", oracle_text=None, colors=["R", "U"],
         color_identity=["R", "U"], power=None, toughness=None, cmc=4.0,
         card_faces=[
             {"name": "Fire Test", "mana_cost": "{1}{R}", "type_line": "Instant",
              "oracle_text": "Fire Test deals 2 damage divided as you choose among one or "
              "two targets."},
             {"name": "Ice Test", "mana_cost": "{1}{U}", "type_line": "Instant",
              "oracle_text": "Tap target permanent.\nDraw a card."}]),
    card("Testa, the Walker", "o-pw", type_line="Legendary Planeswalker — Testa",
         mana_cost="{2}{W}{W}", cmc=4.0, oracle_text="+1: Draw a card.", power=None,
         toughness=None, loyalty="3", colors=["W"], color_identity=["W"], rarity="mythic"),
    card("Huge Brute", "o-brute", type_line="Creature — Giant", mana_cost="{4}{R}{R}",
         cmc=6.0, oracle_text="Trample", power="5", toughness="3", colors=["R"],
         color_identity=["R"], keywords=["Trample"], rarity="mythic",
         released_at="2023-06-01"),
    _spell("It's Time", "o-its", "Sorcery",
           "It's your turn again. Take an extra turn after this one.", "{3}{U}{U}", ["U"],
           cmc=5.0),
    _spell("Time Stop", "o-stop", "Instant",
           "End the turn. (Exile all spells and abilities from the stack.)", "{4}{U}{U}",
           ["U"], cmc=6.0, rarity="rare"),
    card("Time Stopper", "o-stopper", type_line="Creature — Human Wizard",
         mana_cost="{1}{U}", oracle_text="", power="1", toughness="3", colors=["U"],
         color_identity=["U"]),
    _spell("Blank Instant", "o-blank", "Instant", None, "{U}", ["U"]),
    card("Giant Tester // Stomp Test", "o-adv", layout="adventure",
         mana_cost="{3}{G} // {1}{G}", type_line="Creature — Giant // Instant — Adventure",
         oracle_text=None, power="4", toughness="4", cmc=4.0,
         card_faces=[
             {"name": "Giant Tester", "mana_cost": "{3}{G}", "type_line": "Creature — Giant",
              "oracle_text": "", "power": "4", "toughness": "4"},
             {"name": "Stomp Test", "mana_cost": "{1}{G}", "type_line": "Instant — Adventure",
              "oracle_text": "Stomp Test deals 2 damage to any target."}]),
    card("Hybrid Beast", "o-hybrid", type_line="Creature — Beast", mana_cost="{R/G}{R/G}",
         oracle_text="Haste", keywords=["Haste"], colors=["G", "R"], color_identity=["G", "R"],
         power="3", toughness="2"),
    card("Naya Beast", "o-naya", type_line="Creature — Beast", mana_cost="{R}{G}{W}",
         cmc=3.0, oracle_text="Vigilance", keywords=["Vigilance"], colors=["G", "R", "W"],
         color_identity=["G", "R", "W"], power="3", toughness="3"),
]
JA = [{"object": "card", "oracle_id": U("o-owl"), "name": "Study Owl", "lang": "ja",
       "printed_name": "学びのフクロウ", "printed_type_line": "クリーチャー — 鳥",
       "printed_text": "飛行\nこのクリーチャーが戦場に出たとき、カードを１枚引く。"}]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("search")
    path = write_jsonl(tmp / "cards.jsonl", CARDS + JA)
    with connect(tmp / "search.duckdb") as st:
        load_card_files(st, [path], progress=False)
        replace_all_tags(st, [
            (U("o-dfc"), "day_night", "daybound", 0, "Daybound", "en"),
            (U("o-dfc"), "day_night", "nightbound", 1, "Nightbound", "en"),
            (U("o-stop"), "end_the_turn", "ends_turn", 0, "End the turn", "en"),
        ])
        yield st


def names(store, query):
    return sorted(c["name"] for c in search(store, query, 1, 175).cards)


ALL = sorted(c["name"] for c in CARDS)


def test_negation_keeps_cards_with_empty_fields(store):
    # the first example: instants without "draw", including one with no text at all
    # (the adventure's Instant face makes Giant Tester an instant too: any face matches)
    assert names(store, "t:instant -o:draw") == ["Blank Instant", "Giant Tester // Stomp Test",
                                                 "Shock Bolt", "Time Stop"]
    # every card either has "draw" in its text or not: the two halves make the whole
    assert sorted(names(store, "o:draw") + names(store, "-o:draw")) == ALL
    assert sorted(names(store, "pow>=3") + names(store, "-pow>=3")) == ALL


def test_or_and_parentheses(store):
    assert names(store, "t:creature or t:planeswalker") == sorted(
        n for n in ALL if n not in ("Shock Bolt", "Gate Land", "Azorius Choice",
                                    "Fire Test // Ice Test", "It's Time", "Time Stop",
                                    "Blank Instant"))
    assert names(store, "(t:giant or t:drake) c:r") == ["Huge Brute"]
    assert names(store, "t:giant (c:r or c:g)") == ["Giant Tester // Stomp Test", "Huge Brute"]
    assert names(store, "-(t:creature or t:land) c:u t:instant") == [
        "Azorius Choice", "Blank Instant", "Fire Test // Ice Test", "Time Stop"]


def test_bare_words_match_names_each_word(store):
    assert names(store, "time") == ["It's Time", "Time Stop", "Time Stopper"]
    assert names(store, "time stop") == ["Time Stop", "Time Stopper"]  # both words, any order
    assert names(store, "stop time") == ["Time Stop", "Time Stopper"]
    assert names(store, '"stop time"') == []
    assert names(store, "-time t:instant") == [
        "Azorius Choice", "Blank Instant", "Fire Test // Ice Test", "Giant Tester // Stomp Test",
        "Shock Bolt"]
    assert names(store, "フクロウ") == ["Study Owl"]  # Japanese name


def test_exact_name(store):
    assert names(store, '!"Time Stop"') == ["Time Stop"]
    assert names(store, '!"time stop"') == ["Time Stop"]
    assert names(store, "!Time") == []
    assert names(store, '!"Ice Test"') == ["Fire Test // Ice Test"]  # a face's name


def test_name_key_and_regex(store):
    assert names(store, "name:owl") == ["Study Owl"]
    assert names(store, "name:/^time/") == ["Time Stop", "Time Stopper"]
    assert names(store, "name:/test$/") == ["Fire Test // Ice Test", "Giant Tester // Stomp Test"]


def test_oracle_without_reminder_text_and_fo_with_it(store):
    assert names(store, 'o:"can\'t be blocked"') == []
    assert names(store, 'fo:"can\'t be blocked"') == ["Wind Drake"]
    assert names(store, "o:exile") == []
    assert names(store, "fo:exile") == ["Time Stop"]
    assert names(store, "o:it's") == ["It's Time"]
    assert names(store, "o:カード") == ["Study Owl"]  # Japanese text answers o:


def test_oracle_regex_is_newline_sensitive(store):
    # ^ anchors each paragraph (and each face)
    assert names(store, "o:/^draw a card/") == ["Fire Test // Ice Test"]
    assert names(store, "o:/^• draw/") == ["Azorius Choice"]
    assert names(store, "o:/flying.when/") == []  # . does not match a newline
    assert names(store, "o:/flying(.|\\n)when/") == ["Study Owl"]
    assert names(store, "o:/^\\+1:/") == ["Testa, the Walker"]
    assert names(store, "o:/\\sm or \\sm/") == ["Gate Land"]


def test_tilde_is_the_cards_own_name(store):
    assert names(store, 'o:"~ deals 2 damage"') == [
        "Fire Test // Ice Test", "Giant Tester // Stomp Test", "Shock Bolt"]
    assert names(store, 'o:"whenever ~ attacks"') == ["Sea Warrior // Sea Cove"]
    assert names(store, 'o:"when ~ enters"') == ["Study Owl"]  # "this creature"
    assert names(store, "o:/^~ enters tapped/") == ["Sea Warrior // Sea Cove"]


def test_type_any_face_and_japanese(store):
    assert names(store, "t:land") == ["Gate Land", "Sea Warrior // Sea Cove"]
    assert names(store, "t:adventure") == ["Giant Tester // Stomp Test"]
    assert names(store, "t:legend") == ["Testa, the Walker"]  # partial words
    assert names(store, "t:鳥") == ["Study Owl"]
    assert names(store, '-t:creature -t:instant') == [
        "Gate Land", "It's Time", "Testa, the Walker"]


def test_colours(store):
    assert names(store, "c:red") == names(store, "c:r")
    assert names(store, "c:r") == ["Fire Test // Ice Test", "Huge Brute", "Hybrid Beast",
                                   "Naya Beast", "Night Wolf // Day Wolf", "Shock Bolt"]
    assert names(store, "c:azorius") == ["Azorius Choice"]  # at least white and blue
    assert names(store, "c=rg") == ["Hybrid Beast"]
    assert names(store, "c>=rg") == ["Hybrid Beast", "Naya Beast"]
    assert names(store, "c>rg") == ["Naya Beast"]
    assert names(store, "c<=u t:instant") == ["Blank Instant", "Time Stop"]
    assert names(store, "c:c") == ["Gate Land"]
    assert names(store, "c:m") == ["Azorius Choice", "Fire Test // Ice Test", "Hybrid Beast",
                                   "Naya Beast"]
    assert names(store, "c!=u t:creature c<=u") == []
    # an MDFC's land back has no colour, but the card is blue
    assert "Sea Warrior // Sea Cove" in names(store, "c:u")
    assert "Sea Warrior // Sea Cove" not in names(store, "c:c")


def test_identity_fits_within(store):
    assert names(store, "id:rg") == ["Giant Tester // Stomp Test", "Huge Brute", "Hybrid Beast",
                                     "Night Wolf // Day Wolf", "Plain Bear", "Shock Bolt"]
    assert "Naya Beast" not in names(store, "id:rg")      # needs white too
    assert names(store, "id:azorius t:land") == ["Gate Land", "Sea Warrior // Sea Cove"]
    assert names(store, "id>=rg") == ["Hybrid Beast", "Naya Beast"]
    assert names(store, "id:c") == []


def test_mana_value_and_numbers(store):
    assert names(store, "cmc>=6") == ["Huge Brute", "Time Stop"]
    assert names(store, "mv=0") == ["Gate Land"]
    assert names(store, "cmc:odd t:instant") == ["Shock Bolt"]
    assert names(store, "pow>tou") == ["Huge Brute", "Hybrid Beast", "Sea Warrior // Sea Cove"]
    assert names(store, "pow>=4") == ["Giant Tester // Stomp Test", "Huge Brute",
                                      "Night Wolf // Day Wolf"]  # any face
    assert names(store, "tou>pow") == ["Time Stopper"]
    assert names(store, "loy=3") == ["Testa, the Walker"]
    assert names(store, "pt>=8") == ["Giant Tester // Stomp Test", "Huge Brute",
                                     "Night Wolf // Day Wolf"]


def test_keywords(store):
    assert names(store, "kw:flying") == ["Study Owl", "Wind Drake"]
    assert names(store, "keyword:trample") == ["Huge Brute"]


def test_is_values(store):
    assert names(store, "is:dfc") == ["Night Wolf // Day Wolf", "Sea Warrior // Sea Cove"]
    assert names(store, "is:mdfc") == ["Sea Warrior // Sea Cove"]
    assert names(store, "is:transform") == ["Night Wolf // Day Wolf"]
    assert names(store, "is:split") == ["Fire Test // Ice Test"]
    assert names(store, "is:adventure") == ["Giant Tester // Stomp Test"]
    assert names(store, "is:vanilla") == ["Plain Bear", "Time Stopper"]
    assert names(store, "is:frenchvanilla") == ["Huge Brute", "Hybrid Beast", "Naya Beast",
                                                "Wind Drake"]
    assert names(store, "is:bear") == ["Plain Bear"]
    assert names(store, "is:hybrid") == ["Hybrid Beast"]
    assert names(store, "is:modal") == ["Azorius Choice"]
    assert "Gate Land" not in names(store, "is:spell")
    assert "Sea Warrior // Sea Cove" in names(store, "is:spell")
    assert names(store, "is:permanent t:instant") == ["Giant Tester // Stomp Test"]
    assert names(store, "not:permanent") == names(store, "-is:permanent")
    assert names(store, "is:commander") == []  # a planeswalker that does not say so


def test_layout_set_rarity_dates_lang(store):
    assert names(store, "layout:modal_dfc") == ["Sea Warrior // Sea Cove"]
    assert names(store, "set:aaa") == ["Plain Bear", "Shock Bolt"]
    assert names(store, "r:mythic") == ["Huge Brute", "Testa, the Walker"]
    assert names(store, "r>=rare") == ["Huge Brute", "Night Wolf // Day Wolf",
                                       "Sea Warrior // Sea Cove", "Testa, the Walker",
                                       "Time Stop"]
    assert names(store, "year>=2021") == ["Huge Brute", "Study Owl", "Wind Drake"]
    assert names(store, "year=2019") == ["Plain Bear", "Shock Bolt"]
    assert names(store, "date>2021-02-05") == ["Huge Brute", "Wind Drake"]
    assert names(store, "date>=bbb") == ["Huge Brute", "Study Owl", "Wind Drake"]
    assert names(store, "lang:ja") == ["Study Owl"]
    assert names(store, "has:ja") == ["Study Owl"]


def test_mana_cost_symbols(store):
    assert names(store, "m:{U}{U}") == ["It's Time", "Time Stop"]
    assert names(store, "m:uu") == ["It's Time", "Time Stop"]
    assert names(store, "m={W}{U}") == ["Azorius Choice"]


def test_mechanics_and_roles(store):
    assert names(store, "mech:day_night") == ["Night Wolf // Day Wolf"]
    assert names(store, "role:ends_turn") == ["Time Stop"]
    assert names(store, "-mech:day_night t:wolf") == []


@pytest.mark.parametrize("query, message", [
    ("mech:daynight", "unknown mechanic 'daynight'; valid: day_night"),
    ("role:sunrise", "unknown role 'sunrise'; valid:"),
    ("foo:bar", "'foo:bar' at character 1: unknown search key 'foo'"),
    ("t:creature bogus:1", "'bogus:1' at character 12"),
    ("c:purple", "not a colour"),
    ("cmc>three", "'three' is not a number"),
    ("is:shiny", "unknown is: value 'shiny'; valid:"),
    ("a:someone", "mtgkit stores no artists"),
    ("lang:fr", "English and Japanese"),
    ("r:legendary", "unknown rarity"),
    ("o:/(unclosed/", "not a valid regular expression"),
    ('!"Time Stop', "quote \" is never closed"),
    ("(t:elf", "'(' at character 1 is never closed"),
    ("t:elf)", "')' has no matching '('"),
    ("t:elf or", "ends where a search term should follow"),
    ("t: elf", "no value after 't:'"),
    ("x" * (MAX_QUERY_LENGTH + 1), "the limit is 1,000"),
    (" ".join(["t:elf"] * 65), "more than 64 search terms"),
    ("(" * 17 + "a" + ")" * 17, "nested more than 16"),
])
def test_errors_name_the_term_and_position(store, query, message):
    with pytest.raises(QueryError) as info:
        search(store, query)
    assert message in str(info.value)


def test_query_starting_with_minus_and_long_queries_are_bounded(store):
    import time

    assert names(store, "-t:creature -t:instant -t:land -t:planeswalker") == ["It's Time"]
    start = time.perf_counter()
    for words in (600, 1000):
        with pytest.raises(QueryError, match="the limit is"):
            search(store, " ".join(["goblin"] * words))
    assert time.perf_counter() - start < 1.0


def test_values_are_parameters_not_sql(store):
    assert names(store, "o:\"'; DROP TABLE cards; --\"") == []
    assert names(store, "name:%") == []
    assert names(store, "name:_") == []
    assert store.con.execute("SELECT count(*) FROM cards").fetchone()[0] == len(CARDS)


def test_pages_and_order(store):
    page = search(store, "", 1, 5)
    assert page.total == len(CARDS) and len(page.cards) == 5 and page.has_more
    assert [c["name"] for c in page.cards] == ALL[:5]
    last = search(store, "", 4, 5)
    assert [c["name"] for c in last.cards] == ALL[15:] and not last.has_more
    assert search(store, "", 9, 5).total == len(CARDS)
    by_cmc = search(store, "t:instant order:cmc direction:desc", 1, 3).cards
    assert [c["name"] for c in by_cmc] == ["Time Stop", "Fire Test // Ice Test",
                                           "Giant Tester // Stomp Test"]


def test_results_carry_faces_tags_and_japanese(store):
    (wolf,) = search(store, "is:transform").cards
    assert [f["mana_cost"] for f in wolf["faces"]] == ["{2}{R}", ""]
    assert {t["role"] for t in wolf["tags"]} == {"daybound", "nightbound"}
    (owl,) = search(store, "name:owl").cards
    assert owl["name_ja"] == "学びのフクロウ" and owl["rarity"] == "uncommon"
