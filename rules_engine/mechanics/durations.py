"""Durations bound to a source (611.2b).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 611.2b: a continuous effect from a resolving spell or ability that lasts "for as long as
  ~ remains on the battlefield" ends as soon as that object leaves the battlefield (a new
  object if it returns, 400.7); one lasting "for as long as you control ~" also ends when the
  ability's controller stops controlling it; if the duration ended before the effect began
  (the source had already left as the ability resolved), the effect does nothing.
  Such a modification carries the tag ``while:<kind>:<source id>:<its timestamp>:<player>``
  (``effects.core._until``); the check runs with the state-based actions, so it is done
  before any player next receives priority (117.5) or a trigger is put on the stack.

Not modelled here: effects kept outside the objects' modifications (control changes,
restrictions, permissions) with these durations; the support audit lists them
(``effects.audit``).
"""

from __future__ import annotations

from rules_engine import registry
from rules_engine.game import Game
from rules_engine.objects import ABILITY_CHANGES


def _ended(game: Game, tag: str) -> bool:
    _, kind, oid, stamp, player = tag.split(":", 4)
    src = game.__dict__.get("while_sources", {}).get(int(oid))
    if src is None or src.zone != "battlefield" or str(src.timestamp) != stamp:
        return True
    return kind == "while_you_control_source" and src.controller.name != player


@registry.state_based(order=6)
def _end_bound_durations(game: Game) -> bool:
    """611.2b: drop the modifications whose source left (or changed controller)."""
    if not game.__dict__.get("while_sources"):
        return False
    acted = False
    live = set()
    for obj in game.battlefield:
        mods = obj.mods
        if not mods or not any(m.until.startswith("while:") for m in mods):
            continue
        kept = [m for m in mods if not (m.until.startswith("while:") and _ended(game, m.until))]
        live.update(m.until.split(":")[2] for m in kept if m.until.startswith("while:"))
        if len(kept) != len(mods):
            if any(m.copy_face is not None for m in mods if m not in kept):
                obj.mods = kept
                obj.refresh_face()  # a copy effect ended (707.2)
            obj.mods = kept
            ABILITY_CHANGES[0] += 1  # what it has changed: the statics are rebuilt
            game.note(f"{obj.name}: an effect lasting while its source stays ended (611.2b)")
            acted = True
    sources = game.__dict__["while_sources"]
    for oid in [o for o in sources if str(o) not in live]:
        del sources[oid]
    return acted
