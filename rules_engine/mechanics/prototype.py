"""Prototype (702.160, 718): a second set of mana cost, power and toughness.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.160a / 718.3: as a prototype card is cast, its caster chooses whether to cast it
  prototyped ("Prototype {1}{W} — 2/2", compiled by ``text/keywords.py`` as the keyword
  "prototype" with the inset mana cost as its cost and the P/T as its parameter). The choice is
  offered through ``registry.ALTERNATIVE_COSTS`` (a "may", offered only when the caster can pay
  the inset cost, 601.2h), and the inset mana cost is then the cost paid (718.3a: only the
  alternative mana cost is used to see whether it can be cast).
- 718.3b: the prototyped spell and the permanent it becomes have only the inset mana cost,
  power and toughness, and the colour(s) of that mana cost's coloured symbols (105.2): here a
  copy of the card's values with those three changed (718.2a: they are its copiable values, so
  a copy of it is prototyped too, 718.3c-d), applied as the spell is put on the stack and again
  as the permanent enters (``permanents.enter_battlefield`` asks :func:`entering`).
- 718.4: in every other zone, and on the stack or battlefield when not cast prototyped, the
  card has only its normal characteristics: the modification ends as the object leaves the
  stack or battlefield (``Game.move`` drops it, 400.7).
- 718.5: every other characteristic (name, types, abilities) stays as printed.

Limit: the engine offers one alternative cost at a time (118.9a), so casting a prototype card
prototyped *and* without paying its mana cost (which the rules allow: prototype is no
alternative cost) is not offered.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_engine import casting, compiled, registry
from rules_engine.cards import Face, colors_of_cost
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Mod, Player

_PROTOTYPED = "prototyped"  # the choice on the object, and the Mod's duration tag


def _prototype_face(obj: GameObject, kw: Any) -> Face | None:
    """The card's values with the inset mana cost, power, toughness and colour (718.3b)."""
    try:
        power, toughness = (int(n) for n in (kw.parameter or "").split("/"))
    except ValueError:
        return None
    base = obj.card.front if obj.card is not None else obj.face
    mana = kw.cost.mana or ""
    return replace(base, mana_cost=mana, power=power, toughness=toughness,
                   colors=colors_of_cost(mana), mana_value=-1)


def _apply(game: Game, obj: GameObject) -> None:
    kw = compiled.keyword_ability(obj, "prototype")
    face = _prototype_face(obj, kw) if kw is not None and kw.cost is not None else None
    if face is None:
        return
    obj.mods = [m for m in obj.mods if m.until != _PROTOTYPED]
    obj.mods.append(Mod(copy_face=face, until=_PROTOTYPED, timestamp=game.next_timestamp()))
    obj.refresh_face()
    game.sba_dirty = True


def _offer(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    """The inset mana cost when the caster can pay it and chooses to cast it prototyped."""
    kw = compiled.keyword_ability(obj, "prototype")
    if kw is None or kw.cost is None or kw.cost.mana is None or \
            _prototype_face(obj, kw) is None:
        return None
    mana = kw.cost.mana
    if not casting.can_pay(game, player, parse_cost(mana), 0, obj) or not game.decider.may(
            player.name, f"cast {obj.name} prototyped for {mana} — {kw.parameter} (702.160a)"):
        return None
    return mana


def _cast(game: Game, player: Player, spell: GameObject) -> None:
    """It is on the stack now, prototyped (718.3b)."""
    spell.choices_made[_PROTOTYPED] = True
    _apply(game, spell)
    game.log("cast_prototyped", obj=spell, player=player, rule="718.3b")


def entering(game: Game, obj: GameObject) -> None:
    """The permanent a prototyped spell becomes is prototyped as well (718.3b)."""
    if obj.choices_made.get(_PROTOTYPED):
        _apply(game, obj)


registry.register_alternative_cost(_offer, _cast)
registry.provide(prototype_entering=entering)
