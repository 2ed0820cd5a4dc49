"""Mana costs, mana pools and automatic payment (106, 107.4, 202, 601.2g-h).

A cost is paid from the player's pool first, then by tapping untapped lands the player
controls (the scenario format's "automatic" payment). Lands are chosen so that a land able
to make fewer of the still-needed colours is tapped first, keeping flexible lands for later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_SYMBOL = re.compile(r"\{([^}]*)\}")
COLORS = "WUBRG"
_ANY_MANA = tuple(COLORS + "C")  # generic mana: any source will do
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass
class ManaCost:
    """A parsed mana cost: coloured symbols, generic amount, X count (107.4)."""

    generic: int = 0
    colored: dict[str, int] = field(default_factory=dict)  # W U B R G C
    x_count: int = 0
    hybrid: list[tuple[str, ...]] = field(default_factory=list)

    @property
    def mana_value(self) -> int:
        """202.3: total of the symbols, X counts as 0."""
        return self.generic + sum(self.colored.values()) + len(self.hybrid)


_COST_CACHE: dict[str, ManaCost] = {}


def parse_cost(text: str | None) -> ManaCost:
    """Parse a mana cost; cached by text, so the result is shared: treat it as read-only
    (nothing in the engine changes a parsed cost; payment plans work on copies)."""
    key = text or ""
    cost = _COST_CACHE.get(key)
    if cost is None:
        cost = _COST_CACHE[key] = _parse_cost(key)
    return cost


def _parse_cost(text: str) -> ManaCost:
    cost = ManaCost()
    for sym in _SYMBOL.findall(text or ""):
        if sym.isdigit():
            cost.generic += int(sym)
        elif sym == "X":
            cost.x_count += 1
        elif sym in COLORS or sym == "C":
            cost.colored[sym] = cost.colored.get(sym, 0) + 1
        elif "/" in sym:
            parts = tuple(p for p in sym.split("/") if p != "P")
            if len(parts) == 1:
                cost.colored[parts[0]] = cost.colored.get(parts[0], 0) + 1
            else:
                cost.hybrid.append(parts)
        # {S}, {T} and others are not mana in a cost we pay here
    return cost


def parse_mana(text: str) -> dict[str, int]:
    """A pool literal such as ``"{2}{W}"``; generic numbers become colourless mana."""
    pool: dict[str, int] = {}
    for sym in _SYMBOL.findall(text or ""):
        if sym.isdigit():
            pool["C"] = pool.get("C", 0) + int(sym)
        else:
            pool[sym] = pool.get(sym, 0) + 1
    return pool


def plan_payment(
    cost: ManaCost, x: int, pool: dict[str, int], sources: list[tuple[object, tuple[str, ...]]]
) -> tuple[dict[str, int], list[tuple[object, str]]] | None:
    """Work out how to pay ``cost``: what leaves the pool and which sources tap for which colour.

    ``sources`` lists (object, colours it can make) for untapped mana sources. Returns
    ``(pool_spent, [(source, colour)])`` or ``None`` when the cost cannot be paid (601.2h).
    """
    pool = dict(pool)
    spent: dict[str, int] = {}
    taps: list[tuple[object, str]] = []
    avail = list(sources)

    def take_pool(color: str) -> bool:
        if pool.get(color, 0) > 0:
            pool[color] -= 1
            spent[color] = spent.get(color, 0) + 1
            return True
        return False

    def take_source(colors: tuple[str, ...]) -> bool:
        # tap the least flexible source that can make one of the colours
        best = None
        best_len = 0
        for i, (_obj, makes) in enumerate(avail):
            for c in colors:
                if c in makes:
                    break
            else:
                continue  # this source makes none of the colours
            if best is None or len(makes) < best_len:
                best = i
                best_len = len(makes)
        if best is None:
            return False
        obj, makes = avail.pop(best)
        taps.append((obj, next(c for c in colors if c in makes)))
        return True

    for color, n in cost.colored.items():
        for _ in range(n):
            if not take_pool(color) and not take_source((color,)):
                return None
    for options in cost.hybrid:
        ok = any(take_pool(c) for c in options if not c.isdigit())
        if not ok and not take_source(tuple(c for c in options if not c.isdigit())):
            digits = [int(c) for c in options if c.isdigit()]
            if not digits:
                return None
            for _ in range(digits[0]):
                if not _take_generic(pool, spent) and not take_source(_ANY_MANA):
                    return None
    for _ in range(cost.generic + cost.x_count * x):
        if not _take_generic(pool, spent) and not take_source(_ANY_MANA):
            return None
    return spent, taps


def _take_generic(pool: dict[str, int], spent: dict[str, int]) -> bool:
    for color in ("C", *COLORS):
        if pool.get(color, 0) > 0:
            pool[color] -= 1
            spent[color] = spent.get(color, 0) + 1
            return True
    return False


def format_pool(pool: dict[str, int]) -> str:
    return "".join(f"{{{c}}}" * n for c, n in pool.items() if n)


# -- cost increases and reductions (601.2f, 118.7) -----------------------------------------------
def modified_cost(game: Any, player: Any, spell: Any, cost: ManaCost, targets: list[Any],
                  from_zone: str | None = None) -> ManaCost:
    """601.2f: the total cost of a spell - its mana cost plus cost increases, minus cost
    reductions - from the spell's own "This spell costs {N} less/more to cast [if ...]" and the
    "[Spells] you cast cost {N} less/more" abilities of permanents. Returns ``cost`` itself when
    nothing applies (the common case, so callers may compare by identity)."""
    from rules_engine import abilities as ab
    from rules_engine import compiled

    found: list[tuple[Any, Any, Any]] = []  # (modifier, its source, its ability's condition)
    for abl in compiled.object_abilities(spell):
        if isinstance(abl, ab.StaticAbility):
            for eff in abl.effects:
                if isinstance(eff, ab.CostModifier) and eff.applies_to_self:
                    found.append((eff, spell, abl.condition))
    for src in game.battlefield:
        statics = src.face.statics
        if statics is None or src.mods or src.static_mods:  # gained ones too (613.1f)
            from rules_engine import statics as st

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
    from rules_engine import compiled

    if compiled.keyword_ability(spell, "affinity for") is None:
        return 0
    from rules_engine import abilities as ab
    from rules_engine import targeting
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
    from rules_engine import conditions, targeting

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
            held = any(targeting.matches(game, t, cond.filter, player, spell, zone_check=False)
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
    from rules_engine.effects import described_amount

    value = described_amount(game, amt.text or "", player, src)  # "for each ... card in ..."
    if value is not None:
        return max(0, value)
    game.note(f"cost modifier amount '{amt.text}' not computed; not applied")
    return 0
