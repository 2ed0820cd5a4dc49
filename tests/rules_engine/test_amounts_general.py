"""The general families of worded amounts (rules_engine.amounts): each phrase is computed on a
real game set up by the scenario runner, and effects.amount_understood agrees with what
described_amount computes (the audit and the engine read the same grammar)."""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import effects
from rules_engine.cards import DictCardSource
from rules_engine.objects import StackAbility
from rules_engine.scenario import Runner


def _card(name: str, type_line: str, text: str = "", cost: str = "{2}", **extra: Any) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": cost,
            "type_line": type_line, "oracle_text": text, "colors": [], "keywords": [], **extra}


CARDS = [
    _card("Qty Warrior", "Creature — Human Warrior", power="2", toughness="2"),
    _card("Qty Wizard Cleric", "Creature — Elf Wizard Cleric", cost="{1}{U}", power="1",
          toughness="3"),
    _card("Qty Ogre", "Creature — Ogre", cost="{3}{R}", power="4", toughness="4"),
    _card("Qty Marsh", "Land — Swamp"),
    _card("Qty Charm", "Instant", cost="{1}{B}"),
    _card("Qty Tallier", "Creature — Elf", power="1", toughness="1"),
]


def _game() -> Any:
    runner = Runner({"name": "amounts", "state": {"players": {
        "alice": {"battlefield": [{"card": "Qty Warrior", "counters": {"+1/+1": 1}},
                                  "Qty Wizard Cleric", "Qty Tallier", "Qty Tallier",
                                  "Qty Marsh"],
                  "hand": ["Qty Charm", "Qty Charm"],
                  "graveyard": ["Qty Tallier", "Qty Ogre"],
                  "exile": ["Qty Charm"]},
        "bob": {"battlefield": [{"card": "Qty Ogre", "tapped": True}, "Qty Marsh",
                                "Qty Marsh"],
                "hand": ["Qty Charm", "Qty Charm", "Qty Charm", "Qty Charm", "Qty Charm"]}}}},
        DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0], game.players[1]


def _named(game: Any, name: str, controller: Any = None) -> Any:
    return next(o for o in game.battlefield
                if o.name == name and (controller is None or o.controller is controller))


def _check(game: Any, ctx: Any, you: Any, src: Any, cases: dict[str, int]) -> None:
    for text, want in cases.items():
        assert effects.amount_understood(text), text
        assert effects.described_amount(game, text, you, src, ctx) == want, text


def test_arithmetic_and_sums() -> None:
    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    ctx = effects.Ctx(game, src, alice)
    _check(game, ctx, alice, src, {
        "for each creature you control and each creature card in your graveyard": 4 + 2,
        "the number of cards in your hand minus the number of Swamps you control": 2 - 1,
        "one plus the number of creatures you control": 5,
        "half the number of creatures you control, rounded up": 2,
        "half the number of cards in your hand, rounded down": 1,
        "for each creature you control, to a maximum of 3": 3,
        "the total number of cards you own in exile and in your graveyard": 1 + 2,
        "1 plus the number of cards named ~ in your graveyard": 1,
    })


def test_another_players_point_of_view() -> None:
    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    item = StackAbility(game.new_id(), "test", src, alice, [])
    item.targets = [bob]
    ctx = effects.Ctx(game, src, alice, item)
    _check(game, ctx, alice, src, {
        "for each Swamp target opponent controls": 2,
        "for each tapped creature target player controls": 1,
        "equal to the number of cards in that player's hand": 5,
        "the number of cards in that player's hand minus the number of cards in your hand": 3,
        "equal to the number of cards in the hand of the opponent with the most cards in hand": 5,
        "equal to the greatest number of creatures a player controls": 4,
        "the number of creature cards in defending player's graveyard": 0,
        # (an owner in a zone phrase counts: alice's own graveyard holds the two)
        "the number of creature cards in an opponent's graveyard": 0,
        "the number of creature cards in your graveyard": 2,
    })


