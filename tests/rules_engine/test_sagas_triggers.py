"""Trigger kinds added for the sagas area: copy triggers (707.10, magecraft 207.2c) and, below,
the others. Cards are invented; each case compiles the text, checks the engine runs every
compiled record (support.not_run), then plays it through the scenario runner."""

from __future__ import annotations

from typing import Any

from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from rules_engine.support import not_run
from rules_engine.text import compile_card


def _card(name: str, type_line: str, text: str = "", cost: str = "{1}", **extra: Any) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": cost,
            "type_line": type_line, "oracle_text": text, "colors": [], "keywords": [], **extra}


def _basic(name: str, sub: str, color: str) -> dict:
    return _card(name, f"Basic Land — {sub}", f"({{T}}: Add {{{color}}}.)", cost="")


LANDS = [_basic("Mountain", "Mountain", "R"), _basic("Island", "Island", "U")]


def _play(scn: dict[str, Any], cards: list[dict]) -> Any:
    result = Runner(scn, DictCardSource(cards + LANDS)).run()
    assert result.passed, (result.failures, result.log[-30:])
    return result


def _runs(card: dict) -> None:
    compiled = compile_card(card)
    assert compiled.unsupported == (), compiled.unsupported
    assert not_run(compiled) == (), not_run(compiled)


# -- copy triggers --------------------------------------------------------------------------------
COPY_CARDS = [
    _card("Glyph Scholar", "Creature — Elf Wizard",
          "Magecraft — Whenever you cast or copy an instant or sorcery spell, you gain 1 life.",
          power="1", toughness="1"),
    _card("Rival Mimic", "Creature — Human", "Whenever an opponent casts or copies an instant "
          "spell, put a +1/+1 counter on Rival Mimic.", power="1", toughness="1"),
    _card("Copy Counter", "Artifact", "Whenever a player copies a spell, draw a card."),
    _card("Twin Sigil", "Instant", "Copy target instant or sorcery spell. You may choose new "
          "targets for the copy.", cost="{U}"),
    _card("Small Jolt", "Instant", "Small Jolt deals 1 damage to any target.", cost="{R}"),
]


def test_copy_trigger_texts_compile_and_run() -> None:
    for card in COPY_CARDS[:3]:
        _runs(card)
    trig = compile_card(COPY_CARDS[2]).faces[0].abilities[0].trigger
    assert (trig.event, trig.player) == ("copy", "any")


def test_copy_by_an_opponent_triggers_the_right_abilities() -> None:
    """bob casts a Jolt and copies it with Twin Sigil: alice's magecraft ("you") sees none of
    it; "an opponent casts or copies an instant spell" sees the Jolt, the Sigil and the copy
    (3 counters); "a player copies a spell" sees the copy once (one card drawn)."""
    scn = {"name": "opponent copies", "state": {"active": "bob", "players": {
        "alice": {"battlefield": ["Glyph Scholar", {"card": "Rival Mimic", "id": "mimic"},
                                  "Copy Counter"],
                  "library": [{"card": "Island", "count": 3}]},
        "bob": {"hand": ["Small Jolt", "Twin Sigil"], "battlefield": ["Mountain", "Island"]}}},
        "actions": [{"bob": {"cast": "Small Jolt", "targets": ["alice"]}},
                    {"resolve": {}},
                    {"bob": {"cast": "Twin Sigil", "targets": ["Small Jolt"]}},
                    {"resolve": {}},
                    {"resolve": {"choices": {"bob": ["no"]}}},
                    {"expect": {"stack": ["Copy Counter", "Rival Mimic", "Small Jolt",
                                          "Small Jolt"]}},
                    {"resolve": {}}, {"resolve": {}}, {"resolve": {}}, {"resolve": {}}],
        "expect": {"life": {"alice": 18},
                   "objects": {"mimic": {"counters": {"+1/+1": 3}}},
                   "zones": {"alice": {"hand_count": 1}}}}
    _play(scn, COPY_CARDS)


