"""Alternative costs that change the spell or ask more: overload (702.96), emerge (702.119) and
prowl (702.76), offered through ``registry.ALTERNATIVE_COSTS`` like those of
:mod:`rules_engine.mechanics.alt_costs`.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.96a: "Overload [cost]" means "You may choose to pay [cost] rather than pay this spell's
  mana cost" and "If you chose to pay this spell's overload cost, change its text by replacing
  all instances of the word 'target' with the word 'each.'" A text-changing effect (612): the
  changed rules text is compiled by the same grammar and is what the spell does; it has no
  targets, so none are chosen (601.2c). 702.96b: the text change is made as the cost is
  chosen, before targets (601.2b).
- 702.119a: "Emerge [cost]" means "You may cast this spell by paying [cost] and sacrificing a
  creature rather than paying its mana cost" and "If you chose to pay this spell's emerge
  cost, its total cost is reduced by an amount of generic mana equal to the sacrificed
  creature's mana value." The creature is chosen as the cost is (601.2b) and sacrificed as the
  costs are paid (601.2h).
- 702.76a: "Prowl [cost]" means "You may cast this by paying [cost] rather than paying its
  mana cost if a player was dealt combat damage this turn by a source that, at the time it
  dealt that damage, was under your control and had any of this spell's creature types."
  (The sources' types are read as they are now, or as they last were on the battlefield.)
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import casting, compiled, registry
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player
from rules_engine.text.compiler import compile_face_text

_TARGET = re.compile(r"\btarget\b")
_OVERLOAD_LINE = re.compile(r"^overload\b.*$", re.I | re.M)


def _may(game: Game, player: Player, obj: GameObject, mana: str, name: str,
         rule: str) -> bool:
    return casting.can_pay(game, player, parse_cost(mana), 0, obj) and game.decider.may(
        player.name, f"cast {obj.name} for its {name} cost {mana} ({rule})")


# -- overload (702.96) ---------------------------------------------------------------------------
def overloaded_effects(obj: GameObject) -> tuple[Any, ...]:
    """The spell's instructions with "target" replaced by "each" (612), compiled."""
    face = obj.face
    text = _OVERLOAD_LINE.sub("", face.oracle_text or "")
    text = _TARGET.sub("each", text)
    compiled_face = compile_face_text(text, obj.card.name if obj.card else face.name,
                                      face.name, face.type_line)
    effects: list[Any] = []
    for a in compiled_face.abilities:
        effects.extend(getattr(a, "effects", ()) if type(a).__name__ == "SpellAbility" else ())
    return tuple(effects)


def _offer_overload(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    kw = compiled.keyword_ability(obj, "overload")
    if kw is None or kw.cost is None or kw.cost.mana is None:
        return None
    effects = overloaded_effects(obj)
    if not effects or any(type(e).__name__ == "UnsupportedEffect" for e in effects):
        return None  # the changed text is not understood: not offered
    if not _may(game, player, obj, kw.cost.mana, "overload", "702.96a"):
        return None
    game.__dict__["text_changed"] = (obj, effects)  # put_on_stack_as_cast uses it (601.2b)
    return kw.cost.mana


def _cast_overload(game: Game, player: Player, spell: GameObject) -> None:
    spell.choices_made["overloaded"] = True
    game.log("overload_paid", obj=spell, player=player)


# -- emerge (702.119) ----------------------------------------------------------------------------
def _reduced(mana: str, by: int) -> str:
    """``mana`` with its generic part reduced by ``by`` (601.2f: never below zero)."""
    cost = parse_cost(mana)
    generic = max(0, cost.generic - by)
    symbols = re.sub(r"\{\d+\}", "", mana)
    return (f"{{{generic}}}" if generic else "") + symbols


def _offer_emerge(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    kw = compiled.keyword_ability(obj, "emerge")
    if kw is None or kw.cost is None or kw.cost.mana is None:
        return None
    creatures = [o for o in game.permanents(player) if o.is_creature and not o.phased_out]
    payable = [c for c in creatures if casting.can_pay(
        game, player, parse_cost(_reduced(kw.cost.mana, game.mana_value_of(c))), 0, obj)]
    if not payable or not game.decider.may(
            player.name, f"cast {obj.name} for its emerge cost {kw.cost.mana}, sacrificing a "
                         "creature (702.119a)"):
        return None
    victim = payable[0] if len(payable) == 1 else game.decider.choose(
        player.name, f"creature to sacrifice for {obj.name}'s emerge cost", payable)
    game.__dict__["emerge_pending"] = (obj, victim)
    return _reduced(kw.cost.mana, game.mana_value_of(victim))


def _cast_emerge(game: Game, player: Player, spell: GameObject) -> None:
    pending = game.__dict__.pop("emerge_pending", None)
    if pending is None or pending[0] is not spell:
        return
    victim = pending[1]
    if victim.zone == "battlefield" and victim.controller is player:
        game.move(victim, "graveyard")  # 601.2h: sacrificed as the costs are paid
        game.log("sacrificed", obj=victim, player=player, rule="702.119a")
    spell.choices_made["emerged"] = True
    spell.choices_made["cost_paid"] = [victim]  # "the sacrificed creature" (608.2h)


# -- prowl (702.76) ------------------------------------------------------------------------------
def _offer_prowl(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    kw = compiled.keyword_ability(obj, "prowl")
    if kw is None or kw.cost is None or kw.cost.mana is None:
        return None
    kinds = set(obj.face.subtypes)
    if not kinds:
        return None
    hit = False
    for event in game.events_this_turn("combat_damage_to_player"):
        for source in event.data.get("sources", ()) or ():
            src = source[0] if isinstance(source, tuple) else source
            if isinstance(src, GameObject) and src.controller is player and \
                    kinds & set(src.subtypes):
                hit = True
    if not hit or not _may(game, player, obj, kw.cost.mana, "prowl", "702.76a"):
        return None
    return kw.cost.mana


def _cast_prowl(game: Game, player: Player, spell: GameObject) -> None:
    spell.choices_made["prowled"] = True
    game.log("prowl_paid", obj=spell, player=player)


registry.register_alternative_cost(_offer_overload, _cast_overload)
registry.register_alternative_cost(_offer_emerge, _cast_emerge)
registry.register_alternative_cost(_offer_prowl, _cast_prowl)
