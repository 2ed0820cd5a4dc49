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
from rules_engine.registry import QUALIFIERS, hooks

# resolved "... you cast this turn cost {1} less" effects (records.CostChangeThisTurn), kept in
# game.__dict__ by effects/cost_effects.py as (player, modifier, next_only, turn, event index,
# source)
TURN_COST_CHANGES = "turn_cost_changes"


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
                if isinstance(eff, ab.CostModifier) and not eff.applies_to_self and \
                        not isinstance(eff, records.AbilityCostModifier |
                                       records.OptionalSpellCost | records.LifeCostModifier):
                    found.append((eff, src, abl.condition))
    found += _turn_changes(game, player, spell)
    affinity = _affinity_reduction(game, player, spell)
    if not found and not affinity:
        return cost
    increase = ManaCost()
    reduce: list[ManaCost] = []
    colored_only: set[int] = set()  # indexes in reduce: "reduces only ... colored mana"
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
                if getattr(eff, "colored_only", False):
                    colored_only.add(len(reduce))
                reduce.append(delta)
        applied = True
        game.log("cost_modified", obj=spell, by=getattr(src, "obj", src), text=eff.text)
    if affinity:
        # 702.41a-b: "Affinity for [text]" - {1} less for each [text] you control, per instance
        reduce.append(ManaCost(affinity, {}))
        applied = True
        game.log("cost_modified", obj=spell, by=spell, text=f"affinity ({affinity} less)")
    if not applied:
        return cost
    total = ManaCost(cost.generic + increase.generic, dict(cost.colored), cost.x_count,
                     list(cost.hybrid), list(cost.phyrexian))
    for c, n in increase.colored.items():
        total.colored[c] = total.colored.get(c, 0) + n
    for i, delta in enumerate(reduce):
        total.generic = max(0, total.generic - delta.generic)  # 118.7a
        for c, n in delta.colored.items():
            have = total.colored.get(c, 0)
            used = min(have, n)
            if used:
                total.colored[c] = have - used
                if not total.colored[c]:
                    del total.colored[c]
            if i not in colored_only:
                total.generic = max(0, total.generic - (n - used))  # 118.7b-d
    return total


def _turn_changes(game: Any, player: Any, spell: Any) -> list[tuple[Any, Any, Any]]:
    """The resolved "[the next] <spells> you cast this turn cost {N} less" effects that apply
    to ``spell`` (611.2a, for the rest of that turn): a "next" one only while no spell it
    describes was cast by its player since it began (601.2i: that spell used it up)."""
    kept = game.__dict__.get(TURN_COST_CHANGES)
    if not kept:
        return []
    found = []
    for who, mod, next_only, turn, since, src in kept:
        if turn != game.turn:
            continue
        if ("you cast" in (mod.text or "").lower() or mod.filter.controller == "you") and \
                player is not who:
            continue
        if not targeting.matches(game, spell, mod.filter, who, src, zone_check=False):
            continue
        if next_only and any(
                ev.data.get("player") is who and ev.data.get("obj") is not spell
                and targeting.matches(game, ev.data.get("obj"), mod.filter, who, src,
                                      zone_check=False)
                for ev in game.events[since:] if ev.name == "spell_cast"):
            continue
        found.append((mod, _Keeper(who, src), None))
    return found


class _Keeper:
    """The source of a resolved cost change as _modifier_applies sees it: its controller is
    the player the effect speaks for (the resolved ability's controller, 611.2a)."""

    __slots__ = ("controller", "obj")

    def __init__(self, controller: Any, obj: Any) -> None:
        self.controller = controller
        self.obj = obj