# -- Sagas (714) ----------------------------------------------------------------------------------
def _dfc(name: str, front: dict, back: dict) -> dict:
    return {"object": "card", "name": f"{name} // {back['name']}", "layout": "transform",
            "mana_cost": front.get("mana_cost", "{1}"), "colors": [], "keywords": [],
            "card_faces": [dict(front, name=name), back]}


SAGA_CARDS = [
    _card("Lay of the Lantern", "Enchantment — Saga", "(As this Saga enters and after your "
          "draw step, add a lore counter.)\nI, II — You gain 1 life.\nIII — Draw a card.\n"
          "IV — This Saga deals 2 damage to each opponent.", cost="{1}"),
    _dfc("Ballad of the Paper Crane",
         {"type_line": "Enchantment — Saga", "mana_cost": "{1}", "oracle_text":
          "(As this Saga enters and after your draw step, add a lore counter.)\n"
          "I, II — You gain 1 life.\nIII — Exile this Saga, then return it to the battlefield "
          "transformed under your control."},
         {"name": "Paper Crane Spirit", "type_line": "Enchantment Creature — Spirit",
          "mana_cost": "", "oracle_text": "Flying", "power": "2", "toughness": "2"}),
    _card("Marching Hymn", "Enchantment Creature — Saga Soldier", "(As this Saga enters and "
          "after your draw step, add a lore counter.)\nI — You gain 3 life.\nII — Draw a card.",
          power="2", toughness="2"),
]


def test_chapter_lines_compile_to_one_ability_per_line() -> None:
    lay = compile_card(SAGA_CARDS[0])
    _runs(SAGA_CARDS[0])
    trigs = [a.trigger for a in lay.faces[0].abilities]
    assert [(t.event, t.detail) for t in trigs] == [("chapter", "1,2"), ("chapter", "3"),
                                                    ("chapter", "4")]


def test_four_chapters_in_order_then_sacrificed() -> None:
    """Chapter numbers above III work; the Saga stays through III (714.4: final chapter IV)."""
    scn = {"name": "four chapters", "state": {"turn": 2, "active": "alice", "players": {
        "alice": {"battlefield": [{"card": "Lay of the Lantern", "id": "lay",
                                   "counters": {"lore": 2}}],
                  "library": [{"card": "Island", "count": 6}]},
        "bob": {"library": [{"card": "Island", "count": 6}]}}, "step": "upkeep"},
        "actions": [{"advance": {"turn": 2, "step": "main1"}},
                    {"expect": {"stack": ["Lay of the Lantern"],
                                "objects": {"lay": {"counters": {"lore": 3}}}}},
                    {"resolve": {}},
                    {"expect": {"objects": {"lay": {"zone": "battlefield"}}}},
                    {"advance": {"turn": 4, "step": "main1"}},
                    {"resolve": {}}],
        "expect": {"life": {"bob": 18}, "objects": {"lay": {"zone": "graveyard"}}}}
    _play(scn, SAGA_CARDS)


def test_transforming_saga_returns_as_a_creature_and_stays() -> None:
    """Chapter III exiles it and returns it transformed: a new object with no chapter
    abilities and no lore counters, so 714.4 does not sacrifice it."""
    _runs(SAGA_CARDS[1])
    scn = {"name": "transform saga", "state": {"players": {
        "alice": {"hand": [{"card": "Ballad of the Paper Crane", "id": "crane"}],
                  "battlefield": ["Island"],
                  "library": [{"card": "Island", "count": 6}]},
        "bob": {"library": [{"card": "Island", "count": 6}]}}},
        "actions": [{"alice": {"cast": "Ballad of the Paper Crane"}},
                    {"resolve": {}}, {"resolve": {}},
                    {"advance": {"turn": 3, "step": "main1"}}, {"resolve": {}},
                    {"advance": {"turn": 5, "step": "main1"}}, {"resolve": {}}],
        "expect": {"life": {"alice": 22}, "stack": [],
                   "objects": {"crane": {"zone": "battlefield", "name": "Paper Crane Spirit",
                                         "face": "back", "power": 2, "counters": {}}}}}
    _play(scn, SAGA_CARDS)


