"""Static abilities granted by static abilities (613.1f layer 6, then the granted ability's own
layer): the quoted-static grammar with invented cards, the audit counting the grant as run,
and statics.apply applying each granted instance once (two granters, two bonuses)."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import statics
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from rules_engine.support import not_run
from rules_engine.text.compiler import compile_card
from tests.rules_engine.cardfactory import card as _card

LORD = _card("Grant Herald", "Creature — Elf",
             'Other creatures you control have "This creature gets +1/+1."',
             power="1", toughness="1")
CLASS = _card("Grant Class", "Enchantment — Class", (
    "(Gain the next level as a sorcery to add its ability.)\n"
    "Whenever you gain life, you gain 1 life.\n{1}{W}: Level 2\n"
    "Creatures you control have vigilance."))
CARDS = [LORD, CLASS, _card("Grant Ox", "Creature — Ox", power="2", toughness="2")]


def test_grammar_quoted_static_is_a_static_ability() -> None:
    face = compile_card(LORD).faces[0]
    (outer,) = face.abilities
    grant = outer.effects[0]
    assert isinstance(grant, ab.GrantAbility) and grant.subject.kind == "each"
    (inner,) = grant.abilities
    assert isinstance(inner, ab.StaticAbility)
    assert inner.effects[0].subject.kind == "self"
    assert not_run(compile_card(LORD)) == ()
    assert not_run(compile_card(CLASS)) == ()


def test_each_grant_is_its_own_instance() -> None:
    runner = Runner({"name": "granted", "state": {"players": {
        "alice": {"battlefield": ["Grant Herald", "Grant Herald", "Grant Ox"]}}}},
        DictCardSource(CARDS))
    game = runner.setup()
    statics.apply(game)
    ox = next(o for o in game.battlefield if o.name == "Grant Ox")
    heralds = [o for o in game.battlefield if o.name == "Grant Herald"]
    assert (ox.power, ox.toughness) == (4, 4)  # two heralds, two granted abilities
    assert [(h.power, h.toughness) for h in heralds] == [(2, 2), (2, 2)]  # each pumps the other
    statics.apply(game)  # rebuilt, not stacked up
    assert (ox.power, ox.toughness) == (4, 4)
    assert len(statics._statics(ox)) == 2
