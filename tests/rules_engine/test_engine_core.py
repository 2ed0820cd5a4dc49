"""Unit tests of the core: priority, the stack, casting and paying, SBAs, combat."""

from __future__ import annotations

import pytest

from rules_engine import casting, turn
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost, plan_payment


def _game(cards, **zones) -> Game:
    game = Game(["alice", "bob"], cards)
    for key, names in zones.items():
        pname, zone = key.split("_", 1)
        p = game.by_name[pname]
        for name in names:
            game.new_object(cards.get(name), p, zone)
    turn.give_priority(game, game.active)
    return game


def test_payment_plan_prefers_pool_then_least_flexible_land() -> None:
    cost = parse_cost("{1}{G}")
    plan = plan_payment(cost, 0, {"G": 1}, [("forest", ("G",)), ("dual", ("G", "R"))])
    assert plan is not None
    spent, taps = plan
    assert spent == {"G": 1}
    assert taps == [("forest", "G")]
    assert plan_payment(parse_cost("{R}{R}"), 0, {}, [("m", ("R",))]) is None


def test_cast_creature_taps_lands_and_resolves(cards) -> None:
    game = _game(cards, alice_hand=["Grizzly Bears"],
                 alice_battlefield=["Forest", "Forest", "Plains"])
    alice = game.by_name["alice"]
    spell = casting.cast(game, alice, "Grizzly Bears")
    assert spell.zone == "stack" and game.priority is alice  # 117.3c
    tapped = sorted(o.name for o in game.battlefield if o.tapped)
    assert tapped == ["Forest", "Forest"]
    turn.pass_priority(game)
    assert game.priority is game.by_name["bob"]  # 117.3d
    turn.pass_priority(game)
    assert spell.zone == "battlefield" and not game.stack
    assert game.priority is alice  # 117.3b


def test_cannot_cast_without_priority_or_mana(cards) -> None:
    game = _game(cards, alice_hand=["Grizzly Bears"], bob_hand=["Lightning Bolt"],
                 alice_battlefield=["Forest"])
    with pytest.raises(IllegalActionError, match="117.1"):
        casting.cast(game, game.by_name["bob"], "Lightning Bolt")
    with pytest.raises(IllegalActionError, match="601.2h"):
        casting.cast(game, game.by_name["alice"], "Grizzly Bears")
    assert [o.name for o in game.by_name["alice"].hand] == ["Grizzly Bears"]


def test_stack_is_last_in_first_out(cards) -> None:
    game = _game(cards, alice_hand=["Lightning Bolt", "Shock"],
                 alice_battlefield=["Mountain", "Mountain"])
    alice = game.by_name["alice"]
    casting.cast(game, alice, "Lightning Bolt", targets=["bob"])
    casting.cast(game, alice, "Shock", targets=["bob"])
    assert [o.name for o in reversed(game.stack)] == ["Shock", "Lightning Bolt"]
    turn.pass_priority(game)
    turn.pass_priority(game)
    assert game.by_name["bob"].life == 18 and [o.name for o in game.stack] == ["Lightning Bolt"]


def test_sba_zero_life_and_lethal_damage(cards) -> None:
    game = _game(cards, alice_battlefield=["Grizzly Bears"])
    bear = game.battlefield[0]
    bear.damage = 2
    game.by_name["bob"].life = 0
    turn.give_priority(game)
    assert bear.zone == "graveyard"
    assert game.by_name["bob"].lost and game.by_name["alice"].won and game.game_over


def test_sba_draw_from_empty_library(cards) -> None:
    game = _game(cards)
    game.draw(game.by_name["alice"])
    turn.give_priority(game)
    assert game.by_name["alice"].lost


def test_combat_damage_to_player_and_blockers(cards) -> None:
    game = _game(cards, alice_battlefield=["Grizzly Bears", "Savannah Lions"],
                 bob_battlefield=["Grizzly Bears"])
    a_bear, lions, b_bear = game.battlefield
    from rules_engine import combat

    turn.pass_priority(game)
    turn.pass_priority(game)
    assert game.step == "beginning_of_combat"
    game.pending_attacks = {a_bear: game.by_name["bob"], lions: game.by_name["bob"]}
    turn.pass_priority(game)
    turn.pass_priority(game)
    assert game.step == "declare_attackers" and a_bear.tapped
    combat.can_block(game, b_bear, a_bear)
    game.pending_blocks = {b_bear: a_bear}
    turn.pass_priority(game)
    turn.pass_priority(game)
    assert game.step == "declare_blockers"
    turn.pass_priority(game)
    turn.pass_priority(game)
    assert game.step == "combat_damage"
    assert game.by_name["bob"].life == 18  # only the unblocked Lions
    assert a_bear.zone == "graveyard" and b_bear.zone == "graveyard"


def test_legend_rule_keeps_one(cards) -> None:
    game = _game(cards, alice_battlefield=["The Celestus", "The Celestus"])
    assert sum(1 for o in game.battlefield if o.name == "The Celestus") == 1
    assert [o.name for o in game.by_name["alice"].graveyard] == ["The Celestus"]


def test_a_departed_player_cannot_take_the_initiative(cards) -> None:
    """800.4a / 726.3: a steal trigger resolving after its beneficiary left does nothing."""
    from rules_engine.mechanics import initiative, leave_game

    game = Game(["alice", "bob", "carol"], cards)
    turn.give_priority(game, game.active)
    alice, bob, carol = game.players
    initiative.take(game, alice)
    leave_game.lose(game, bob, "test")
    initiative.take(game, bob)
    assert game.initiative is alice
    leave_game.lose(game, alice, "test")  # 726.4: the holder leaves; the active player is gone
    assert game.initiative is carol