def test_saga_creature_is_sacrificed_after_its_final_chapter() -> None:
    """714.1a: a Saga creature has chapter abilities too; 714.4 applies to it."""
    _runs(SAGA_CARDS[2])
    scn = {"name": "saga creature", "state": {"players": {
        "alice": {"hand": [{"card": "Marching Hymn", "id": "hymn"}], "battlefield": ["Island"],
                  "library": [{"card": "Island", "count": 6}]},
        "bob": {"library": [{"card": "Island", "count": 6}]}}},
        "actions": [{"alice": {"cast": "Marching Hymn"}}, {"resolve": {}}, {"resolve": {}},
                    {"expect": {"life": {"alice": 23},
                                "objects": {"hymn": {"zone": "battlefield", "power": 2}}}},
                    {"advance": {"turn": 3, "step": "main1"}},
                    {"expect": {"objects": {"hymn": {"zone": "battlefield"}}}},
                    {"resolve": {}}],
        "expect": {"objects": {"hymn": {"zone": "graveyard"}}}}
    _play(scn, SAGA_CARDS)


# -- graveyard, counters, cycling, sacrifice ------------------------------------------------------
MORE_CARDS = [
    _card("Crypt Counter", "Creature — Spirit", "Whenever one or more cards leave your "
          "graveyard, you gain 1 life.", power="1", toughness="1"),
    _card("Bone Tally", "Artifact", "Whenever a creature card leaves your graveyard, draw a "
          "card."),
    _card("Rival Ledger", "Artifact", "Whenever one or more cards leave an opponent's "
          "graveyard, put a +1/+1 counter on target creature you control."),
    _card("Unearth Pair", "Sorcery", "Return up to two target creature cards from your "
          "graveyard to your hand.", cost="{R}"),
    _card("Husk", "Creature — Zombie", "", power="1", toughness="1"),
    _card("Moss Heap", "Creature — Plant", "Whenever you put one or more +1/+1 counters on a "
          "creature you control, you gain 2 life.", power="1", toughness="1"),
    _card("Swell Up", "Instant", "Put three +1/+1 counters on target creature.", cost="{R}"),
    _card("Grim Collector", "Creature — Human", "Whenever you sacrifice another creature, "
          "draw a card.\nSacrifice a creature: You gain 1 life.", power="1", toughness="1"),
    _card("Dust Rite", "Sorcery", "Create a 1/1 white Spirit creature token.\nCycling {R}\n"
          "When you cycle this card, you gain 4 life.", cost="{R}"),
]


def test_graveyard_counter_sacrifice_cycle_texts_compile_and_run() -> None:
    for card in MORE_CARDS:
        _runs(card)
    by_name = {c["name"]: compile_card(c).faces[0].abilities for c in MORE_CARDS}
    t = by_name["Bone Tally"][0].trigger
    assert (t.event, t.player, t.detail, t.filter.card_types) == (
        "leave_graveyard", "you", None, ("creature",))
    t = by_name["Rival Ledger"][0].trigger
    assert (t.player, t.detail) == ("opponent", "one_or_more")
    assert by_name["Moss Heap"][0].trigger.event == "counter_put"
    assert by_name["Grim Collector"][0].trigger.filter.other  # "another" is kept
    # the sorcery's "When you cycle this card" is a triggered ability of the card (702.29)
    assert [type(a).__name__ for a in by_name["Dust Rite"]][-1] == "TriggeredAbility"