def test_what_the_ability_acted_on() -> None:
    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    ctx = effects.Ctx(game, src, alice)
    ctx.those = [o for o in alice.graveyard] + [_named(game, "Qty Ogre", bob)]
    ctx.count = 3
    _check(game, ctx, alice, src, {
        "for each of those creatures": 3,
        "for each creature card put into your graveyard this way": 2,
        "equal to the number of cards revealed this way": 3,
        "equal to the total mana value of the discarded cards": 2 + 4 + 4,
        "equal to the greatest power among creatures sacrificed this way": 4,
        "for each 1 damage prevented this way": 3,
    })


def test_one_objects_characteristics() -> None:
    game, alice, bob = _game()
    src = _named(game, "Qty Tallier")
    ogre = _named(game, "Qty Ogre", bob)
    item = StackAbility(game.new_id(), "test", src, alice, [])
    item.targets = [_named(game, "Qty Wizard Cleric")]
    ctx = effects.Ctx(game, src, alice, item)
    ctx.it = ogre
    _check(game, ctx, alice, src, {
        "equal to the power of target creature you control": 1,
        "the mana value of that card": 4,
        "the milled card's mana value": 4,
        "for each of its creature types": 1,
    })
    ctx.it = _named(game, "Qty Wizard Cleric")
    assert effects.described_amount(game, "for each of its creature types", alice, src,
                                    ctx) == 3


def test_this_turn_and_sets() -> None:
    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    ctx = effects.Ctx(game, src, alice)
    game.log("damage_dealt", source=src, recipient=bob, amount=3, combat=True)
    game.lose_life(bob, 3)
    game.log("damage_dealt", source=src, recipient=alice, amount=1, combat=False)
    src.damage = 2
    _check(game, ctx, alice, src, {
        "the damage dealt to your opponents this turn": 3,
        "equal to the damage already dealt to it this turn": 2,
        # 700.8: Warrior, and the Wizard Cleric fills one place only
        "for each creature in your party": 2,
        "for each kind of counter among permanents you control": 1,
        "equal to the number of permanents you control that are Swamps and/or Humans": 2,
        "for each Elf you already control": 3,
    })
    ctx.it = _named(game, "Qty Tallier")  # an Elf: the other Elf and the Wizard Cleric share it
    assert effects.described_amount(
        game, "for each other creature you control that shares a creature type with it", alice,
        src, ctx) == 2
    ctx.it = bob
    assert effects.described_amount(game, "equal to the life they lost this turn", alice, src,
                                    ctx) == 3


def test_unknown_words_are_not_understood() -> None:
    for text in ("for each nonland permanent with art by the artist of your choice",
                 "the number of blorps you glorp"):
        assert not effects.amount_understood(text), text


def test_static_amounts_count_each_subject() -> None:
    """613: "Creatures you don't control get -1/-1 for each slime counter on them": "them" is
    each creature the ability modifies, recounted at every rebuild."""
    from rules_engine import statics

    game, alice, bob = _game()
    ogre = _named(game, "Qty Ogre", bob)
    src = _named(game, "Qty Tallier")
    flt = ab.ObjectFilter(card_types=("creature",), controller="not_you")
    eff = ab.Repeat(count=ab.Amount(text="for each slime counter on them"), effects=(
        ab.ModifyPT(subject=ab.Ref("each", filter=flt), power=ab.Amount(-1),
                    toughness=ab.Amount(-1), duration=None),))
    ogre.counters["slime"] = 3
    statics._apply_effect(game, src, eff, None, None)
    assert (ogre.power, ogre.toughness) == (1, 1)


def test_devotion_and_entered_this_turn() -> None:
    """700.5 devotion (hybrid symbols count once); creatures you had enter this turn."""
    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    ctx = effects.Ctx(game, src, alice)
    cleric = _named(game, "Qty Wizard Cleric")  # {1}{U}
    ogre = _named(game, "Qty Ogre", bob)
    ogre.controller = alice  # {3}{R}, now alice's
    _check(game, ctx, alice, src, {
        "your devotion to blue": 1,
        "your devotion to blue and red": 2,
        "your devotion to black": 0,
    })
    game.log("entered", obj=cleric, player=alice)
    game.log("entered", obj=ogre, player=bob)
    assert effects.described_amount(
        game, "the number of nontoken creatures you had enter under your control this turn",
        alice, src, ctx) == 1