def _affinity_reduction(game: Any, player: Any, spell: Any) -> int:
    """702.41a: how much generic mana each "Affinity for [text]" of the spell takes off: one
    for each [text] (a permanent description: "artifacts", "Equipment") ``player`` controls;
    several instances each apply (702.41b)."""
    if compiled.keyword_ability(spell, "affinity for") is None:
        return 0
    from rules_engine.text.nouns import parse_filter

    total = 0
    for kw in compiled.keyword_instances(spell, "affinity for"):
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
        here = from_zone or "hand"  # (where the spell was cast from, 601.2a)
        if getattr(eff, "from_zones", ()) and here not in eff.from_zones:
            return False
        if here in getattr(eff, "not_from", ()):
            return False
        if "during your turn" in flt.qualifiers and game.active is not src.controller:
            return False
        if not targeting.matches(game, spell, flt, src.controller, getattr(src, "obj", src),
                                 zone_check=False):
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
        elif not conditions.holds(game, cond, player, getattr(src, "obj", src)):
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


def activation_cost(game: Any, player: Any, obj: Any, abl: Any, cost: ManaCost,
                    targets: list[Any] | None = None) -> ManaCost:
    """602.2b, 601.2f: an activated ability's mana cost after its own "This ability costs {N}
    less/more to activate [for each ...] [if ...]" (records.ActivationCostChange among its
    effects); a reduction takes generic mana only down to zero (118.7a), a coloured symbol's
    reduction takes that colour, then generic (118.7b-d). ``cost`` itself when nothing applies."""
    changes = [e.modifier for e in getattr(abl, "effects", ()) if isinstance(
        e, records.ActivationCostChange) and e.modifier is not None]
    others = _ability_modifiers(game, player, obj, abl, targets)
    if others:
        cost = _apply_ability_modifiers(game, obj, cost, others)
    if not changes:
        return cost
    total = ManaCost(cost.generic, dict(cost.colored), cost.x_count, list(cost.hybrid),
                     list(cost.phyrexian))
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


def ability_kind_of(abl: Any) -> set[str]:
    """The kinds of an activated ability a cost change may name (602.2b): "cycling" (702.29,
    typecycling too, 702.29f) and "ninjutsu" (702.49) for hand abilities, "equip" (702.6a,
    the equip keyword's ability), "exhaust" (702.177a), "power-up" (its label), "loyalty"
    (606.3), "nonmana" (605.1a: not a mana ability)."""
    kinds = set()
    if isinstance(abl, ab.KeywordAbility):  # a hand ability: cycling, ninjutsu (602.1)
        name = (abl.name or "").lower()
        return {name, "nonmana"} | ({"cycling"} if name.endswith("cycling") else set())
    text = (getattr(abl, "text", "") or "").lower()
    if text.startswith("equip") or any(
            isinstance(e, ab.Attach) and e.subject is not None and e.subject.kind == "self"
            and e.to is not None and e.to.kind == "target" for e in abl.effects):
        kinds.add("equip")  # (702.6a: "[Cost]: Attach this permanent to target creature ...")
    label = (getattr(abl, "label", None) or "").lower()
    if text.startswith("exhaust") or label == "exhaust":
        kinds.add("exhaust")
    if label in ("power-up", "boast"):  # "Power-up — {cost}: ...", "Boast — ..." (labels)
        kinds.add(label)
    if getattr(abl, "loyalty", False) or any(p.kind == "loyalty" for p in abl.cost.parts):
        kinds.add("loyalty")
    if not getattr(abl, "is_mana_ability", False):
        kinds.add("nonmana")
    return kinds


def _ability_modifiers(game: Any, player: Any, obj: Any, abl: Any,
                       targets: list[Any] | None) -> list[tuple[Any, Any]]:
    """The static "[Equip / Activated] abilities [of <sources>] [you activate] [that target
    ~] cost {N} less/more to activate" of permanents (and emblems) that apply to this
    activation (602.2b, 601.2f): the ability's source matches the filter, it is of the kind
    named, its activator is the one named, and it targets what is named (601.2c: targets are
    chosen before the total cost; ``targets`` None: not chosen yet, such a change waits)."""
    found: list[tuple[Any, Any]] = []
    kinds: set[str] | None = None
    for src, sabl, eff in st.static_effects(game, records.AbilityCostModifier):
        if kinds is None:
            kinds = ability_kind_of(abl)
        if eff.ability_kind == "first_each_turn":
            if _activated_this_turn(game, player, eff.filter, src):
                continue  # only the first such activation each turn
        elif eff.ability_kind is not None and eff.ability_kind not in kinds:
            continue
        if eff.activator == "you" and player is not src.controller:
            continue
        if eff.activator == "opponent" and player is src.controller:
            continue
        if not targeting.matches(game, obj, eff.filter, src.controller, src,
                                 zone_check=False):
            continue
        if eff.target is not None and (targets is None or not any(
                targeting.matches(game, t, eff.target, src.controller, src,
                                  zone_check=False)
                for t in targets if not isinstance(t, type(player)))):
            continue
        for cond in (sabl.condition, eff.condition):
            if cond is not None and not conditions.holds(game, cond, src.controller,
                                                         src):
                break
        else:
            found.append((eff, src))
    return found