def test_one_or_more_triggers_once_a_card_filter_once_per_card() -> None:
    scn = {"name": "leave graveyard", "state": {"players": {
        "alice": {"hand": ["Unearth Pair"], "graveyard": ["Husk", "Husk"],
                  "battlefield": ["Mountain", "Crypt Counter", "Bone Tally"],
                  "library": [{"card": "Island", "count": 4}]},
        "bob": {"battlefield": [{"card": "Husk", "id": "bobs"}, "Rival Ledger"]}}},
        "actions": [{"alice": {"cast": "Unearth Pair", "targets": ["Husk #1", "Husk #2"]}},
                    {"resolve": {}},
                    # Crypt Counter once, Bone Tally twice; bob's Rival Ledger once
                    {"expect": {"stack": ["Rival Ledger", "Bone Tally", "Bone Tally",
                                          "Crypt Counter"]}},
                    {"resolve": {}}, {"resolve": {}}, {"resolve": {}}, {"resolve": {}}],
        "expect": {"life": {"alice": 21}, "zones": {"alice": {"hand_count": 4}},
                   "objects": {"bobs": {"counters": {"+1/+1": 1}}}}}
    _play(scn, MORE_CARDS)


def test_you_put_counters_and_sacrifice_another() -> None:
    scn = {"name": "counters and sacrifice", "state": {"players": {
        "alice": {"hand": ["Swell Up"],
                  "battlefield": ["Mountain", {"card": "Moss Heap", "id": "heap"},
                                  {"card": "Grim Collector", "id": "collector"}, "Husk"],
                  "library": [{"card": "Island", "count": 4}]}}},
        "actions": [{"alice": {"cast": "Swell Up", "targets": ["heap"]}},
                    {"resolve": {}}, {"resolve": {}},
                    {"expect": {"life": {"alice": 22},
                                "objects": {"heap": {"counters": {"+1/+1": 3}}}}},
                    {"alice": {"activate": "collector", "ability": 1, "choices": ["Husk"]}},
                    {"resolve": {}}, {"resolve": {}},
                    {"expect": {"life": {"alice": 23}, "zones": {"alice": {"hand_count": 1}}}},
                    # sacrificing the Collector itself: not "another creature"
                    {"alice": {"activate": "collector", "ability": 1,
                               "choices": ["collector"]}},
                    {"resolve": {}}],
        "expect": {"stack": [], "life": {"alice": 24}, "zones": {"alice": {"hand_count": 1}}}}
    _play(scn, MORE_CARDS)


def test_cycling_a_sorcery_triggers_its_own_ability() -> None:
    scn = {"name": "cycle sorcery", "state": {"players": {
        "alice": {"hand": [{"card": "Dust Rite", "id": "rite"}], "battlefield": ["Mountain"],
                  "library": [{"card": "Island", "count": 2}]}}},
        "actions": [{"alice": {"activate": "rite", "from": "hand", "ability": 1}},
                    {"resolve": {}}, {"resolve": {}}],
        "expect": {"stack": [], "life": {"alice": 24}, "zones": {"alice": {"hand_count": 1}}}}
    _play(scn, MORE_CARDS)


# -- becomes tapped; enchanted/equipped subjects ------------------------------------------------
TAP_CARDS = [
    _card("Watchful Charm", "Enchantment — Aura", "Enchant creature\nWhenever enchanted "
          "creature becomes tapped, you gain 2 life."),
    _card("Battle Harness", "Artifact — Equipment", "Whenever equipped creature attacks, you "
          "gain 3 life.\nEquip {1}"),
    _card("Plodder", "Creature — Ox", "", power="2", toughness="2"),
    _card("Idle Ox", "Creature — Ox", "", power="2", toughness="2"),
    _card("Snap Tap", "Instant", "Tap target creature.", cost="{U}"),
]


def test_enchanted_and_equipped_creature_subjects() -> None:
    """The attached creature is the one the trigger is about (303.4, 301.5), not the Aura or
    Equipment itself nor another creature."""
    for card in TAP_CARDS[:2]:
        _runs(card)
    scn = {"name": "attached", "state": {"step": "beginning_of_combat", "players": {
        "alice": {"battlefield": [{"card": "Plodder", "id": "plodder"}, "Idle Ox",
                                  {"card": "Watchful Charm", "attached_to": "plodder"},
                                  {"card": "Battle Harness", "attached_to": "plodder"}]}}},
        "actions": [{"alice": {"attack": {"plodder": "bob"}}},
                    {"expect": {"stack": ["Battle Harness", "Watchful Charm"]}},
                    {"resolve": {}}, {"resolve": {}}],
        "expect": {"life": {"alice": 25}}}
    _play(scn, TAP_CARDS)
    # another creature attacking or becoming tapped triggers neither
    scn["actions"] = [{"alice": {"attack": {"Idle Ox": "bob"}}}, {"expect": {"stack": []}}]
    scn["expect"] = {"life": {"alice": 20}}
    _play(scn, TAP_CARDS)


