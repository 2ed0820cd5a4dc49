"""Engine gaps found by the adversarial scenario audit, each shown with invented cards.

Why: scenarios written by strangers from the seed pages picked cards our own scenarios never
used (Wolfkin Outcast // Wedding Crasher, Sunstreak Phoenix); two general rules were missing:

- 603.10a: "Whenever ~ or another <kind> you control dies" looks back in time for the "~"
  half too, with the abilities the permanent had as it left (e.g. its transformed face's);
- "the player whose turn it is may ..." (Obeka, Brute Chronologist) is the active player's
  decision and action, whoever controls the ability;
- 508.4: a token created "tapped and attacking" attacks (a defending player its controller
  chooses) without being declared, and deals combat damage;
- "it" in a triggered ability whose event is about a player only (a step beginning) is the
  source: "At the beginning of your upkeep, if this creature isn't prepared, it becomes
  prepared" (Woodwork Prodigy);
- mana that "you don't lose as steps and phases end" stays until end of turn (500.4);
- "basic land cards and/or Gate cards": either description will do (a search finds both);
- 113.6m: a triggered ability whose effect returns the card itself from its graveyard
  functions only in the graveyard (and not on the battlefield).
"""

from __future__ import annotations

import yaml

from rules_engine.cards import ChainCardSource, DictCardSource
from rules_engine.scenario import run_scenario

HOWLER = {
    "object": "card", "name": "Dusk Pup // Dusk Howler", "layout": "transform",
    "type_line": "Creature — Human Werewolf // Creature — Werewolf",
    "card_faces": [
        {"name": "Dusk Pup", "mana_cost": "{1}{G}", "type_line": "Creature — Human Werewolf",
         "oracle_text": "Daybound", "power": "2", "toughness": "2", "colors": ["G"]},
        {"name": "Dusk Howler", "mana_cost": "", "type_line": "Creature — Werewolf",
         "oracle_text": "Whenever Dusk Howler or another Wolf or Werewolf you control dies, "
                        "draw a card.\nNightbound", "power": "3", "toughness": "3",
         "colors": ["G"]},
    ],
}
KENNEL = {
    "object": "card", "name": "Kennel Keeper", "layout": "normal", "mana_cost": "{1}{W}",
    "type_line": "Creature — Dog", "power": "2", "toughness": "1", "colors": ["W"],
    "oracle_text": "Whenever Kennel Keeper or another Dog you control dies, you gain 2 life.",
}
EMBER = {
    "object": "card", "name": "Ember Lark", "layout": "normal", "mana_cost": "{1}{R}",
    "type_line": "Creature — Bird", "power": "2", "toughness": "1", "colors": ["R"],
    "oracle_text": "Flying\nWhenever day becomes night or night becomes day, you may pay {R}. "
                   "If you do, return Ember Lark from your graveyard to the battlefield.",
}


VERDICT = {
    "object": "card", "name": "Twin Verdict", "layout": "normal", "mana_cost": "{W}",
    "type_line": "Instant", "colors": ["W"],
    "oracle_text": "Choose one —\n• Mercy — Target player gains 3 life.\n• Target player loses "
                   "1 life. (Life lost isn't damage.)",
}

LEVER = {
    "object": "card", "name": "Chrono Lever", "layout": "normal", "mana_cost": "{2}",
    "type_line": "Artifact", "colors": [],
    "oracle_text": "{T}: The player whose turn it is may draw a card.",
}

HORN = {
    "object": "card", "name": "Rally Horn", "layout": "normal", "mana_cost": "{2}{R}",
    "type_line": "Enchantment", "colors": ["R"],
    "oracle_text": "Whenever you attack, create a 1/1 red Goblin creature token that's tapped "
                   "and attacking.",
}