def test_doubling_and_times_x() -> None:
    """701.10e "double the number of counters" reads the counters on the target; "twice X" and
    "five times X" multiply the X announced (107.3)."""
    game, alice, bob = _game()
    warrior = _named(game, "Qty Warrior")
    item = StackAbility(game.new_id(), "test", warrior, alice, [])
    item.targets = [warrior]
    item.x = 3
    ctx = effects.Ctx(game, warrior, alice, item)
    _check(game, ctx, alice, warrior, {
        "the number of +1/+1 counters on target creature you control": 1,
        "twice X": 6,
        "five times X": 15,
    })


def test_target_qualifiers_with_amounts() -> None:
    """115.1: "creature with mana value less than or equal to the number of lands you control",
    "with the greatest power among creatures they control" (each tied one)."""
    from rules_engine import targeting
    from rules_engine.text.nouns import parse_filter

    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    flt = parse_filter("creature with mana value less than or equal to the number of lands "
                       "you control")
    assert flt is not None and flt.controller is None
    fits = {o.name for o in game.permanents() if o.is_creature and targeting.matches(
        game, o, flt, alice, src)}
    assert fits == set()  # alice has one land: every creature costs 2 or more
    flt2 = parse_filter("creature with the greatest power among creatures they control")
    assert flt2 is not None and all(targeting.qualifier_understood(q) for q in flt2.qualifiers)
    best = {(o.controller.name, o.name) for o in game.permanents() if o.is_creature and
            targeting.matches(game, o, flt2, alice, src)}
    assert best == {("alice", "Qty Warrior"), ("bob", "Qty Ogre")}


def test_count_conditions() -> None:
    """700.8 "if you have a full party" and "if the number of ... is N or greater": a worded
    count compared with a number, parsed by the condition grammar and run by conditions.py."""
    from rules_engine import conditions
    from rules_engine.text.conditions import parse_condition
    from rules_engine.text.nouns import Ctx as TextCtx

    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    full = parse_condition("you have a full party", TextCtx())
    three = parse_condition("the number of creatures you control is three or greater", TextCtx())
    five = parse_condition("the number of creatures you control is five or greater", TextCtx())
    assert full is not None and three is not None and five is not None
    assert not conditions.holds(game, full, alice, src)  # a Warrior and a Wizard Cleric only
    assert conditions.holds(game, three, alice, src)
    assert not conditions.holds(game, five, alice, src)
    for sub in ("Rogue", "Cleric"):
        extra = game.new_object(game.card_def("Qty Tallier"), alice, "battlefield")
        extra.copy_values = extra.face.copy_with(subtypes=(sub,))
    assert conditions.holds(game, full, alice, src)


def test_either_of_a_subtype_or_a_card_type() -> None:
    """"permanents you control that are Swamps and/or Elves": each permanent that is either,
    counted once (a Swamp land and two Elf creatures here)."""
    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    ctx = effects.Ctx(game, src, alice)
    _check(game, ctx, alice, src, {
        "the number of permanents you control that are Swamps and/or Elves": 1 + 3,
        "for each Elf and/or land you control": 3 + 1,
    })


def test_opponents_zones_counters_on_a_set_and_names() -> None:
    game, alice, bob = _game()
    src = _named(game, "Qty Warrior")
    ctx = effects.Ctx(game, src, alice)
    game.new_object(game.card_def("Qty Ogre"), bob, "graveyard")  # (put in bob's graveyard)
    game.new_object(game.card_def("Qty Marsh"), bob, "graveyard")
    _check(game, ctx, alice, src, {
        "for each nonland card in your opponents' graveyards": 1,
        "equal to the number of creature cards in your opponents' graveyards": 1,
        "for each +1/+1 counter on creatures you control": 1,
        "the number of differently named creatures you control": 3,
        "for each opponent who lost life this turn": 0,
    })
    game.lose_life(bob, 2)
    assert effects.described_amount(game, "for each opponent who lost life this turn", alice,
                                    src, ctx) == 1
