"""The engine's speed caches must never change what the rules say.

Each cache added for simulated-game speed is checked against the uncached answer, or against
the event that must invalidate it: the face in use follows zone / transform / copy changes
(712.8, 707.2), copied faces start with empty derived caches, keyword lookups see gained
abilities (613), the trigger pre-filter knows every trigger kind the matcher knows (603.2),
tokens and copies outside the battlefield still cease to exist (704.5d-e), and the printed-
toughness shortcut of the SBA scan is not taken for a modified creature (704.5g).
"""

from __future__ import annotations

import inspect
import re

from rules_engine import abilities as ab
from rules_engine import compiled, sba, targeting, triggers, turn
from rules_engine.cards import Face
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import Mod


def _game(cards) -> Game:
    game = Game(["alice", "bob"], cards)
    turn.give_priority(game, game.active)
    return game


def test_face_follows_transform_zone_and_copy_values(cards) -> None:
    game = _game(cards)
    alice = game.by_name["alice"]
    wolf = game.new_object(cards.get("Fearful Villager"), alice, "battlefield")
    assert wolf.name == "Fearful Villager"
    wolf.transformed = True  # 712.8: the back face's characteristics now
    assert wolf.name == "Fearsome Werewolf"
    game.move(wolf, "hand")  # 400.7 / 711.8: a card in hand has its front face up
    assert wolf.name == "Fearful Villager" and not wolf.transformed
    bears = cards.get("Grizzly Bears")
    wolf.copy_values = bears.front  # 707.2: the copiable values replace the printed ones
    assert wolf.name == "Grizzly Bears" and wolf.face is bears.front
    wolf.copy_values = None
    assert wolf.name == "Fearful Villager"


def test_copied_face_starts_with_empty_derived_caches(cards) -> None:
    game = _game(cards)
    alice = game.by_name["alice"]
    moonrise = game.new_object(cards.get("Unnatural Moonrise"), alice, "graveyard")
    assert compiled.keyword_ability(moonrise, "flashback") is not None
    land = game.new_object(cards.get("Forest"), alice, "battlefield")
    sba.check_all(game)
    from rules_engine.casting import mana_sources

    assert [c for _o, c in mana_sources(game, alice)] == [("G",)]
    for face in (moonrise.face, land.face):
        copy = face.copy_with(power=1)
        assert copy.keyword_table is None and copy.mana_colors is None
        assert copy.sba_flags == -1 and copy.trigger_names is None and copy.bound_keywords == -1
        assert copy.statics is None and copy.triggered is None and copy.activated is None


def test_keyword_lookups_see_gained_abilities(cards) -> None:
    game = _game(cards)
    alice = game.by_name["alice"]
    one = game.new_object(cards.get("Grizzly Bears"), alice, "battlefield")
    two = game.new_object(cards.get("Grizzly Bears"), alice, "battlefield")
    assert compiled.keyword_ability(one, "flying") is None  # fills the face's table
    flying = ab.KeywordAbility(name="flying")
    one.mods.append(Mod(keywords=("flying",), abilities=(flying,)))  # 613.1f: gains flying
    assert compiled.keyword_ability(one, "flying") is flying
    assert compiled.has_keyword(one, "flying")
    assert compiled.keyword_ability(two, "flying") is None  # same face, no modification
    assert not compiled.has_keyword(two, "flying")


def test_trigger_prefilter_knows_every_kind_the_matcher_knows() -> None:
    source = inspect.getsource(triggers._match_one)
    # (the trigger's own ``kind``, not another object's ``subj.kind``)
    kinds = set(re.findall(r'(?<![.\w])kind == "(\w+)"', source))
    for group in re.findall(r"(?<![.\w])kind in \(([^)]*)\)", source):
        kinds.update(re.findall(r'"(\w+)"', group))
    kinds.update(triggers._SIMPLE)
    assert kinds, "the matcher's source changed shape: update this test"
    missing = sorted(k for k in kinds if not triggers._KIND_EVENTS.get(k))
    assert not missing, f"trigger kinds without pre-filter event names: {missing}"


def test_trigger_prefilter_includes_alternatives() -> None:
    trig = ab.Trigger("enters", alternatives=(ab.Trigger("attacks"),))  # "enters or attacks"
    assert triggers.event_names(trig) == {"entered", "attacks"}
    assert triggers.event_names(ab.Trigger("no_such_kind")) == frozenset()


def test_token_outside_battlefield_ceases_to_exist(cards) -> None:
    game = _game(cards)
    alice = game.by_name["alice"]
    token = game.create_token(alice, Face(name="Wolf", type_line="Token Creature — Wolf",
                                          types=("Creature",), power=2, toughness=2))
    assert token in alice.copies
    game.move(token, "graveyard")
    sba.check_all(game)  # 704.5d
    assert token not in alice.graveyard and token.zone == "gone"


def test_modified_creature_does_not_use_printed_toughness(cards) -> None:
    game = _game(cards)
    alice = game.by_name["alice"]
    big = game.new_object(cards.get("Grizzly Bears"), alice, "battlefield")  # 2/2
    small = game.new_object(cards.get("Grizzly Bears"), alice, "battlefield")
    big.mods.append(Mod(power=0, toughness=2))  # 2/4 until end of turn
    big.damage = small.damage = 2
    sba.check_all(game)  # 704.5g: only the 2/2 has lethal damage
    assert big.zone == "battlefield" and small.zone == "graveyard"


def test_parse_cost_cache_and_collect_targets_memo(cards) -> None:
    cost = parse_cost("{1}{G}{G}")
    assert cost is parse_cost("{1}{G}{G}")
    assert (cost.generic, cost.colored, cost.mana_value) == (1, {"G": 2}, 3)
    bolt = cards.get("Shock")
    compiled.ensure_compiled(bolt)
    spells = [a for a in bolt.front.abilities if isinstance(a, ab.SpellAbility)]
    fresh = targeting._collect_targets(tuple(spells))
    assert fresh and targeting.collect_targets(tuple(spells)) == fresh
    assert targeting.collect_targets(list(spells)) == fresh  # memo hit, same answer
