"""The shapes of rules_engine.amount_families, each computed on a real game the scenario runner
sets up and changed through the game's own verbs (draw, discard, move, lose_life, the event
log); effects.amount_understood agrees with what described_amount computes."""

from __future__ import annotations

from typing import Any

from rules_engine import effects
from rules_engine.cards import DictCardSource
from rules_engine.objects import StackAbility
from rules_engine.scenario import Runner


def _card(name: str, type_line: str, text: str = "", cost: str = "{2}", **extra: Any) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": cost,
            "type_line": type_line, "oracle_text": text, "colors": [], "keywords": [], **extra}


CARDS = [
    _card("Fam Elf", "Creature — Elf", cost="{G}", colors=["G"], power="1", toughness="1"),
    _card("Fam Goblin", "Creature — Goblin", cost="{1}{R}{R/G}", colors=["R", "G"], power="2",
          toughness="2"),
    _card("Fam Ogre", "Creature — Ogre", cost="{3}{R}", colors=["R"], power="4", toughness="4"),
    _card("Fam Swamp", "Land — Swamp"),
    _card("Fam Relic", "Artifact", cost="{3}"),
    _card("Fam Bolt", "Instant", cost="{R}", colors=["R"]),
    _card("Fam Walker", "Legendary Planeswalker — Test", cost="{3}", loyalty="3"),
]


def _game(players: tuple[str, ...] = ("alice", "bob")) -> Any:
    state = {
        "alice": {"battlefield": ["Fam Elf", "Fam Elf", "Fam Goblin", "Fam Swamp",
                                  {"card": "Fam Walker", "counters": {"loyalty": 5}}],
                  "hand": ["Fam Bolt", "Fam Bolt", "Fam Relic"],
                  "graveyard": ["Fam Elf", "Fam Ogre"],
                  "library": ["Fam Swamp"] * 6},
        "bob": {"battlefield": [{"card": "Fam Ogre", "tapped": True}, "Fam Elf", "Fam Swamp",
                                "Fam Swamp", "Fam Swamp"],
                "hand": ["Fam Bolt"] * 4,
                "graveyard": ["Fam Relic", "Fam Bolt", "Fam Elf"],
                "library": ["Fam Swamp"] * 6},
    }
    if len(players) > 2:
        state["carol"] = {"library": ["Fam Swamp"] * 3}
    runner = Runner({"name": "families", "players": list(players),
                     "state": {"players": state}}, DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0], game.players[1]


def _named(game: Any, name: str, controller: Any = None) -> Any:
    return next(o for o in game.battlefield
                if o.name == name and (controller is None or o.controller is controller))


def _check(game: Any, ctx: Any, you: Any, src: Any, cases: dict[str, int]) -> None:
    for text, want in cases.items():
        assert effects.amount_understood(text), text
        assert effects.described_amount(game, text, you, src, ctx) == want, text


def test_on_the_battlefield_counts_every_players_permanents() -> None:
    game, alice, bob = _game()
    src = _named(game, "Fam Goblin")
    ctx = effects.Ctx(game, src, alice)
    _check(game, ctx, alice, src, {
        "for each creature on the battlefield": 5,
        "X is the number of Elves on the battlefield": 3,
        "for each other creature on the battlefield": 4,
        "the number of tapped lands on the battlefield": 0,
        "for each tapped creature on the battlefield": 1,
        "equal to the number of creatures named ~ on the battlefield": 1,
        "equal to 1 plus the number of green creatures on the battlefield": 1 + 3 + 1,
        "equal to the number of Elves on the battlefield plus the number of Elf cards in all "
        "graveyards": 3 + 2,
    })
    elf = _named(game, "Fam Elf", alice)
    elf.attacking, src.attacking = bob, bob
    _check(game, ctx, alice, src, {
        "for each attacking creature other than ~": 1,
        "for each other attacking creature": 1,
    })


