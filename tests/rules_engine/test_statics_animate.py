"""Static type-adding abilities (205.1b, 613.1d) and station (702.184a, 721.2): the grammar
with invented cards ("in addition to its other types" marks the record additional; a station
keyword stands for its activated ability) and the layer-4 result of a static Animate."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import compiled, statics
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from rules_engine.support import not_run
from rules_engine.text.compiler import compile_card
from tests.rules_engine.cardfactory import card as _card

SHROUD = _card("Anim Fog", "Enchantment", "Each creature is a Spirit in addition to its other "
               "creature types.")
SKIFF = _card("Anim Skiff", "Artifact — Spacecraft", (
    "Station (Tap another creature you control: Put charge counters equal to its power on "
    "this Spacecraft. Station only as a sorcery. It's an artifact creature at 4+.)\n4+ | "
    "Vigilance"), power="3", toughness="5", keywords=["Station"])
CARDS = [SHROUD, SKIFF, _card("Anim Ox", "Creature — Ox", power="2", toughness="2")]


def test_grammar_in_addition_is_additional() -> None:
    face = compile_card(SHROUD).faces[0]
    (eff,) = face.abilities[0].effects
    assert isinstance(eff, ab.Animate) and eff.additional and eff.subtypes == ("Spirit",)
    assert not_run(compile_card(SHROUD)) == ()


def test_station_keyword_is_an_activated_ability() -> None:
    (station,) = compiled.keyword_records(ab.KeywordAbility(name="station", text="Station"),
                                          "Anim Skiff", "Anim Skiff", SKIFF["type_line"])
    assert isinstance(station, ab.ActivatedAbility) and station.timing == "sorcery"
    (part,) = station.cost.parts
    assert part.kind == "tap_untapped" and part.what.other
    assert isinstance(station.effects[0], ab.PutCounters)
    assert station.effects[0].counter == "charge"
    assert not_run(compile_card(SKIFF)) == ()


def test_static_animate_adds_types_and_keeps_the_others() -> None:
    runner = Runner({"name": "animate", "state": {"players": {"alice": {"battlefield": [
        "Anim Fog", "Anim Ox", {"card": "Anim Skiff", "counters": {"charge": 4}}]}}}},
        DictCardSource(CARDS))
    game = runner.setup()
    statics.apply(game)
    ox = next(o for o in game.battlefield if o.name == "Anim Ox")
    skiff = next(o for o in game.battlefield if o.name == "Anim Skiff")
    assert ox.subtypes == ("Ox", "Spirit")
    assert skiff.is_creature and skiff.has_type("Artifact")
    assert skiff.subtypes == ("Spacecraft", "Spirit")  # a creature now: the Fog applies too
    assert compiled.has_keyword(skiff, "vigilance")
    skiff.counters["charge"] = 3
    statics.apply(game)
    assert not skiff.is_creature and skiff.subtypes == ("Spacecraft",)
