"""Quantity expressions in Oracle text compile to amounts the engine runs (invented cards):
"a number of ... equal to", "<verb>s cards equal to", "Until end of turn, ... for each",
"for each X and has Y", "base power and toughness each equal to", characteristic-defining
abilities, and every compiled amount is one the engine computes (rules_engine.support finds
nothing to report)."""

from __future__ import annotations

import pytest

from rules_engine import abilities as ab
from rules_engine import support
from rules_engine.text.compiler import compile_face_text


def _face(text: str, name: str = "Quillwright Augur", type_line: str = "Sorcery") -> tuple:
    face = compile_face_text(text, name, name, type_line)
    assert not any(isinstance(a, ab.Unsupported) for a in face.abilities), face.abilities
    for a in face.abilities:
        assert not any(isinstance(e, ab.UnsupportedEffect)
                       for e in ab.iter_effects(tuple(getattr(a, "effects", ())))), a
    return face.abilities


def _all_effects(abilities: tuple) -> list:
    return [e for a in abilities for e in ab.iter_effects(tuple(getattr(a, "effects", ())))]


@pytest.mark.parametrize("text, kind", [
    ("Create a number of 1/1 white Spirit creature tokens equal to the number of creatures "
     "you control.", ab.CreateToken),
    ("Put a number of +1/+1 counters on target creature equal to the number of cards in your "
     "hand.", ab.PutCounters),
    ("Add an amount of {G} equal to the number of Elves you control.", ab.AddMana),
    ("Target player mills cards equal to the number of cards in your hand.", ab.Mill),
    ("Exile a number of cards from the top of your library equal to the number of Zombies you "
     "control.", ab.Exile),
    ("Each opponent mills cards equal to the amount of life you gained this turn.", ab.Mill),
])
def test_a_number_equal_to_reads_as_x(text: str, kind: type) -> None:
    abilities = _face(text)
    effects = _all_effects(abilities)
    withx = [e for e in effects if isinstance(e, ab.WithX)]
    assert withx and withx[0].x.text, effects
    assert any(isinstance(e, kind) for e in withx[0].effects)
    assert support.not_run(abilities) == ()


def test_until_end_of_turn_prefix_with_for_each() -> None:
    abilities = _face("Until end of turn, target creature gets +1/+1 for each artifact you "
                      "control.")
    rep = next(e for e in _all_effects(abilities) if isinstance(e, ab.Repeat))
    pump = rep.effects[0]
    assert isinstance(pump, ab.ModifyPT) and pump.duration == ab.Duration("end_of_turn")
    assert rep.count.text == "for each artifact you control"


def test_for_each_ends_before_a_second_verb_phrase() -> None:
    abilities = _face("Equipped creature gets +1/+1 for each Goblin you control and has haste.",
                      "Warband Totem", "Artifact — Equipment")
    static = abilities[0]
    rep, grant = static.effects
    assert rep.count.text == "for each Goblin you control"
    assert isinstance(grant, ab.GrantAbility) and grant.keywords[0].name == "haste"
    assert support.not_run(abilities) == ()


def test_base_power_and_toughness_each_equal_to() -> None:
    abilities = _face("Creatures you control have base power and toughness each equal to the "
                      "number of Shrines you control.", "Shrine Keeper", "Enchantment")
    setpt = abilities[0].effects[0]
    assert isinstance(setpt, ab.SetBasePT)
    assert setpt.power.text == "equal to the number of Shrines you control"
    assert support.not_run(abilities) == ()


def test_characteristic_defining_ability_runs_in_all_zones() -> None:
    abilities = _face("Mirelurk Brood's power and toughness are each equal to the number of "
                      "cards in your graveyard.", "Mirelurk Brood", "Creature — Horror")
    assert abilities[0].zone == "all"
    assert support.not_run(abilities) == ()


@pytest.mark.parametrize("text", [
    "You gain 1 life for each creature you control and each creature card in your graveyard.",
    "Draw a card for each tapped creature target opponent controls.",
    "Target player loses X life, where X is the number of cards in that player's hand minus "
    "the number of cards in your hand.",
    "Tap up to two target creatures. Draw a card for each creature tapped this way.",
    "Quillwright Augur deals damage to any target equal to the greatest power among creatures "
    "you control.",
    "Target creature gets +1/+1 until end of turn for each creature in your party.",
    "You gain life equal to the damage dealt to your opponents this turn.",
])
def test_worded_amounts_are_run(text: str) -> None:
    abilities = _face(text)
    assert support.not_run(abilities) == (), text