# -- Rooms (709.5) ---------------------------------------------------------------------------------
def _room(left: tuple[str, str, str], right: tuple[str, str, str]) -> dict:
    faces = [{"name": n, "mana_cost": c, "type_line": "Enchantment — Room", "oracle_text": t}
             for n, c, t in (left, right)]
    return {"object": "card", "name": f"{left[0]} // {right[0]}", "layout": "split",
            "mana_cost": f"{left[1]} // {right[1]}", "colors": [], "keywords": [],
            "type_line": "Enchantment — Room // Enchantment — Room", "card_faces": faces}


ROOM_CARDS = [
    _room(("Dusty Study", "{1}", "When you unlock this door, draw a card."),
          ("Hidden Vault", "{4}", "When you unlock this door, you gain 4 life.\nAt the "
           "beginning of your upkeep, you gain 1 life.")),
    _card("Hasty Idea", "Instant", "Draw a card.", cost="{U}"),
]


def test_room_texts_compile_and_run() -> None:
    _runs(ROOM_CARDS[0])


def _room_game(actions: list[Any], expect: dict[str, Any], unlocked: list[str] | None = None,
               **state: Any) -> None:
    entry: dict[str, Any] = {"card": "Dusty Study // Hidden Vault", "id": "room"}
    if unlocked is not None:
        entry["unlocked"] = unlocked
    scn = {"name": "room", "state": {**state, "players": {
        "alice": {"battlefield": ["Island", "Island", "Island", "Island", entry],
                  "hand": ["Hasty Idea"], "library": [{"card": "Island", "count": 5}]},
        "bob": {"library": [{"card": "Island", "count": 5}]}}},
        "actions": actions, "expect": expect}
    _play(scn, ROOM_CARDS)


def test_unlock_special_action_pays_the_door_and_triggers_it() -> None:
    """709.5e: pay the locked half's mana cost; 709.5h: its unlock ability triggers; the
    unlocked half's other abilities work from then on; the other door stays as it was."""
    _room_game([{"alice": {"unlock": "room", "door": "Hidden Vault"}},
                {"expect": {"stack": ["Hidden Vault"],
                            "objects": {"room": {"name": "Hidden Vault"}}}},
                {"resolve": {}},
                {"advance": {"turn": 3, "step": "upkeep"}}, {"resolve": {}}],
               {"life": {"alice": 25}, "zones": {"alice": {"hand_count": 1}}},
               unlocked=[])


def test_unlock_refusals() -> None:
    """Not with a spell on the stack, not on the opponent's turn, not an unlocked door, not
    without the mana (709.5e)."""
    _room_game([{"alice": {"cast": "Hasty Idea"}},
                {"alice": {"unlock": "room", "door": "Hidden Vault",
                           "expect_error": "709.5e"}},
                {"resolve": {}},
                {"alice": {"unlock": "room", "door": "Dusty Study", "expect_error": "709.5e"}},
                {"alice": {"unlock": "room", "door": "Hidden Vault", "expect_error": "601.2h"}},
                {"advance": {"turn": 2, "step": "main1"}},
                {"alice": {"unlock": "room", "expect_error": "709.5e"}}],
               {"objects": {"room": {"name": "Dusty Study"}}, "stack": []},
               unlocked=["Dusty Study"])


def test_fully_unlocked_room_has_both_halves() -> None:
    _room_game([{"alice": {"unlock": "room"}}, {"resolve": {}}],
               {"objects": {"room": {"name": "Dusty Study // Hidden Vault"}},
                "zones": {"alice": {"hand_count": 2}}, "life": {"alice": 20}},
               unlocked=["Hidden Vault"])