LESSON = {
    "object": "card", "name": "Patient Scholar // Quiet Lesson", "layout": "prepare",
    "type_line": "Creature — Human Wizard // Sorcery", "mana_cost": "{1}{U} // {U}",
    "card_faces": [
        {"name": "Patient Scholar", "mana_cost": "{1}{U}", "type_line": "Creature — Human Wizard",
         "oracle_text": "At the beginning of your upkeep, if this creature isn't prepared, it "
                        "becomes prepared.", "power": "1", "toughness": "1", "colors": ["U"]},
        {"name": "Quiet Lesson", "mana_cost": "{U}", "type_line": "Sorcery",
         "oracle_text": "Draw a card.", "colors": ["U"]},
    ],
}

FORAGER = {
    "object": "card", "name": "Trailside Forager", "layout": "normal", "mana_cost": "{1}{G}",
    "type_line": "Creature — Elf Scout", "power": "2", "toughness": "2", "colors": ["G"],
    "oracle_text": "Whenever Trailside Forager attacks, add {G}. Until end of turn, you don't "
                   "lose this mana as steps and phases end.",
}
SEEKER = {
    "object": "card", "name": "Gate Seeker", "layout": "normal", "mana_cost": "{G}",
    "type_line": "Sorcery", "colors": ["G"],
    "oracle_text": "Search your library for up to two basic land cards and/or Gate cards, put "
                   "them onto the battlefield tapped, then shuffle.",
}


def _play(text: str, sample_source) -> list[str]:
    source = ChainCardSource([DictCardSource([HOWLER, KENNEL, EMBER, VERDICT, LEVER, HORN,
                                              LESSON, FORAGER, SEEKER]), sample_source])
    result = run_scenario(yaml.safe_load(text), source)
    return result.failures


def test_self_or_another_dies_trigger_looks_back_for_itself(sample_source) -> None:
    assert _play("""
name: Kennel Keeper dies to a Shock and its own trigger gains 2 life
state:
  players:
    alice: {battlefield: [{card: Kennel Keeper, id: k}]}
    bob: {hand: [Shock], battlefield: [Mountain]}
actions:
  - alice: pass
  - bob: {cast: Shock, targets: [k]}
  - resolve: {}
  - expect: {stack: [Kennel Keeper]}
  - resolve: {}
expect: {life: {alice: 22}, zones: {alice: {graveyard: [Kennel Keeper]}}}
""", sample_source) == []


def test_the_look_back_uses_the_face_it_had(sample_source) -> None:
    """The night face's dies trigger works though the card in the graveyard is the day face."""
    assert _play("""
name: Dusk Howler (night face) dies and draws
state:
  day_night: night
  players:
    alice:
      battlefield: [{card: Dusk Pup, face: back, id: h}]
      library: [{card: Forest, count: 3}]
    bob: {hand: [Lightning Bolt], battlefield: [Mountain]}
actions:
  - alice: pass
  - bob: {cast: Lightning Bolt, targets: [h]}
  - resolve: {}
  - resolve: {}
expect: {zones: {alice: {graveyard: [Dusk Pup], hand_count: 1}}}
""", sample_source) == []


def test_a_return_from_graveyard_trigger_works_only_there(sample_source) -> None:
    """113.6m: from the graveyard it triggers and returns the card; the copy on the
    battlefield does not trigger at all."""
    assert _play("""
name: Ember Lark returns from the graveyard as day becomes night; the one on the battlefield
  doesn't trigger
strict: true
state:
  day_night: day
  players:
    alice:
      graveyard: [{card: Ember Lark, id: dead}]
      battlefield: [{card: Ember Lark, id: alive}, Mountain]
      library: [{card: Mountain, count: 3}]
    bob: {library: [{card: Mountain, count: 3}]}
actions:
  - advance: {turn: 2, step: upkeep}
  - expect: {day_night: night, stack: [Ember Lark]}
  - resolve: {choices: {alice: [yes]}}
expect:
  stack: []
  objects: {dead: {zone: battlefield}, alive: {zone: battlefield}}
""", sample_source) == []


