"""Scavenge (702.97) and encore (702.141): activated abilities that work from a graveyard,
reached through ``registry.ZONE_ACTIONS`` like unearth (``graveyard_abilities``: the scenario
action ``activate: <card>, from: graveyard`` and the simulator's moves).

- 702.97a: "Scavenge [cost]" means "[Cost], Exile this card from your graveyard: Put a number of
  +1/+1 counters equal to the power of the card you exiled on target creature. Activate only as
  a sorcery." Exiling the card is part of the cost (602.2b); the number is its power as it last
  existed in the graveyard (608.2h), fixed as the cost is paid.
- 702.141a: "Encore [cost]" means "[Cost], Exile this card from your graveyard: For each
  opponent, create a token that's a copy of this card that attacks that opponent this turn if
  able. The tokens gain haste. Sacrifice them at the beginning of the next end step. Activate
  only as a sorcery." (With one opponent, "attacks that opponent" is "attacks this turn if
  able", 508.1d.) The token copies the card as it last existed (707.2, in exile).

The effects are the rules' own words compiled by the Oracle-text grammar (never half run: a
keyword whose words don't compile is refused).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, targeting, turn
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player, StackAbility

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten")
_COMPILED: dict[tuple[str, str], tuple[Any, ...]] = {}


def _effects(text: str, name: str) -> tuple[Any, ...]:
    """The spell-ability effects of ``text`` (cached); empty if any part doesn't compile."""
    key = (text, name)
    hit = _COMPILED.get(key)
    if hit is None:
        from rules_engine.text.compiler import compile_face_text

        found = [e for a in compile_face_text(text, name, name, "Sorcery").abilities
                 if isinstance(a, ab.SpellAbility) for e in a.effects]
        ok = bool(found) and not any(isinstance(e, ab.UnsupportedEffect)
                                     for e in ab.iter_effects(tuple(found)))
        hit = _COMPILED[key] = tuple(found) if ok else ()
    return hit


def _activate(game: Game, player: Player, obj: GameObject, kw: Any, rule: str,
              effects: tuple[Any, ...]) -> StackAbility:
    """602.2 for "[Cost], Exile this card from your graveyard: ... Activate only as a
    sorcery": timing (602.5d), targets (602.2b, 601.2c), then the mana and the exile (601.2h)."""
    if obj.owner is not player or obj.zone != "graveyard":
        raise IllegalActionError(rule, f"{obj.name}'s {kw.name} works from its owner's "
                                       "graveyard")
    if not effects:
        raise IllegalActionError(rule, f"{obj.name}'s {kw.name} is not run by this engine")
    if not casting.sorcery_timing_ok(game, player):
        raise IllegalActionError("602.5d", f"{kw.name} ({obj.name}): activate only as a sorcery")
    mana = kw.cost.mana if kw.cost is not None and kw.cost.mana else ""
    cost = parse_cost(mana)
    if not casting.can_pay(game, player, cost, 0):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {mana or '{0}'} for "
                                           f"{obj.name}'s {kw.name}")
    item = StackAbility(game.new_id(), obj.name, obj, player, list(effects), ability=kw,
                        kind="activated")
    wanted = targeting.collect_targets(effects)
    if wanted and not targeting.choose_targets(game, item, wanted, player, None):
        raise IllegalActionError("602.2b", f"{obj.name}'s {kw.name} has no legal target")
    casting.pay_mana(game, player, cost, 0, obj.name)
    game.move(obj, "exile")  # 602.2b: exiling it is part of the cost
    game.stack.append(item)
    game.log("ability_activated", obj=item, player=player)
    turn.give_priority(game, player)
    return item


def _scavenge(game: Game, player: Player, obj: GameObject, kw: Any) -> StackAbility:
    """702.97a."""
    if compiled.keyword_ability(obj, "scavenge") is None:
        raise IllegalActionError("702.97a", f"{obj.name} has no scavenge ability")
    power = max(obj.power or 0, 0)
    count = _NUMBER_WORDS[power] if power < len(_NUMBER_WORDS) else str(power)
    noun = "counter" if power == 1 else "counters"
    text = f"Put {'a' if power == 1 else count} +1/+1 {noun} on target creature."
    return _activate(game, player, obj, kw, "702.97a", _effects(text, obj.name))


_ENCORE = ("Create a token that's a copy of ~. It gains haste. It attacks this turn if able. "
           "Sacrifice it at the beginning of the next end step.")


def _encore(game: Game, player: Player, obj: GameObject, kw: Any) -> StackAbility:
    """702.141a: one token for each opponent."""
    if compiled.keyword_ability(obj, "encore") is None:
        raise IllegalActionError("702.141a", f"{obj.name} has no encore ability")
    one = _effects(_ENCORE, obj.name)
    effects = (ab.Repeat(count=ab.Amount(text="for each opponent"), effects=one,
                         text="for each opponent, create a token that's a copy of this card"),
               ) if one else ()
    return _activate(game, player, obj, kw, "702.141a", effects)


registry.ZONE_ACTIONS[("graveyard", "scavenge")] = _scavenge
registry.ZONE_ACTIONS[("graveyard", "encore")] = _encore