# -- monstrous; "dies or is put into exile from the battlefield" ---------------------------------
LAST_CARDS = [
    _card("Cinder Wurm", "Creature — Wurm", "{1}: Monstrosity 2.\nWhen Cinder Wurm becomes "
          "monstrous, it deals 3 damage to each opponent.", power="2", toughness="2"),
    _card("Phoenix Idol", "Creature — God", "When Phoenix Idol dies or is put into exile from "
          "the battlefield, you gain 5 life.", power="2", toughness="2"),
    _card("Banish Light", "Instant", "Exile target creature.", cost="{U}"),
    _card("Exile Watcher", "Enchantment", "Whenever a creature is put into exile from the "
          "battlefield, draw a card."),
]


def test_becomes_monstrous_and_exile_from_the_battlefield() -> None:
    for card in LAST_CARDS:
        _runs(card)
    scn = {"name": "monstrous and exile", "state": {"players": {
        "alice": {"hand": ["Banish Light"], "library": [{"card": "Island", "count": 3}],
                  "battlefield": ["Island", "Island", "Island",
                                 {"card": "Cinder Wurm", "id": "wurm"},
                                 {"card": "Phoenix Idol", "id": "idol"}, "Exile Watcher"]}}},
        "actions": [{"alice": {"activate": "wurm", "ability": 1}}, {"resolve": {}},
                    {"expect": {"stack": ["Cinder Wurm"],
                                "objects": {"wurm": {"counters": {"+1/+1": 2}}}}},
                    {"resolve": {}},
                    # monstrous already: no counters, no trigger (701.37a-b)
                    {"alice": {"activate": "wurm", "ability": 1}}, {"resolve": {}},
                    {"expect": {"stack": [], "life": {"bob": 17}}},
                    {"alice": {"cast": "Banish Light", "targets": ["idol"]}}, {"resolve": {}},
                    {"resolve": {}}, {"resolve": {}}],
        "expect": {"life": {"alice": 25, "bob": 17}, "zones": {"alice": {"hand_count": 1}},
                   "objects": {"idol": {"zone": "exile"}}}}
    _play(scn, LAST_CARDS)


# -- triggered mana abilities (605.1b) -----------------------------------------------------------
def test_mana_trigger_texts_compile_to_add_mana_for_that_player() -> None:
    cards = [
        _card("Frost Spring", "Enchantment", "Whenever a player taps a snow land for mana, that "
              "player adds one mana of any type that land produced."),
        _card("Bloom Halo", "Enchantment — Aura", "Enchant land\nWhenever enchanted land is "
              "tapped for mana, its controller adds an additional {R}."),
    ]
    for card in cards:
        _runs(card)
    spring = compile_card(cards[0]).faces[0].abilities[0]
    assert spring.trigger.filter.supertypes == ("snow",)
    add = spring.effects[0]
    assert (add.produced, add.player.kind) == (True, "that_player")
    halo = compile_card(cards[1]).faces[0].abilities[-1]
    assert (halo.trigger.subject.kind, halo.effects[0].mana) == ("enchanted", "{R}")


# -- "attacks you or a planeswalker you control"; "When X or whenever Y" -------------------------
def test_attacks_you_and_or_whenever() -> None:
    cards = [
        _card("Toll Warden", "Creature — Human", "Whenever a creature attacks you or a "
              "planeswalker you control, that creature's controller loses 1 life.",
              power="1", toughness="4"),
        _card("Home Guard", "Creature — Human", "Whenever a creature attacks you, you gain 1 "
              "life.", power="1", toughness="1"),
        _card("Raider", "Creature — Orc", "", power="2", toughness="1"),
        _card("Twin Herald", "Creature — Bird", "When Twin Herald enters or whenever you cast "
              "a spell with mana value 6 or greater, you gain 2 life.", power="1",
              toughness="1"),
    ]
    for card in cards:
        _runs(card)
    herald = compile_card(cards[3]).faces[0].abilities[0].trigger
    assert (herald.event, herald.alternatives[0].event) == ("enters", "cast")
    scn = {"name": "attacks you", "state": {"step": "beginning_of_combat", "players": {
        "alice": {"battlefield": [{"card": "Raider", "id": "r1"}, {"card": "Raider", "id": "r2"},
                                  "Home Guard"]},
        "bob": {"battlefield": ["Toll Warden", "Home Guard"]}}},
        "actions": [{"alice": {"attack": {"r1": "bob", "r2": "bob"}}},
                    {"resolve": {}}, {"resolve": {}}, {"resolve": {}}, {"resolve": {}}],
        # bob's two abilities trigger twice each; alice's Home Guard not at all (alice attacks)
        "expect": {"life": {"alice": 18, "bob": 22}, "stack": []}}
    _play(scn, cards)


