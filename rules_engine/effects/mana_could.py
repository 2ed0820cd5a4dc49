"""Mana of a type another permanent could produce (106.7): Reflecting Pool, Exotic Orchard,
Fellwar Stone, Star Compass ...

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 106.7: "the type of mana a permanent could produce at any time includes any type of mana
  that an ability of that permanent would produce if the ability were to resolve at that time
  ... Ignore whether any costs of the ability could or could not be paid. If that permanent
  wouldn't produce any mana under these conditions, or no type of mana can be defined this way,
  there's no mana to be produced." So every mana ability of each matching permanent counts
  (its cost ignored), as does a land's basic land type (305.6); an ability that itself copies
  another permanent's types adds nothing (two Reflecting Pools define no type, 106.7).
- 106.1b / 105.1: "type" includes colorless ({C}); "color" does not.
- 605.3b: the mana ability resolves at once; the player chooses among the types found.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import compiled, registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _players, amount
from rules_engine.game import Game
from rules_engine.mana import BASIC_LAND_MANA, COLORS, chosen_color
from rules_engine.objects import GameObject
from rules_engine.records import AddManaCouldProduce


def could_produce(game: Game, obj: GameObject) -> set[str]:
    """The types of mana ``obj`` could produce now (106.7), as letters of WUBRGC."""
    found: set[str] = set()
    if not compiled.lost_any(obj):
        found.update(BASIC_LAND_MANA[s] for s in obj.subtypes if s in BASIC_LAND_MANA)
    for abl in compiled.activated_abilities(obj):
        if not abl.is_mana_ability:
            continue
        for eff in ab.iter_effects((abl,)):
            if not isinstance(eff, ab.AddMana) or isinstance(eff, AddManaCouldProduce):
                continue
            if eff.any_color or eff.one_color:
                found.update(COLORS)
            if eff.chosen or "chosen:color" in eff.choices:
                found.update(c for c in (chosen_color(game, obj),) if c)
            for sym in (eff.mana, *eff.choices):
                found.update(ch for ch in sym if ch in COLORS + "C")
    return found


def h_add_could_produce(ctx: Ctx, eff: AddManaCouldProduce) -> None:
    game = ctx.game
    who = ctx.controller
    if eff.player is not None:
        who = (_players(ctx, eff.player) or [who])[0]
    src = _source_obj(ctx)
    kinds: set[str] = set()
    for obj in game.battlefield:
        if obj is src or obj.phased_out or eff.source_filter is None:
            continue
        if targeting.matches(game, obj, eff.source_filter, ctx.controller, src):
            kinds |= could_produce(game, obj)
    if eff.colors_only:
        kinds.discard("C")
    options = [k for k in COLORS + "C" if k in kinds]
    if not options:
        game.note(f"'{eff.text}': no type of mana can be defined this way, so none is "
                  "produced (106.7)")
        return
    pick = options[0] if len(options) == 1 else game.decider.choose(who.name, "mana colour",
                                                                     options)
    n = amount(ctx, eff.amount)
    who.mana_pool[pick] = who.mana_pool.get(pick, 0) + n


registry.register_effects({AddManaCouldProduce: h_add_could_produce})
