"""What the support audit (:mod:`rules_engine.support`) asks of the effect handlers: why a handled
record is still not run, and which static-ability effects run outside statics.py. Kept
beside the handlers so the two stay in step.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, records, registry
from rules_engine import game as game_module
from rules_engine.effects import replace_events
from rules_engine.effects.keyword_actions import KEYWORD_ACTIONS
from rules_engine.effects.replacement import _ZONE_EVENTS, _instead_zone, other_zone_replacement
from rules_engine.effects.restrictions import _OBJECT_RESTRICTIONS
from rules_engine.effects.tokens import _PREDEFINED
from rules_engine.objects import Mod
from rules_engine.text import compile_card

# records whose handlers make a modification of an object (objects.Mod), which
# effects/durations.py ends with its duration (611.2b)
_MOD_BASED = (ab.ModifyPT, ab.SetBasePT, ab.GrantAbility, ab.Animate, ab.LoseAbility, ab.SetTypes,
              ab.BecomeCopy)


def not_run_reason(eff: Any) -> str | None:
    """Why a handled record would still be skipped (the handler's "not run" note), as an audit
    label; None when it runs. Kept beside the handlers so the two stay in step."""
    if isinstance(eff, ab.Restriction):
        if eff.kind in ("cant_cast", "cast_from_graveyard", "play_lands_from_graveyard") and \
                eff.duration is not None:
            return None  # (the last two: restrictions.h_restriction keeps them this turn)
        if eff.kind == "cant_gain_life" and eff.duration is not None and \
                eff.duration.kind in ("this_turn", "end_of_turn"):
            return None  # (effects/restrictions.h_restriction, read by Game.gain_life)
        if eff.kind in _OBJECT_RESTRICTIONS or eff.kind in ("doesnt_untap_next",
                                                            "cant_be_countered",
                                                            "no_max_hand_size",
                                                            "damage_cant_be_prevented",
                                                            "must_block_source",
                                                            "cant_block_source"):
            return None
        return f"restriction:{eff.kind}"
    kind = getattr(getattr(eff, "duration", None), "kind", "") or ""
    if kind.startswith("while_") and not isinstance(eff, _MOD_BASED):
        return f"duration:{kind}"  # (611.2b: only modifications of objects end this way)
    if isinstance(eff, ab.EnterAsCopy) and eff.except_text:
        return "enter_as_copy:except"  # (707.9b exceptions in words: tokens.h_enter_as_copy)
    if isinstance(eff, records.CreateAttachedToken):
        return _role_not_run(eff.token.name or "")
    if isinstance(eff, ab.CastPermission):
        return None if eff.kind == "flash" else f"cast_permission:{eff.kind}"
    if isinstance(eff, ab.Animate):
        # colors / creature types an effect gives need objects.Mod to carry them
        if eff.colors and "colors" not in Mod.__slots__:
            return "animate:colors"
        if eff.subtypes and "subtypes" not in Mod.__slots__:
            return "animate:subtypes"
    if isinstance(eff, ab.ReplacementEffect):
        if eff.event in ("enters", "enter") and eff.duration is not None:
            return None
        if eff.event in _ZONE_EVENTS and _instead_zone(eff) is not None and _move_calls_us():
            return None
        return f"replacement:{eff.event}"
    if isinstance(eff, records.ReplaceEvent) and not replace_events.runs(eff):
        return f"replace_event:{eff.event}:{eff.op}"
    if type(eff).__name__ == "KeywordAction":
        name = eff.name.lower()
        # (a mechanic's own keyword actions are in the registry: mechanics/earthbend.py ...)
        return None if name in KEYWORD_ACTIONS or name in registry.KEYWORD_ACTIONS \
            else f"keyword_action:{name}"
    return None


def _move_calls_after() -> bool:
    """The rest of a replaced zone change runs once Game.move calls after_zone_change."""
    import inspect


    return "after_zone_change" in inspect.getsource(game_module)


def _move_calls_us() -> bool:
    """Zone-change replacements work once Game.move asks zone_change_replacement."""
    import inspect


    return "zone_change_replacement" in inspect.getsource(game_module)


def static_run(eff: Any) -> bool:
    """Static-ability effects run outside statics.py (for the audit): "Prevent all damage that
    would be dealt to/by ..." is applied by the damage code (combat.prevent); "can't be
    countered" by :func:`cant_be_countered`; "costs {N} less/more" by mana.modified_cost
    once casting.py calls it."""
    if isinstance(eff, ab.CastPermission):
        # 601.3c, checked as the card is cast; 118.9, offered as a spell is cast
        return casting.self_flash_permission(eff) or casting.free_cast_permission(eff) or \
            casting.other_flash_permission(eff)
    if isinstance(eff, records.ReplaceEvent):
        # 614.1a: applied by the event's own code through hooks.replace_event
        return replace_events.runs(eff)
    if isinstance(eff, ab.CostModifier):
        import inspect


        return "modified_cost" in inspect.getsource(casting)
    if isinstance(eff, ab.ReplacementEffect) and other_zone_replacement(eff):
        # the counters part needs Game.move to call after_zone_change
        return _move_calls_us() and all(isinstance(e, ab.Exile | ab.MoveToZone | ab.PutCounters)
                                        for e in eff.instead) and (
            not any(isinstance(e, ab.PutCounters) for e in eff.instead) or _move_calls_after())
    if isinstance(eff, ab.ReplacementEffect):
        return eff.event in _ZONE_EVENTS and eff.subject is not None and \
            eff.subject.kind in ("self", "it") and _instead_zone(eff) is not None and \
            _move_calls_us()
    if isinstance(eff, ab.Restriction):
        if eff.kind == "damage_cant_be_prevented":
            return True
        return eff.kind in ("cant_be_countered", "cant_be_blocked_by") and (
            eff.kind == "cant_be_countered" or eff.subject.kind in ("self", "it"))
    return isinstance(eff, ab.PreventDamage) and eff.duration is None


def _role_not_run(name: str) -> str | None:
    """A predefined Aura token (111.10j-r) the engine has no definition of, or whose rules text
    it doesn't compile fully (Young Hero's "if its toughness is 3 or less"), is not run."""
    found = _PREDEFINED.get(name.lower())
    if found is None:
        return f"token:{name}"
    card = compile_card({"name": found[0], "type_line": found[1], "oracle_text": found[2],
                         "layout": "token", "colors": []})
    return f"token:{name}" if card.unsupported else None