def test_every_graveyard() -> None:
    game, alice, bob = _game()
    src = _named(game, "Fam Elf", alice)
    ctx = effects.Ctx(game, src, alice)
    _check(game, ctx, alice, src, {
        "equal to the number of cards named ~ in all graveyards": 2,
        "for each card named ~ in each graveyard": 2,
        "X is the greatest power among creature cards in all graveyards": 4,
        # 205.2a: creature, instant, artifact
        "equal to the number of card types among cards in all graveyards": 3,
        "equal to the number of card types among cards in all graveyards plus 1": 4,
    })


def test_kicker_and_convoke_counts() -> None:
    game, alice, _bob = _game()
    src = _named(game, "Fam Ogre")
    ctx = effects.Ctx(game, src, alice)
    assert effects.described_amount(game, "for each time it was kicked", alice, src, ctx) == 0
    src.choices_made["kicked"] = 2  # 702.33d, as casting records it
    _check(game, ctx, alice, src, {
        "for each time it was kicked": 2,
        "equal to twice the number of times it was kicked": 4,
        "X is the number of times ~ was kicked": 2,
    })
    elf = _named(game, "Fam Elf", alice)
    game.log("convoked", obj=elf, player=alice, spell=src.name)
    game.log("convoked", obj=elf, player=alice, spell=src.name)
    game.log("spell_cast", obj=src, player=alice)
    _check(game, ctx, alice, src, {"for each creature that convoked it": 2})


def test_what_players_did_this_turn() -> None:
    game, alice, bob = _game()
    src = _named(game, "Fam Goblin")
    ctx = effects.Ctx(game, src, alice)
    game.draw(alice, 2)
    game.draw(bob, 3)
    game.discard(alice, alice.hand[0])
    game.discard(bob, bob.hand[0])
    game.discard(bob, bob.hand[0])
    elf = _named(game, "Fam Elf", alice)
    game.log("sacrificed", obj=elf, player=alice)
    game.move(elf, "graveyard")  # it dies (700.4)
    game.move(_named(game, "Fam Ogre"), "graveyard")  # bob's
    game.gain_life(alice, 4)
    game.lose_life(bob, 3)
    _check(game, ctx, alice, src, {
        "for each card you've drawn this turn": 2,
        "for each card your opponents have drawn this turn": 3,
        "equal to the greatest number of cards an opponent has drawn this turn": 3,
        "X is the number of cards you've discarded this turn": 1,
        "equal to the number of cards target opponent discarded this turn": 2,
        "X is the number of permanents you've sacrificed this turn": 1,
        "X is the number of tokens you created this turn": 0,
        "for each Elf that died this turn": 1,
        "for each creature that died under your control this turn": 1,
        "for each creature put into your graveyard from the battlefield this turn": 1,
        "for each creature that left the battlefield under your control this turn": 1,
        "for each 1 life you gained this turn": 4,
        "X is the total life lost by your opponents this turn": 3,
    })


def test_players_with_a_property() -> None:
    game, alice, bob = _game(("alice", "bob", "carol"))
    carol = game.players[2]
    src = _named(game, "Fam Goblin")
    ctx = effects.Ctx(game, src, alice)
    bob.life, carol.life = 25, 9
    game.__dict__.setdefault("poison_counters", {})["carol"] = 3  # 122.1f
    game.log("damage_dealt", source=src, recipient=carol, amount=1, combat=False)
    _check(game, ctx, alice, src, {
        "X is the number of opponents who control more lands than you": 1,  # bob: 3 to 1
        "for each opponent who controls fewer creatures than you": 2,
        "for each opponent who has less life than you": 1,
        "X is the number of opponents who have three or more poison counters": 1,
        "for each opponent who has one or fewer cards in hand": 1,
        "for each opponent who was dealt damage this turn": 1,
        "for each opponent whose life total is less than half their starting life total": 1,
        "for each player who has lost the game": 0,
    })


