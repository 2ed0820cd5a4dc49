"""Non-mana costs of activated abilities (118, 602.2b): effects.cost_refusal and
effects.pay_costs on games set up by the scenario runner with cards written for the test."""

from __future__ import annotations

from functools import partial
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, effects
from rules_engine.cards import DictCardSource
from rules_engine.scenario import Runner
from tests.rules_engine.cardfactory import card

_card = partial(card, mana_cost="{1}")  # these tests' cards cost {1}


CARDS = [
    _card("Cost Altar", "Artifact", "{1}, Sacrifice a creature: You gain 2 life."),
    _card("Cost Idol", "Artifact", "Pay 3 life, Sacrifice this artifact: Draw a card."),
    _card("Cost Lens", "Artifact", "{T}, Discard a card: Draw a card."),
    _card("Cost Drum", "Artifact", "Remove a charge counter from this artifact: Draw a card."),
    _card("Cost Rider", "Artifact — Vehicle", "Crew 3", power="4", toughness="4",
          keywords=["Crew"]),
    _card("Cost Bear", "Creature — Bear", power="2", toughness="2"),
    _card("Cost Giant", "Creature — Giant", power="4", toughness="4"),
]


def _game(battlefield: list[Any], hand: list[str] | None = None, life: int = 20):
    runner = Runner({"name": "costs", "state": {"players": {"alice": {
        "battlefield": battlefield, "hand": hand or [], "life": life}}}}, DictCardSource(CARDS))
    game = runner.setup()
    return game, game.players[0]


def _obj(game, name: str):
    return next(o for o in game.battlefield if o.name == name)


def _parts(obj) -> tuple[Any, ...]:
    return compiled.activated_abilities(obj)[0].cost.parts


def test_sacrifice_a_creature() -> None:
    game, alice = _game(["Cost Altar"])
    altar = _obj(game, "Cost Altar")
    assert effects.cost_refusal(game, alice, altar, _parts(altar)) is not None
    game, alice = _game(["Cost Altar", "Cost Bear"])
    altar = _obj(game, "Cost Altar")
    assert effects.cost_refusal(game, alice, altar, _parts(altar)) is None
    paid = effects.pay_costs(game, alice, altar, _parts(altar))
    assert [o.name for o in paid] == ["Cost Bear"] and paid[0].zone == "graveyard"


def test_pay_life_and_sacrifice_self() -> None:
    game, alice = _game(["Cost Idol"], life=2)
    idol = _obj(game, "Cost Idol")
    assert "119.4" in (effects.cost_refusal(game, alice, idol, _parts(idol)) or "")
    game, alice = _game(["Cost Idol"], life=5)
    idol = _obj(game, "Cost Idol")
    effects.pay_costs(game, alice, idol, _parts(idol))
    assert alice.life == 2 and idol.zone == "graveyard"


def test_discard_and_counters() -> None:
    game, alice = _game(["Cost Lens"])
    lens = _obj(game, "Cost Lens")
    assert effects.cost_refusal(game, alice, lens, _parts(lens)) is not None  # empty hand
    game, alice = _game(["Cost Lens"], hand=["Cost Bear"])
    lens = _obj(game, "Cost Lens")
    effects.pay_costs(game, alice, lens, _parts(lens))
    assert not alice.hand and alice.graveyard[0].name == "Cost Bear"
    game, alice = _game([{"card": "Cost Drum", "counters": {"charge": 1}}])
    drum = _obj(game, "Cost Drum")
    assert effects.cost_refusal(game, alice, drum, _parts(drum)) is None
    effects.pay_costs(game, alice, drum, _parts(drum))
    assert drum.counters.get("charge", 0) == 0
    assert effects.cost_refusal(game, alice, drum, _parts(drum)) is not None


def test_crew_taps_creatures_with_enough_power() -> None:
    game, alice = _game(["Cost Rider", "Cost Bear"])
    rider = _obj(game, "Cost Rider")
    abl = compiled.activated_abilities(rider)[0]
    assert isinstance(abl.effects[0], ab.Animate)
    assert effects.cost_refusal(game, alice, rider, abl.cost.parts) is not None  # power 2 < 3
    game, alice = _game(["Cost Rider", "Cost Bear", {"card": "Cost Giant",
                                                     "summoning_sick": True}])
    rider = _obj(game, "Cost Rider")
    parts = compiled.activated_abilities(rider)[0].cost.parts
    assert effects.cost_refusal(game, alice, rider, parts) is None
    paid = effects.pay_costs(game, alice, rider, parts)
    assert [o.name for o in paid] == ["Cost Giant"] and paid[0].tapped  # 702.122c
