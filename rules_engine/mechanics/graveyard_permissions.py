"""Permissions to cast spells (and play lands) from a graveyard (601.3, 305.1).

- Static: "You may play lands and cast Insect spells from your graveyard" (Zask), "Once
  during each of your turns, you may cast a Dragon creature spell from your graveyard"
  (Rivaz): ``Restriction`` records of kind ``cast_from_graveyard`` (a filter of the spells;
  the filter words "once each turn" and "during your turn" limit it) and
  ``play_lands_from_graveyard`` on a permanent, read through ``statics.player_restrictions``.
- Resolved: "Until end of turn, you may play lands and cast spells from your graveyard"
  (Gaea's Will): the same records with a duration, kept by ``effects/restrictions.py`` for
  the turn (611.2a) and read here (``statics_more.timed_permissions``).

A spell cast this way is cast from the owner's graveyard paying its costs (601.2f); it goes
where a resolved spell goes as usual (no exile). "Once each turn" counts the casts this
permission allowed, from that source (one use per turn, 601.3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry, statics, statics_more, targeting
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player

_LIMITS = ("once each turn", "during your turn")


def _permissions(game: Game, player: Player) -> list[tuple[Any, Any]]:
    found = list(statics.player_restrictions(game, "cast_from_graveyard", player))
    found.extend(statics_more.timed_permissions(game, "cast_from_graveyard", player))
    return found


def _matches(game: Game, player: Player, obj: GameObject, flt: ab.ObjectFilter | None) -> bool:
    """The spell description without the limits this module checks itself."""
    if flt is None:
        return True
    base = replace(flt, qualifiers=tuple(q for q in flt.qualifiers
                                         if q not in _LIMITS and q != "spell"))
    return targeting.matches(game, obj, base, player, None, zone_check=False)


def _permission(game: Game, player: Player, obj: GameObject) -> tuple[Any, ...] | None:
    """601.3: the first permission that lets ``player`` cast ``obj`` from their graveyard."""
    if obj.owner is not player or obj.zone != "graveyard" or obj.is_land:
        return None
    used = game.__dict__.setdefault("graveyard_permission_uses", set())
    for src, eff in _permissions(game, player):
        flt = eff.filter
        quals = flt.qualifiers if flt is not None else ()
        if "during your turn" in quals and game.active is not player:
            continue
        key = (id(src), getattr(src, "timestamp", None), game.turn)
        if "once each turn" in quals and key in used:
            continue
        if not _matches(game, player, obj, flt):
            continue
        if "once each turn" in quals:
            def mark(g: Game, p: Player, spell: GameObject, key: Any = key) -> None:
                g.__dict__.setdefault("graveyard_permission_uses", set()).add(key)
            return obj.face.mana_cost, (), False, mark
        return obj.face.mana_cost, (), False
    return None


registry.GRAVEYARD_CASTS.append(_permission)
# the limits are checked by _permission above, not by the filter matcher
registry.QUALIFIERS.setdefault("once each turn", lambda game, obj, source: True)