def test_combat_counts() -> None:
    game, alice, bob = _game()
    ogre = _named(game, "Fam Ogre")
    src = _named(game, "Fam Goblin")
    ctx = effects.Ctx(game, src, alice)
    ogre.attacking = alice
    _check(game, ctx, bob, ogre, {
        "for each opponent you're attacking": 1,
        "X is the number of players being attacked": 1,
    })
    _check(game, ctx, alice, src, {
        "X is the number of creatures attacking you": 1,
        "for each creature attacking you": 1,
        "for each opponent you're attacking": 0,
    })
    game.log("attacks", obj=src, defender=bob, tapped=True)
    _check(game, ctx, alice, src, {"X is the number of opponents you attacked this turn": 1})
    elf = _named(game, "Fam Elf", alice)
    src.blockers = [elf, _named(game, "Fam Elf", bob)]
    _check(game, ctx, alice, src, {"for each creature blocking it beyond the first": 1})


def test_this_resolution_damage_counters_and_excess() -> None:
    game, alice, bob = _game()
    src = _named(game, "Fam Goblin")
    ogre = _named(game, "Fam Ogre")
    item = StackAbility(game.new_id(), "test", src, alice, [])
    game.log("damage_dealt", source=src, recipient=bob, amount=9, combat=False)  # before
    game.log("ability_resolving", obj=item)
    ctx = effects.Ctx(game, src, alice, item)
    ctx.it = ogre
    ogre.damage = 1  # marked earlier (120.6)
    game.log("damage_dealt", source=src, recipient=ogre, amount=5, combat=False)
    ogre.damage += 5
    game.log("counters_removed", obj=src, counter="charge", amount=3)
    _check(game, ctx, alice, src, {
        "equal to the damage dealt this way": 5,
        # 120.10: 4 toughness with 1 already marked: 3 is lethal, 2 is excess
        "X is the amount of excess damage dealt to that creature this way": 2,
        "X is the amount of excess damage dealt this way": 2,
        "for each charge counter removed this way": 3,
        "equal to the number of stun counters removed this way": 0,
    })


def test_life_totals_loyalty_colors_and_symbols() -> None:
    game, alice, bob = _game()
    src = _named(game, "Fam Walker")
    goblin = _named(game, "Fam Goblin")
    bob.life = 26
    ctx = effects.Ctx(game, src, alice)
    _check(game, ctx, alice, src, {
        "X is the highest life total among all players": 26,
        # the words' value; 107.1b (0 for a negative result) is applied where it is used, and
        # not to a power set this way (Scourge of the Skyclaves)
        "equal to 20 minus the highest life total among players": -6,
        "equal to your life total minus the life total of an opponent with the most life": -6,
        "X is ~'s loyalty": 5,  # 306.5b
        # 107.4e: {R/G} is red and green: Goblin {1}{R}{R/G} has two red symbols, Elves one
        # green each
        "equal to the number of red mana symbols in the mana costs of permanents you control":
            2,
        "equal to the number of green mana symbols in the mana costs of permanents you "
        "control": 3,
        "equal to the number of turns you have begun": 1,
    })
    alice.life = 30
    _check(game, ctx, alice, src, {
        "equal to your life total minus the life total of an opponent with the most life": 4,
        "equal to half that player's life total, rounded down": 15,
    })
    ctx.it = goblin
    _check(game, ctx, alice, src, {"X is the number of colors that spell is": 2})
    ctx.it, ctx.those = None, [goblin, _named(game, "Fam Elf", alice)]
    _check(game, ctx, alice, src, {"X is the number of colors among those creatures": 2})


def test_words_a_matcher_would_not_check_stay_unsupported() -> None:
    """A qualifier the matcher does not check would count every object: such words stay
    unsupported for the audit. (Counters of one kind on players are counted,
    ``amount_more``; all kinds on players and permanents at once too, ``amount_extra``.)"""
    assert effects.amount_understood("for each counter among players and permanents")
    for text in ("equal to the number of creatures with a sticker on them on the battlefield",
                 "for each opponent who chose fame",
                 "for each card an opponent has drawn this turn"):
        assert not effects.amount_understood(text), text
