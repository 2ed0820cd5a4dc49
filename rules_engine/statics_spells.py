"""Static abilities that give spells abilities (613.1f, layer 6): "Nonartifact spells you cast
have improvise", "Dinosaur spells you cast have prowl {2}{R}", "Spells you cast with mana value
6 or greater have cascade", "The first spell you cast each turn has cascade", and resolved
"The next spell you cast this turn has convoke" (611.2a).

:mod:`rules_engine.statics` rebuilds the modifications of permanents only; a spell is given
these abilities as it is cast, from the moment it is put on the stack (601.2a), so that the
abilities that matter while it is cast work: convoke, improvise and delve (paid through
casting's helpers, 702.51a, 702.126a, 702.66a), affinity (702.41a, a cost reduction, 601.2f),
prowl and the other alternative or additional costs read as the cost is chosen (601.2b), and
"When you cast this spell" triggers such as cascade, storm, casualty's copy, demonstrate
(603.2, looked at once the spell has become cast, 601.2i). The grants are one
:class:`~rules_engine.objects.Mod` per granting effect, in ``static_mods`` of the card
(``until`` :data:`SPELL_GRANT`), replaced at each cast and removed when a cast is refused;
``Game.move`` clears them when the spell leaves the stack.

A "next spell" grant (:class:`~rules_engine.records.NextSpellGrant`, kept by
effects/cost_effects.py) applies to the next spell its player casts that the filter describes
this turn, and only to it (601.2i: that spell used it up).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import conditions, targeting
from rules_engine import statics as st
from rules_engine.game import Game
from rules_engine.objects import GameObject, Mod, Player
from rules_engine.registry import QUALIFIERS
from rules_engine.text.spell_grants import CAST_FROM

SPELL_GRANT = "spell_grant"
# game.__dict__: resolved "the next <spell> you cast this turn has <keyword>" effects, as
# (player, GrantAbility, turn, event index)
NEXT_SPELL_GRANTS = "next_spell_grants"


def is_spell_grant(eff: Any) -> bool:
    """A GrantAbility whose subject is spells ("... spells you cast have ...")."""
    flt = getattr(getattr(eff, "subject", None), "filter", None)
    return isinstance(eff, ab.GrantAbility) and flt is not None and (
        flt.zone == "stack" or "spell" in flt.qualifiers)


def _describes(game: Game, spell: GameObject, flt: Any, player: Player, src: Any) -> bool:
    saved = spell.controller
    spell.controller = player  # (the caster's spell, 601.2a)
    try:
        return targeting.matches(game, spell, flt, player if src is None else src.controller,
                                 src, zone_check=False)
    finally:
        spell.controller = saved


def _grants(game: Game, spell: GameObject, player: Player) -> list[tuple[Any, int]]:
    found: list[tuple[Any, int]] = []
    for src, abl, eff in st.static_effects(game, ab.GrantAbility):
        if not is_spell_grant(eff) or eff.duration is not None:
            continue
        if abl.condition is not None and not conditions.holds(
                game, abl.condition, src.controller, src):
            continue
        if _describes(game, spell, eff.subject.filter, player, src):
            found.append((eff, src.timestamp))
    for who, eff, turn, since in game.__dict__.get(NEXT_SPELL_GRANTS, ()):
        if who is not player or turn != game.turn:
            continue
        flt = eff.subject.filter
        if not _describes(game, spell, flt, player, None):
            continue
        used = any(ev.name == "spell_cast" and ev.data.get("player") is player
                   and ev.data.get("obj") is not spell
                   and _describes(game, ev.data.get("obj"), flt, player, None)
                   for ev in game.events[since:])
        if not used:
            found.append((eff, game.timestamp))
    return found


def grant(game: Game, spell: GameObject, player: Player) -> None:
    """Give ``spell`` (being cast by ``player``) the abilities static abilities and resolved
    "next spell" effects give such spells now (613.1f), replacing those given before."""
    clear(spell)
    for eff, stamp in _grants(game, spell, player):
        spell.static_mods.append(Mod(keywords=tuple(k.name for k in eff.keywords),
                                     abilities=tuple(eff.abilities) + tuple(eff.keywords),
                                     until=SPELL_GRANT, timestamp=stamp))


def clear(obj: GameObject) -> None:
    """Remove the grants :func:`grant` made (a refused cast leaves the card as it was)."""
    if obj.static_mods:
        obj.static_mods = [m for m in obj.static_mods if m.until != SPELL_GRANT]


def _cast_zone(obj: Any) -> str | None:
    """The zone a spell is (being) cast from (601.2a): where the card still is while its
    casting begins, then the one recorded as it moved to the stack."""
    return getattr(obj, "cast_from", None) if obj.zone == "stack" else obj.zone


def _cast_from(zones: tuple[str, ...] | None, other_than: str | None = None) -> Any:
    def holds(game: Any, obj: Any, source: Any) -> bool:
        zone = _cast_zone(obj)
        return zone != other_than if other_than else zone in (zones or ())
    return holds


def _color_count(n: int) -> Any:
    def holds(game: Any, obj: Any, source: Any) -> bool:
        return len([c for c in obj.colors if c in "WUBRG"]) == n  # 105.2
    return holds


QUALIFIERS.update({
    CAST_FROM["your hand"]: _cast_from(("hand",)),
    CAST_FROM["exile"]: _cast_from(("exile",)),
    CAST_FROM["your graveyard"]: _cast_from(("graveyard",)),
    CAST_FROM["anywhere other than your hand"]: _cast_from(None, "hand"),
})
QUALIFIERS.update({f"exactly {w} colors": _color_count(n) for w, n in (
    ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5))})
