"""Clause families of the mechanics' home sets (invented card names): coven's "creatures with
different powers" condition, and a paragraph "[Ability word —] If <condition>, <effect>
instead." replacing the previous paragraph's effect of an instant or sorcery (614.1a)."""

from __future__ import annotations

import pytest

from rules_engine import abilities as ab
from rules_engine import support
from rules_engine.text.compiler import compile_card


def _compiled(text: str, type_line: str = "Sorcery"):
    card = {"name": "Marsh Lantern Rite", "type_line": type_line, "oracle_text": text}
    compiled = compile_card(card)
    assert compiled.fully_supported, compiled.unsupported
    assert support.not_run(compiled) == ()
    return compiled.faces[0].abilities


def _conds(abilities) -> list:
    out = []
    for a in abilities:
        if getattr(a, "condition", None) is not None:
            out.append(a.condition)
        for e in ab.iter_effects((a,)):
            if getattr(e, "condition", None) is not None:
                out.append(e.condition)
    return out


@pytest.mark.parametrize("text, by, n", [
    ("Coven — At the beginning of your upkeep, if you control three or more creatures with "
     "different powers, draw a card.", "power", 3),
    ("{2}: Draw a card. Activate only if you control two or more artifacts with different "
     "names.", "name", 2),
    ("Coven — Whenever Marsh Lantern Rite attacks, if you control four or more creatures with "
     "different mana values, you gain 2 life.", "mana value", 4),
])
def test_different_values_condition(text: str, by: str, n: int) -> None:
    conds = [c for c in _conds(_compiled(text, "Creature — Human")) if
             c.kind == "control_different"]
    assert conds and conds[0].detail == by and conds[0].amount.value == n


@pytest.mark.parametrize("first, second", [
    ("Creatures you control get +1/+0 until end of turn.",
     "Coven — If you control three or more creatures with different powers, creatures you "
     "control get +2/+2 until end of turn instead."),
    ("Each opponent loses 2 life.",
     "Infusion — If you gained life this turn, each opponent loses 4 life instead."),
    ("Draw a card.", "If you control three or more creatures with different powers, instead "
                     "draw two cards."),
])
def test_instead_paragraph_replaces_the_previous_one(first: str, second: str) -> None:
    abilities = _compiled(first + "\n" + second)
    spells = [a for a in abilities if isinstance(a, ab.SpellAbility)]
    assert len(spells) == 1  # one instruction list: the second paragraph replaces the first
    assert any(isinstance(e, ab.Conditional) for e in ab.iter_effects(tuple(spells)))


def test_an_instead_paragraph_of_a_permanent_is_left_alone() -> None:
    card = {"name": "Quiet Warden", "type_line": "Creature — Elf",
            "oracle_text": "Flying\nIf you gained life this turn, draw a card instead."}
    abilities = compile_card(card).faces[0].abilities
    assert not any(isinstance(a, ab.SpellAbility) for a in abilities)


@pytest.mark.parametrize("tail, kinds", [
    ("put that many +1/+1 counters on Briarcoat Rival.", [ab.PutCounters]),
    ("put that many +1/+1 counters on Briarcoat Rival, then create twice that many 1/1 "
     "green Saproling creature tokens.", [ab.PutCounters, ab.CreateToken]),
    ("draw that many cards.", [ab.Draw]),
])
def test_pay_any_number_of_times_then_reflexive(tail: str, kinds: list) -> None:
    card = {"name": "Briarcoat Rival", "type_line": "Creature — Elf",
            "oracle_text": "When Briarcoat Rival enters, you may pay {1}{G} any number of "
                           "times. When you pay this cost one or more times, " + tail}
    compiled = compile_card(card)
    assert compiled.fully_supported, compiled.unsupported
    assert support.not_run(compiled) == ()
    trig = compiled.faces[0].abilities[0]
    pay, cond = trig.effects
    assert isinstance(pay, ab.PayCost) and pay.times == "any"  # no extra "may" around it
    assert isinstance(cond, ab.Conditional)
    reflexive = cond.effects[0]
    assert isinstance(reflexive, ab.DelayedTrigger)
    assert reflexive.ability.trigger.event == "reflexive"
    found = [type(e) for e in ab.iter_effects(reflexive.ability.effects)]
    assert all(k in found for k in kinds)


@pytest.mark.parametrize("condition, kind", [
    ("a creature died this turn", "creatures_died_this_turn"),
    ("you've gained life this turn", "life_gained_this_turn"),
    ("you control three or more creatures with different powers", "control_different"),
])
def test_cast_only_if(condition: str, kind: str) -> None:
    abilities = _compiled(f"Cast this spell only if {condition}.\nDraw a card.")
    static = abilities[0]
    assert isinstance(static, ab.StaticAbility) and static.condition.kind == kind
    assert isinstance(static.effects[0], ab.Restriction)
    assert static.effects[0].kind == "cast_only_if"