# -- zones cast from, token batches, gain-or-lose, per-counter, mill, opponent's turn, doors ------
MISC_CARDS = [
    _card("Grave Caller", "Creature — Zombie", "Whenever you cast a spell from your graveyard, "
          "you gain 2 life.\nWhenever one or more cards leave your graveyard, you gain 1 life.",
          power="1", toughness="1"),
    _card("Ember Recast", "Sorcery", "Ember Recast deals 1 damage to any target.\nFlashback {R}",
          cost="{R}"),
    _card("Token Tally", "Artifact", "Whenever you create one or more tokens, you gain 1 life."),
    _card("Twin Spirits", "Sorcery", "Create two 1/1 white Spirit creature tokens.", cost="{R}"),
    _card("Life Ledger", "Artifact", "Whenever you gain or lose life, draw a card."),
    _card("Blood Toll", "Sorcery", "Each player loses 1 life. You gain 3 life.", cost="{R}"),
    _card("Counter Sponge", "Creature — Ooze", "Whenever a +1/+1 counter is put on Counter "
          "Sponge, you gain 1 life.", power="0", toughness="1"),
    _card("Triple Feed", "Instant", "Put three +1/+1 counters on target creature.", cost="{R}"),
    _card("Mill Watcher", "Creature — Bird", "Whenever you mill one or more cards, you gain 1 "
          "life.", power="1", toughness="1"),
    _card("Deep Dredge", "Sorcery", "Mill three cards.", cost="{R}"),
    _card("Night Owl", "Creature — Bird", "Whenever you cast your first spell during each "
          "opponent's turn, you gain 5 life.", power="1", toughness="1"),
    _card("Quick Jolt", "Instant", "Quick Jolt deals 1 damage to any target.", cost="{R}"),
    _card("First Light", "Creature — Cleric", "Whenever you gain life for the first time each "
          "turn, put a +1/+1 counter on First Light.", power="1", toughness="1"),
]


def test_misc_trigger_texts_compile_and_run() -> None:
    for card in MISC_CARDS:
        _runs(card)
    _runs(_card("Dice Fan", "Creature — Human", "Whenever you roll a die, you gain 1 life.",
                power="1", toughness="1"))
    _runs(_card("Door Fan", "Creature — Human", "Whenever you unlock a door, you gain 1 life."
                "\nWhenever you fully unlock a Room, draw a card.", power="1", toughness="1"))


def test_cast_from_graveyard_and_leaving_it() -> None:
    """601.2a: cast from the graveyard, the card leaves it: both abilities; from the hand,
    neither."""
    scn = {"name": "graveyard cast", "state": {"players": {
        "alice": {"hand": ["Ember Recast"], "graveyard": ["Ember Recast"],
                  "battlefield": ["Mountain", "Mountain", "Grave Caller"]}}},
        "actions": [{"alice": {"cast": "Ember Recast", "targets": ["bob"]}},
                    {"expect": {"stack": ["Ember Recast"]}}, {"resolve": {}},
                    {"alice": {"cast": "Ember Recast", "from": "graveyard", "targets": ["bob"]}},
                    {"resolve": {}}, {"resolve": {}}, {"resolve": {}}],
        "expect": {"life": {"alice": 23, "bob": 18}, "stack": []}}
    _play(scn, MISC_CARDS)