def _activated_this_turn(game: Any, player: Any, flt: Any, src: Any) -> bool:
    """Whether ``player`` already activated an ability of a permanent ``flt`` describes this
    turn (602.2: mana abilities included; "the first activated ability of an artifact you
    activate each turn")."""
    for name in ("ability_activated", "mana_ability_activated"):
        for ev in game.events_this_turn(name):
            if ev.data.get("player") is not player:
                continue
            obj = ev.data.get("obj")
            obj = getattr(obj, "source", obj) if name == "ability_activated" else obj
            if obj is not None and targeting.matches(game, obj, flt, player, src,
                                                     zone_check=False):
                return True
    return False


def _apply_ability_modifiers(game: Any, obj: Any, cost: ManaCost,
                             found: list[tuple[Any, Any]]) -> ManaCost:
    """Increases first, then reductions (601.2f); a coloured symbol's reduction takes that
    colour, then generic (118.7b-d); "can't reduce the mana in that cost to less than one
    mana" keeps one generic mana of a cost that had any."""
    total = ManaCost(cost.generic, dict(cost.colored), cost.x_count, list(cost.hybrid),
                     list(cost.phyrexian))
    for eff, src in sorted(found, key=lambda f: not f[0].increase):
        times = _modifier_times(game, src.controller, obj, eff, src, [])
        delta = parse_cost(eff.delta)
        if "{X}" in eff.delta:  # "{X} less ..., where X is ~'s power": X once
            delta, times = parse_cost("{" + str(max(0, times)) + "}"), 1
        delta = ManaCost(delta.generic * max(0, times),
                         {c: n * max(0, times) for c, n in delta.colored.items()})
        before = total.mana_value
        if eff.increase:
            total.generic += delta.generic
            for c, n in delta.colored.items():
                total.colored[c] = total.colored.get(c, 0) + n
        else:
            total.generic = max(0, total.generic - delta.generic)
            for c, n in delta.colored.items():
                used = min(total.colored.get(c, 0), n)
                if used:
                    total.colored[c] -= used
                    if not total.colored[c]:
                        del total.colored[c]
                total.generic = max(0, total.generic - (n - used))
            if eff.min_one and before >= 1 and total.mana_value < 1:
                total.generic = 1
        game.log("cost_modified", obj=obj, by=src, text=eff.text)
    return total


def _second_spell(game: Any, obj: Any, source: Any) -> bool:
    """"The second spell you cast each turn" (601.2i): exactly one other spell was cast by its
    caster this turn before it (the spell being cast is not logged as cast yet)."""
    caster = obj.controller
    return sum(1 for ev in game.events_this_turn("spell_cast")
               if ev.data.get("player") is caster and ev.data.get("obj") is not obj) == 1


SECOND_EACH_TURN = "second you cast each turn"
QUALIFIERS[SECOND_EACH_TURN] = _second_spell


def life_tax(game: Any, player: Any, spell: Any, targets: list[Any],
             from_zone: str | None = None) -> int:
    """601.2f, 119.4: the life "Spells your opponents cast that target ~ cost an additional 3
    life to cast" adds to ``spell``'s total cost, once its targets are chosen (601.2c)."""
    total = 0
    for src, abl, eff in st.static_effects(game, records.LifeCostModifier):
        if _modifier_applies(game, player, spell, eff, src, abl.condition, targets, from_zone):
            total += eff.life
            game.log("cost_modified", obj=spell, by=src, text=eff.text)
    return total
