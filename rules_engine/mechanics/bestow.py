"""Bestow (702.103).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.103a: "Bestow [cost]" means "As you cast this spell, you may choose to cast it bestowed.
  If you do, you pay [cost] rather than its mana cost" (an alternative cost, 118.9, offered by
  ``casting.py`` through ``registry.ALTERNATIVE_COSTS``; offered only while there is a creature
  to enchant and the caster can pay it).
- 702.103b / 702.103d: as it is put onto the stack it becomes an Aura enchantment with enchant
  creature (a type-changing effect, layer 4, and an ability, layer 6: the Mod below, applied
  as the choice is made so the spell is judged with those characteristics) and must target a
  creature it can enchant (303.4a, 601.2c); the permanent it becomes enters attached to it
  (303.4f), still a bestowed Aura (``permanents.enter_battlefield`` asks
  :func:`entering`).
- 702.103e: as it begins resolving, if its target is illegal, it ceases to be bestowed and
  resolves as a creature spell (an exception to 608.2b; ``turn.resolve_top`` asks
  :func:`target_illegal`).
- 702.103f: a bestowed Aura that becomes unattached, or is attached to an illegal object,
  becomes unattached and ceases to be bestowed: an enchantment creature, not put into the
  graveyard (an exception to 704.5m; ``sba`` asks :func:`falls_off`).
- A cast refused after the choice (601.2: the game returns to the moment before) leaves the
  card as it was: the state-based pass removes the effect from any card no longer on the stack
  or the battlefield.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Mod, Player

_ENCHANT_CREATURE = ab.KeywordAbility(name="enchant", parameter="creature",
                                      text="Enchant creature")
_BESTOWED = "bestowed"  # the Mod's duration tag: until it ceases to be bestowed


def _make_aura(game: Game, obj: GameObject) -> None:
    obj.mods = [m for m in obj.mods if m.until != _BESTOWED]
    obj.mods.append(Mod(set_types=("Enchantment",), add_subtypes=("Aura",),
                        abilities=(_ENCHANT_CREATURE,), until=_BESTOWED,
                        timestamp=game.next_timestamp()))
    game.sba_dirty = True


def cease(game: Game, obj: GameObject) -> None:
    """It ceases to be bestowed: the effect making it an Aura ends (702.103e-f)."""
    if any(m.until == _BESTOWED for m in obj.mods):
        obj.mods = [m for m in obj.mods if m.until != _BESTOWED]
        game.sba_dirty = True
    obj.choices_made[_BESTOWED] = False


def _offer(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    kw = compiled.keyword_ability(obj, "bestow")
    if kw is None or kw.cost is None or kw.cost.mana is None or not any(
            o.is_creature for o in game.battlefield):
        return None
    mana = kw.cost.mana
    if not casting.can_pay(game, player, parse_cost(mana), 0, obj) or not game.decider.may(
            player.name, f"cast {obj.name} bestowed for {mana} (702.103a)"):
        return None
    _make_aura(game, obj)  # 702.103b: before targets are chosen (601.2c)
    game.__dict__.setdefault("bestow_pending", []).append(obj)
    return mana


def _cast(game: Game, player: Player, spell: GameObject) -> None:
    spell.choices_made[_BESTOWED] = True
    game.log("cast_bestowed", obj=spell, player=player)


def entering(game: Game, obj: GameObject) -> None:
    """The bestowed Aura spell becomes a bestowed Aura as it enters (702.103b, 303.4f)."""
    _make_aura(game, obj)


def target_illegal(game: Game, obj: GameObject) -> bool:
    """702.103e: a bestowed Aura spell whose target is illegal resolves as a creature spell."""
    if not obj.choices_made.get(_BESTOWED):
        return False
    cease(game, obj)
    obj.targets = []
    game.note(f"{obj.name}'s target is illegal: it ceases to be bestowed and resolves as a "
              "creature spell (702.103e)")
    return True


def falls_off(game: Game, obj: GameObject) -> bool:
    """702.103f: a bestowed Aura that would be put into the graveyard for being unattached or
    illegally attached (704.5m) becomes unattached and an enchantment creature instead."""
    if not obj.choices_made.get(_BESTOWED) or obj.zone != "battlefield":
        return False
    obj.attached_to = None
    cease(game, obj)
    game.log("unattached", obj=obj, rule="702.103f")
    return True


@registry.state_based(order=7)
def _refused(game: Game) -> bool:
    """The effect of a choice whose cast was refused ends with it (601.2)."""
    pending = game.__dict__.get("bestow_pending")
    if not pending:
        return False
    for obj in pending:
        if obj.zone not in ("stack", "battlefield"):
            cease(game, obj)
    game.__dict__["bestow_pending"] = [o for o in pending if o.zone == "stack"]
    return False


registry.register_alternative_cost(_offer, _cast)
registry.provide(bestow_entering=entering, bestow_target_illegal=target_illegal,
                 bestow_falls_off=falls_off)