def test_token_batch_gain_or_lose_per_counter_and_mill() -> None:
    scn = {"name": "misc", "state": {"players": {
        "alice": {"hand": ["Twin Spirits", "Blood Toll", "Triple Feed", "Deep Dredge"],
                  "battlefield": ["Mountain"] * 4 + [
                      "Token Tally", "Life Ledger", {"card": "Counter Sponge", "id": "sponge"},
                      "Mill Watcher", {"card": "First Light", "id": "light"}],
                  "library": [{"card": "Island", "count": 10}]}}},
        "actions": [
            # two tokens at once: Token Tally once (+1 life: First Light, Life Ledger)
            {"alice": {"cast": "Twin Spirits"}}, {"resolve": {}},
            {"expect": {"stack": ["Token Tally"]}}, {"resolve": {}},
            {"expect": {"stack": ["First Light", "Life Ledger"]}},
            {"resolve": {}}, {"resolve": {}},
            # a loss and a gain: Life Ledger twice; First Light not again this turn
            {"alice": {"cast": "Blood Toll"}}, {"resolve": {}},
            {"expect": {"stack": ["Life Ledger", "Life Ledger"]}},
            {"resolve": {}}, {"resolve": {}},
            # three counters: Counter Sponge three times (each gain: Life Ledger)
            {"alice": {"cast": "Triple Feed", "targets": ["sponge"]}}, {"resolve": {}},
            {"expect": {"stack": ["Counter Sponge", "Counter Sponge", "Counter Sponge"]}},
            {"resolve": {}}, {"resolve": {}}, {"resolve": {}}, {"resolve": {}},
            {"resolve": {}}, {"resolve": {}},
            {"alice": {"cast": "Deep Dredge"}}, {"resolve": {}},
            {"expect": {"stack": ["Mill Watcher"]}}, {"resolve": {}}, {"resolve": {}}],
        "expect": {"stack": [], "life": {"alice": 27, "bob": 19},
                   "objects": {"light": {"counters": {"+1/+1": 1}},
                               "sponge": {"counters": {"+1/+1": 3}}},
                   "zones": {"alice": {"hand_count": 7, "library_count": 0}}}}
    _play(scn, MISC_CARDS)


def test_first_spell_during_each_opponents_turn() -> None:
    scn = {"name": "opponent's turn", "state": {"turn": 2, "active": "bob", "players": {
        "alice": {"hand": ["Quick Jolt", "Quick Jolt"],
                  "battlefield": ["Mountain", "Mountain", "Night Owl"]}}},
        "actions": [{"bob": "pass"}, {"alice": {"cast": "Quick Jolt", "targets": ["bob"]}},
                    {"resolve": {}}, {"resolve": {}}, {"bob": "pass"},
                    {"alice": {"cast": "Quick Jolt", "targets": ["bob"]}},
                    {"expect": {"stack": ["Quick Jolt"]}}, {"resolve": {}}],
        "expect": {"life": {"alice": 25, "bob": 18}}}
    _play(scn, MISC_CARDS)


def test_simulated_player_is_offered_the_unlock_special_action() -> None:
    """simulate.candidate_moves offers 709.5e for a Room with a locked door, as a sorcery."""
    from rules_engine import simulate

    scn = {"name": "sim unlock", "state": {"players": {"alice": {
        "battlefield": ["Island"] * 4 + [{"card": "Dusty Study // Hidden Vault", "id": "room",
                                          "unlocked": ["Dusty Study"]}],
        "library": [{"card": "Island", "count": 3}]}}}}
    runner = Runner(scn, DictCardSource(ROOM_CARDS + LANDS))
    game = runner.setup()
    from rules_engine import turn

    turn.give_priority(game, game.players[0])
    room = runner.labels["room"]
    assert ("unlock", room) in simulate.candidate_moves(game)
    assert simulate.apply_move(game, ("unlock", room))
    assert room.doors == 3 and room.name == "Dusty Study // Hidden Vault"
    assert ("unlock", room) not in simulate.candidate_moves(game)
