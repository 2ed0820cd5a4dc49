"""Static limits on what a player does each turn (101.2: "can't" beats "can").

* "Each player can't cast more than one spell each turn", "You can't cast more than one
  spell each turn", "Each player can't cast more than one non-Phyrexian spell each turn",
  "Enchanted player can't cast more than one spell each turn" (601.3: a spell the limit
  describes can't be cast once its caster has cast one such spell this turn, 601.2i; spells
  cast before the permanent arrived count too: the limit looks at the turn's casts).

The grammar is :mod:`rules_engine.text.statics_phrases` (restriction kind
``cant_cast_more_than_one``, its filter the spells counted); casting.cast_prohibited asks
:func:`cast_limit`.
"""

from __future__ import annotations

from typing import Any

from rules_engine import statics, targeting
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player


def _limits(game: Game, player: Player) -> list[tuple[GameObject, Any]]:
    """The "can't cast more than one ... each turn" restrictions about ``player``: those of
    players (you, your opponents, each player) and those of an Aura on a player ("Enchanted
    player", 303.4: the player it enchants)."""
    found = list(statics.player_restrictions(game, "cant_cast_more_than_one", player))
    for src in game.battlefield:
        if src.attached_to is player and not src.phased_out:
            for abl in statics.battlefield_statics(src):
                for eff in abl.effects:
                    if getattr(eff, "kind", None) == "cant_cast_more_than_one" and \
                            eff.subject is not None and eff.subject.kind == "enchanted":
                        found.append((src, eff))
    return found


def _counts(game: Game, obj: Any, flt: Any, player: Player, src: Any) -> bool:
    if flt is None:
        return True
    saved = obj.controller
    obj.controller = player  # (judged as the caster's spell, 601.3e)
    try:
        return targeting.matches(game, obj, flt, getattr(src, "controller", player), src,
                                 zone_check=False)
    finally:
        obj.controller = saved


# game.__dict__: resolved "can't cast <spells> this turn" effects (effects/cost_effects.py), as
# (player, filter, turn, source, text)
CANT_CAST_TURN = "cant_cast_turn"
# players who "for the rest of the game" can't cast spells (702.50a epic, mechanics/epic.py)
CANT_CAST_GAME = "cant_cast_game"


def cast_limit(game: Game, player: Player, obj: GameObject) -> str | None:
    """601.3: why ``player`` can't cast ``obj`` now under a "can't cast more than one ...
    spell each turn" (they cast such a spell this turn already) or a resolved "can't cast
    <spells> this turn" (101.2, 611.2a), or None."""
    if player.name in game.__dict__.get(CANT_CAST_GAME, ()):
        return "702.50a: for the rest of the game, this player can't cast spells (epic)"
    for who, flt, turn, src, text in game.__dict__.get(CANT_CAST_TURN, ()):
        if who is player and turn == game.turn and _counts(game, obj, flt, player, src):
            return f"{getattr(src, 'name', 'an effect')}: {text}"
    limits = _limits(game, player)
    if not limits:
        return None
    cast = [ev.data.get("obj") for ev in game.events_this_turn("spell_cast")
            if ev.data.get("player") is player and ev.data.get("obj") is not obj]
    if not cast:
        return None
    for src, eff in limits:
        if not _counts(game, obj, eff.filter, player, src):
            continue
        if any(o is not None and _counts(game, o, eff.filter, player, src) for o in cast):
            return f"{src.name}: {eff.text or 'one spell each turn'}"
    return None