@pytest.mark.parametrize("text, type_line, kind, keywords", [
    ("Up to one target creature becomes a Bird with base power and toughness 1/1 and flying "
     "until end of turn.", "Instant", ab.Animate, ["flying"]),
    ("Target creature becomes a blue Fish with base power and toughness 0/1 and hexproof and "
     "defender until end of turn.", "Instant", ab.Animate, ["hexproof", "defender"]),
    ("Up to one target creature has base power and toughness 0/2 until your next turn.",
     "Sorcery", ab.SetBasePT, []),
])
def test_base_pt_with_duration(text: str, type_line: str, kind: type, keywords: list) -> None:
    effects = [e for a in _compiled(text, type_line) for e in ab.iter_effects((a,))
               if isinstance(e, kind)]
    assert effects and effects[0].duration is not None
    if keywords:
        assert [k.name for k in effects[0].keywords] == keywords


@pytest.mark.parametrize("text", [
    "As long as it's your turn, Marsh Lantern Rite is a Bear with base power and toughness 4/2.",
    "Marsh Lantern Rite is a Bear with base power and toughness 4/2 as long as you control a "
    "Forest.",
])
def test_static_is_a_type_with_base_pt(text: str) -> None:
    abilities = _compiled(text, "Creature — Elf")
    static = abilities[0]
    assert isinstance(static, ab.StaticAbility) and static.condition is not None
    animate = static.effects[0]
    assert isinstance(animate, ab.Animate) and animate.subtypes == ("Bear",)
    assert (animate.power.value, animate.toughness.value) == (4, 2)


@pytest.mark.parametrize("text", [
    "Whenever a creature enters under your control this turn, put a +1/+1 counter on it.",
    "Draw a card. Whenever a creature or enchantment enters under your control this turn, "
    "draw a card.",
    "Whenever you cast an instant or sorcery spell this turn, you gain 1 life.",
])
def test_whenever_this_turn_is_a_repeating_delayed_trigger(text: str) -> None:
    delayed = [e for a in _compiled(text) for e in ab.iter_effects((a,))
               if isinstance(e, ab.DelayedTrigger)]
    assert len(delayed) == 1 and delayed[0].this_turn
    assert "this turn" not in delayed[0].ability.trigger.text


@pytest.mark.parametrize("text", [
    "Shuffle up to three target cards from your graveyard into your library.",
    "You may shuffle target creature card from your graveyard into your library.",
    "Shuffle Marsh Lantern Rite into its owner's library.",
])
def test_shuffle_into_library_moves_and_shuffles(text: str) -> None:
    moves = [e for a in _compiled(text) for e in ab.iter_effects((a,))
             if isinstance(e, ab.MoveToZone)]
    assert moves and moves[0].to_zone == "library_shuffled"


def test_cast_from_anywhere_other_than_your_hand() -> None:
    abilities = _compiled("Draw a card. Then if this spell was cast from anywhere other than "
                          "your hand, draw a card.")
    conds = [c for c in _conds(abilities) if c.kind == "cast_from"]
    assert conds and conds[0].detail == "not_hand"


@pytest.mark.parametrize("text, kind", [
    ("Draw two cards. Then discard a card unless you gained life this turn.",
     "life_gained_this_turn"),
    ("You lose 2 life unless you control a Swamp.", "you_control"),
])
def test_instruction_unless_condition(text: str, kind: str) -> None:
    conds = [c for c in _conds(_compiled(text)) if c.kind == kind]
    assert conds and conds[0].negated


def test_unless_pays_is_not_a_condition() -> None:
    abilities = _compiled("Counter target spell unless its controller pays {2}.", "Instant")
    assert not any(isinstance(e, ab.Conditional) for a in abilities
                   for e in ab.iter_effects((a,)))


@pytest.mark.parametrize("phrase, counter, controller", [
    ("creature you don't control with a slime counter on it", "slime", "not_you"),
    ("creature with an oil counter on it", "oil", None),
    ("creature you control with a +1/+1 counter on it", "+1/+1", "you"),
])
def test_named_counter_qualifier(phrase: str, counter: str, controller: str | None) -> None:
    from rules_engine import targeting
    from rules_engine.text.nouns import parse_filter

    flt = parse_filter(phrase)
    assert flt is not None and flt.controller == controller
    q = [q for q in flt.qualifiers if "counter on it" in q]
    assert q and counter in q[0] and targeting.qualifier_understood(q[0])


@pytest.mark.parametrize("phrase, n", [
    ("creature you control with flying, deathtouch, and/or lifelink", 3),
    ("creature with flying or reach", 2),
    ("creature with flying and/or lifelink", 2),
])
def test_keyword_alternatives_filter(phrase: str, n: int) -> None:
    from rules_engine.text.nouns import parse_filter

    flt = parse_filter(phrase)
    assert flt is not None and len(flt.any_of) == n
    assert all(any(q.startswith("with ") for q in alt.qualifiers) for alt in flt.any_of)
