"""Cost increases and reductions (601.2f, 118.7): the total cost of a spell as it is cast.

A question about the state (characteristics layer): which "costs {N} less/more" abilities
apply to this spell now. Kept out of :mod:`rules_engine.mana` (symbols, costs and the pool: the
state layer, which :class:`~rules_engine.game.Game` uses) because it reads statics, conditions
and targets.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, records, targeting
from rules_engine import statics as st
from rules_engine.mana import ManaCost, parse_cost
from rules_engine.registry import hooks


# -- cost increases and reductions (601.2f, 118.7) -----------------------------------------------
def modified_cost(game: Any, player: Any, spell: Any, cost: ManaCost, targets: list[Any],
                  from_zone: str | None = None) -> ManaCost:
    """601.2f: the total cost of a spell - its mana cost plus cost increases, minus cost
    reductions - from the spell's own "This spell costs {N} less/more to cast [if ...]" and the
    "[Spells] you cast cost {N} less/more" abilities of permanents. Returns ``cost`` itself when
    nothing applies (the common case, so callers may compare by identity)."""
    found: list[tuple[Any, Any, Any]] = []  # (modifier, its source, its ability's condition)
    for abl in compiled.object_abilities(spell):
        if isinstance(abl, ab.StaticAbility):
            for eff in abl.effects:
                if isinstance(eff, ab.CostModifier) and eff.applies_to_self:
                    found.append((eff, spell, abl.condition))
    for src in game.battlefield:
        statics = src.face.statics
        if statics is None or src.mods or src.static_mods:  # gained ones too (613.1f)

            statics = st._statics(src)
        if not statics or src.phased_out:
            continue
        for abl in statics:
            for eff in abl.effects:
                if isinstance(eff, ab.CostModifier) and not eff.applies_to_self:
                    found.append((eff, src, abl.condition))
    affinity = _affinity_reduction(game, player, spell)
    if not found and not affinity:
        return cost
    increase = ManaCost()
    reduce: list[ManaCost] = []
    applied = False
    for eff, src, abl_cond in found:
        if not _modifier_applies(game, player, spell, eff, src, abl_cond, targets, from_zone):
            continue
        times = _modifier_times(game, player, spell, eff, src, targets)
        if times <= 0:
            continue
        delta = parse_cost(eff.delta.replace("{X}", "{" + str(times) + "}")
                           if "{X}" in eff.delta else eff.delta)
        if "{X}" in eff.delta:
            times = 1
        for _ in range(times):
            if eff.increase:
                increase.generic += delta.generic
                for c, n in delta.colored.items():
                    increase.colored[c] = increase.colored.get(c, 0) + n
            else:
                reduce.append(delta)
        applied = True
        game.log("cost_modified", obj=spell, by=src, text=eff.text)
    if affinity:
        # 702.41a-b: "Affinity for [text]" - {1} less for each [text] you control, per instance
        reduce.append(ManaCost(affinity, {}))
        applied = True
        game.log("cost_modified", obj=spell, by=spell, text=f"affinity ({affinity} less)")
    if not applied:
        return cost
    total = ManaCost(cost.generic + increase.generic, dict(cost.colored), cost.x_count,
                     list(cost.hybrid))
    for c, n in increase.colored.items():
        total.colored[c] = total.colored.get(c, 0) + n
    for delta in reduce:
        total.generic = max(0, total.generic - delta.generic)  # 118.7a
        for c, n in delta.colored.items():
            have = total.colored.get(c, 0)
            used = min(have, n)
            if used:
                total.colored[c] = have - used
                if not total.colored[c]:
                    del total.colored[c]
            total.generic = max(0, total.generic - (n - used))  # 118.7b-d
    return total


def _affinity_reduction(game: Any, player: Any, spell: Any) -> int:
    """702.41a: how much generic mana each "Affinity for [text]" of the spell takes off: one
    for each [text] (a permanent description: "artifacts", "Equipment") ``player`` controls;
    several instances each apply (702.41b)."""
    if compiled.keyword_ability(spell, "affinity for") is None:
        return 0
    from rules_engine.text.nouns import parse_filter

    total = 0
    for kw in compiled.object_abilities(spell):
        if not isinstance(kw, ab.KeywordAbility) or (kw.name or "").lower() != "affinity for":
            continue
        flt = parse_filter(kw.parameter or "")
        if flt is None:
            continue
        total += sum(1 for o in game.battlefield if o.controller is player and not o.phased_out
                     and targeting.matches(game, o, flt, player, spell))
    return total


def _modifier_applies(game: Any, player: Any, spell: Any, eff: Any, src: Any, abl_cond: Any,
                      targets: list[Any], from_zone: str | None) -> bool:
    if not eff.applies_to_self:
        flt = eff.filter
        text = (eff.text or "").lower()
        if flt.controller == "opponent" or "your opponents cast" in text or \
                "opponents cast" in text:
            if player is src.controller:
                return False
        elif flt.controller == "you" or "you cast" in text:
            if player is not src.controller:
                return False
        if flt.zone == "graveyard" and from_zone != "graveyard":
            return False
        if "during your turn" in flt.qualifiers and game.active is not src.controller:
            return False
        if not targeting.matches(game, spell, flt, src.controller, src, zone_check=False):
            return False
    for cond in (abl_cond, eff.condition):
        if cond is None:
            continue
        if cond.kind == "targets":  # "if it targets a tapped creature"
            # ("Spells your opponents cast that target ~ / a creature you control": "you" and
            # "~" are the permanent's, not the caster's)
            who, about = (player, spell) if eff.applies_to_self else (src.controller, src)
            held = any(targeting.matches(game, t, cond.filter, who, about, zone_check=False)
                       for t in targets if not isinstance(t, type(player)))
            if held == cond.negated:
                return False
        elif not conditions.holds(game, cond, player, src):
            return False
    return True


def _modifier_times(game: Any, player: Any, spell: Any, eff: Any, src: Any,
                    targets: list[Any]) -> int:
    """How many times a modifier applies: once, "for each target [beyond the first]", or X."""
    amt = eff.amount
    if amt is None:
        return 1
    if amt.value is not None:
        return int(amt.value)
    text = (amt.text or "").lower()
    if text == "for each target":
        return len(targets)
    if text == "for each target beyond the first":
        return max(0, len(targets) - 1)
    if text == "x is the amount of life you gained this turn":
        return player.life_gained_turn
    if text.startswith("x is ~'s power") and hasattr(src, "power"):
        return max(0, src.power)
    value = hooks.described_amount(game, amt.text or "", player, src)  # "for each ... card in ..."
    if value is not None:
        return max(0, value)
    game.note(f"cost modifier amount '{amt.text}' not computed; not applied")
    return 0


def activation_cost(game: Any, player: Any, obj: Any, abl: Any, cost: ManaCost) -> ManaCost:
    """602.2b, 601.2f: an activated ability's mana cost after its own "This ability costs {N}
    less/more to activate [for each ...] [if ...]" (records.ActivationCostChange among its
    effects); a reduction takes generic mana only down to zero (118.7a), a coloured symbol's
    reduction takes that colour, then generic (118.7b-d). ``cost`` itself when nothing applies."""
    changes = [e.modifier for e in getattr(abl, "effects", ()) if isinstance(
        e, records.ActivationCostChange) and e.modifier is not None]
    if not changes:
        return cost
    total = ManaCost(cost.generic, dict(cost.colored), cost.x_count, list(cost.hybrid))
    applied = False
    for mod in changes:
        if mod.condition is not None and not conditions.holds(game, mod.condition, player, obj):
            continue
        times = _modifier_times(game, player, obj, mod, obj, [])
        delta = parse_cost(mod.delta)
        if "{X}" in mod.delta:  # "costs {X} less to activate, where X is ...": X once
            delta, times = parse_cost("{" + str(max(0, times)) + "}"), 1
        for _ in range(max(0, times)):
            applied = True
            if mod.increase:
                total.generic += delta.generic
                for c, n in delta.colored.items():
                    total.colored[c] = total.colored.get(c, 0) + n
                continue
            total.generic = max(0, total.generic - delta.generic)
            for c, n in delta.colored.items():
                used = min(total.colored.get(c, 0), n)
                if used:
                    total.colored[c] -= used
                    if not total.colored[c]:
                        del total.colored[c]
                total.generic = max(0, total.generic - (n - used))
        if times > 0:
            game.log("cost_modified", obj=obj, by=obj, text=mod.text)
    return total if applied else cost