def test_a_mode_is_answered_by_its_printed_text(sample_source) -> None:
    """700.2: a mode may be named as printed (reminder text, flavor word and final period
    optional), or by its number."""
    for answer in ("Target player gains 3 life.", "Mercy — Target player gains 3 life.", 1):
        assert _play(f"""
name: the first mode by {answer!r}
strict: true
state:
  players:
    alice: {{hand: [Twin Verdict], battlefield: [Plains]}}
actions:
  - alice: {{cast: Twin Verdict, choices: [{answer!r}, alice]}}
  - resolve: {{}}
expect: {{life: {{alice: 23}}}}
""", sample_source) == [], answer
    assert _play("""
name: the second mode, with its reminder text
strict: true
state:
  players:
    alice: {hand: [Twin Verdict], battlefield: [Plains]}
actions:
  - alice:
      cast: Twin Verdict
      choices: ["Target player loses 1 life. (Life lost isn't damage.)", bob]
  - resolve: {}
expect: {life: {bob: 19}}
""", sample_source) == []


def test_the_player_whose_turn_it_is_decides_and_acts(sample_source) -> None:
    assert _play("""
name: bob's Chrono Lever on alice's turn lets alice draw
strict: true
state:
  players:
    alice: {library: [{card: Plains, count: 3}]}
    bob: {battlefield: [Chrono Lever], library: [{card: Island, count: 3}]}
actions:
  - alice: pass
  - bob: {activate: Chrono Lever}
  - resolve: {choices: {alice: [yes]}}
expect: {zones: {alice: {hand_count: 1}, bob: {hand_count: 0}}}
""", sample_source) == []


def test_a_token_created_attacking_attacks_and_deals_damage(sample_source) -> None:
    assert _play("""
name: Rally Horn's Goblin enters tapped and attacking bob
strict: true
state:
  players:
    alice:
      battlefield: [Rally Horn, {card: Grizzly Bears, id: bears}]
      library: [{card: Plains, count: 3}]
    bob: {library: [{card: Plains, count: 3}]}
actions:
  - alice: {attack: {bears: bob}}
  - resolve: {}
  - advance: {turn: 1, step: end_of_combat}
expect:
  life: {bob: 17}
  objects: {Goblin: {tapped: true}}
""", sample_source) == []


def test_it_in_an_upkeep_trigger_is_the_source(sample_source) -> None:
    assert _play("""
name: Patient Scholar becomes prepared at alice's upkeep
state:
  turn: 2
  active: bob
  players:
    alice:
      battlefield: [{card: Patient Scholar, id: s}]
      library: [{card: Island, count: 3}]
    bob: {library: [{card: Island, count: 3}]}
actions:
  - advance: {turn: 3, step: upkeep}
  - resolve: {}
expect:
  objects: {s: {prepared: true}}
  zones: {alice: {exile: [Quiet Lesson]}}
""", sample_source) == []


def test_mana_kept_until_end_of_turn(sample_source) -> None:
    assert _play("""
name: Trailside Forager's {G} from its attack pays for Giant Growth in the damage step
strict: true
state:
  players:
    alice:
      battlefield: [{card: Trailside Forager, id: f}]
      hand: [Giant Growth]
      library: [{card: Forest, count: 3}]
    bob: {library: [{card: Forest, count: 3}]}
actions:
  - alice: {attack: {f: bob}}
  - resolve: {}
  - advance: {step: combat_damage}
  - alice: {cast: Giant Growth, targets: [f]}
  - resolve: {}
  - advance: {step: main2}
  - alice: {cast: Giant Growth, targets: [f], expect_error: "601.2"}
expect: {objects: {f: {power: 5}}, life: {bob: 18}}
""".replace("hand: [Giant Growth]", "hand: [Giant Growth, Giant Growth]"), sample_source) == []


def test_a_search_for_either_of_two_descriptions(sample_source) -> None:
    assert _play("""
name: Gate Seeker finds a basic land (either description fits)
strict: true
state:
  players:
    alice:
      hand: [Gate Seeker]
      battlefield: [Forest]
      library: [Plains, Grizzly Bears, Island]
actions:
  - alice: {cast: Gate Seeker}
  - resolve: {choices: {alice: [Plains, Island]}}
expect:
  zones: {alice: {library: [Grizzly Bears]}}
  objects: {Plains: {tapped: true, zone: battlefield}, Island: {tapped: true}}
""", sample_source) == []
