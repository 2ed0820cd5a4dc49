"""Type-setting and ability-removing statics (205.1a, 613.1d-f): the grammar with invented
card names, and the layer-4 type arithmetic of objects.GameObject."""

from __future__ import annotations

import rules_engine.compiled  # noqa: F401  (installs the quoted-ability compiler hook)
from rules_engine import abilities as ab
from rules_engine.cards import CardDef
from rules_engine.objects import GameObject, Mod, Player
from rules_engine.text.compiler import compile_face_text


def _statics(name: str, text: str) -> list[ab.StaticAbility]:
    found = compile_face_text(text, name, name, "Enchantment — Aura").abilities
    return [a for a in found if isinstance(a, ab.StaticAbility)]


def test_is_a_treasure_artifact_with_quoted_ability_and_loses_all_other_abilities() -> None:
    [st] = _statics("Gilt Snare", 'Enchant nonland permanent\nEnchanted permanent is a Treasure '
                    'artifact with "{T}, Sacrifice this artifact: Add one mana of any color," '
                    "and it loses all other abilities.")
    [eff] = st.effects
    assert isinstance(eff, ab.SetTypes)
    assert eff.subject.kind == "enchanted"
    assert (eff.card_types, eff.subtypes, eff.colors) == (("Artifact",), ("Treasure",), None)
    assert eff.lose_abilities
    [granted] = eff.abilities
    assert isinstance(granted, ab.ActivatedAbility) and granted.is_mana_ability


def test_is_a_colorless_land_and_loses_all_other_card_types_and_abilities() -> None:
    [st] = _statics("Moonward Cell", 'Enchant creature\nEnchanted permanent is a colorless land '
                    'with "{T}: Add {C}" and loses all other card types and abilities.')
    [eff] = st.effects
    assert isinstance(eff, ab.SetTypes)
    assert (eff.card_types, eff.subtypes, eff.colors) == (("Land",), (), ("colorless",))


def test_static_loses_all_abilities_compiles_to_a_static_loss() -> None:
    [st] = _statics("Quiet Fetter", "Enchant creature\nEnchanted creature loses all abilities.")
    [eff] = st.effects
    assert isinstance(eff, ab.LoseAbility) and eff.all_abilities and eff.duration is None


def _creature(type_line: str) -> GameObject:
    card = CardDef.from_scryfall({"name": "Test Beast", "type_line": type_line,
                                  "oracle_text": "", "layout": "normal", "power": "2",
                                  "toughness": "2", "colors": ["G"]})
    return GameObject(1, card, Player("p", 0), "battlefield")


def test_set_card_type_removes_creature_types_keeps_others_205_1a() -> None:
    obj = _creature("Artifact Creature — Equipment Golem")
    obj.static_mods.append(Mod(set_types=("Artifact",), subtypes=("Treasure",), until="static",
                               timestamp=5))
    assert obj.types == ("Artifact",)
    assert not obj.is_creature
    # Golem (a creature type) goes with the creature type; Equipment is replaced by Treasure
    # (a set artifact subtype replaces the artifact subtypes)
    assert obj.subtypes == ("Treasure",)
    assert obj.type_line == "Artifact — Treasure"


def test_set_land_type_keeps_land_subtypes_and_later_addition_applies() -> None:
    obj = _creature("Land Creature — Forest Dryad")
    obj.static_mods.append(Mod(set_types=("Land",), until="static", timestamp=3))
    assert obj.types == ("Land",) and obj.subtypes == ("Forest",) and obj.is_land
    # a later "in addition to its other types" effect (205.1b) adds back on top (613.7)
    obj.mods.append(Mod(types=("Creature",), subtypes=("Frog",), timestamp=9))
    assert obj.types == ("Land", "Creature") and obj.subtypes == ("Forest", "Frog")
    # with an earlier timestamp it would have been overwritten by the type-setting effect
    obj.mods[0].timestamp = 1
    assert obj.types == ("Land",) and obj.subtypes == ("Forest",)


def test_becomes_a_copy_of_another_target_creature_until_end_of_turn() -> None:
    found = compile_face_text("Target creature becomes a copy of another target creature "
                              "until end of turn.", "Glass Likeness", "Glass Likeness",
                              "Instant").abilities
    [spell] = found
    [eff] = spell.effects
    assert isinstance(eff, ab.BecomeCopy)
    assert eff.subject.kind == "target" and eff.of.kind == "target"
    assert eff.of.target.filter.other  # "another": not the first target (115.3)
    assert eff.duration is not None and eff.duration.kind == "end_of_turn"


def test_choose_a_nonlegendary_creature_on_the_battlefield_then_copy_that_creature() -> None:
    [spell] = compile_face_text("Choose a nonlegendary creature on the battlefield. Target "
                                "creature becomes a copy of that creature until end of turn.",
                                "Borrowed Guise", "Borrowed Guise", "Instant").abilities
    choose, copy = spell.effects
    assert isinstance(choose, ab.ChooseCard) and choose.zone == "battlefield"
    assert choose.filter.card_types == ("creature",)
    assert "nonlegendary" in choose.filter.qualifiers
    assert isinstance(copy, ab.BecomeCopy) and copy.of.kind == "it"  # "that creature"


def test_loses_all_abilities_and_doesnt_untap_during_its_controllers_untap_step() -> None:
    [st] = _statics("Rime Collar", "Enchant creature\nEnchanted permanent loses all abilities "
                    "and doesn't untap during its controller's untap step.")
    loss, restriction = st.effects
    assert isinstance(loss, ab.LoseAbility) and loss.all_abilities
    assert isinstance(restriction, ab.Restriction) and restriction.kind == "doesnt_untap"
    assert restriction.subject.kind == "enchanted"


def test_next_spell_pay_life_rather_than_mana_cost() -> None:
    [act] = compile_face_text("{1}{B}, {T}: Rather than pay the mana cost of the next spell you "
                              "cast this turn, you may pay life equal to that spell's mana "
                              "value.", "Vein Broker", "Vein Broker",
                              "Creature — Vampire").abilities
    assert isinstance(act, ab.ActivatedAbility)
    [eff] = act.effects
    assert isinstance(eff, ab.NextSpellAlternativeCost)
