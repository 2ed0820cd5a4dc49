"""Phyrexian mana paid with life (107.4f, 119.4) and compleated (702.150a).

A Phyrexian symbol ({W/P}, hybrid {G/U/P}) is a cost that can be paid with one mana of its
colour(s) or with 2 life (107.4f). As the cost is paid (601.2g-h) its controller chooses, for
each Phyrexian symbol, "mana" or "life" (the scenario's ``choices``); unanswered, mana is paid
when the rest of the cost can still be paid, else life. Life can be paid only while the life
total is at least the amount (119.4). The number of symbols paid with life is kept with the
spell, so a planeswalker with compleated enters with two fewer loyalty counters for each of
them (702.150a).
"""

from __future__ import annotations

from typing import Any

from rules_engine.mana import ManaCost, plan_payment

LIFE_PER_SYMBOL = 2  # 107.4f


def without_symbol(cost: ManaCost, symbol: str) -> ManaCost | None:
    """``cost`` less one Phyrexian ``symbol`` ("W" or "G/U"), paid with life instead; None
    when the cost no longer holds it (a reduction took that colour, 118.7)."""
    colored = dict(cost.colored)
    hybrid = list(cost.hybrid)
    parts = tuple(symbol.split("/"))
    if len(parts) == 1:
        if colored.get(symbol, 0) <= 0:
            return None
        colored[symbol] -= 1
        if not colored[symbol]:
            del colored[symbol]
    elif parts in hybrid:
        hybrid.remove(parts)
    else:
        return None
    rest = list(cost.phyrexian)
    rest.remove(symbol)
    return ManaCost(cost.generic, colored, cost.x_count, hybrid, rest)


def _as_mana(cost: ManaCost, symbol: str) -> ManaCost:
    """``cost`` with one Phyrexian ``symbol`` kept as plain mana (paid with its colour)."""
    rest = list(cost.phyrexian)
    rest.remove(symbol)
    return ManaCost(cost.generic, dict(cost.colored), cost.x_count, list(cost.hybrid), rest)


def _all_life(cost: ManaCost, life: int) -> ManaCost:
    """The cost left when as many Phyrexian symbols as ``life`` allows are paid with life."""
    for symbol in list(cost.phyrexian):
        if life < LIFE_PER_SYMBOL:
            break
        smaller = without_symbol(cost, symbol)
        if smaller is not None:
            cost, life = smaller, life - LIFE_PER_SYMBOL
    return cost


def payable(cost: ManaCost, x: int, pool: dict[str, int], sources: list[Any],
            life: int) -> bool:
    """601.2h: the cost can be paid, paying life for Phyrexian symbols where needed."""
    if plan_payment(cost, x, pool, sources) is not None:
        return True
    return bool(cost.phyrexian) and \
        plan_payment(_all_life(cost, life), x, pool, sources) is not None


def choose_life(game: Any, player: Any, cost: ManaCost, x: int, what: str,
                sources: list[Any]) -> tuple[ManaCost, int]:
    """107.4f: for each Phyrexian symbol of ``cost``, the player chooses mana or 2 life.
    Returns the mana cost left to pay and how many symbols are paid with life."""
    paid = 0
    for symbol in list(cost.phyrexian):
        smaller = without_symbol(cost, symbol)
        budget = player.life - LIFE_PER_SYMBOL * paid
        can_life = smaller is not None and budget >= LIFE_PER_SYMBOL  # 119.4
        later = _as_mana(cost, symbol)
        can_mana = plan_payment(_all_life(later, budget), x, player.mana_pool,
                                sources) is not None
        options = [o for o, ok in (("mana", can_mana), ("life", can_life)) if ok]
        if not options:
            break  # (the payment plan refuses it, 601.2h)
        pick = options[0] if len(options) == 1 else game.decider.prefer(
            player.name, f"pay {{{symbol}/P}} of {what} with mana or 2 life", options)
        if pick == "life" and smaller is not None:
            cost, paid = smaller, paid + 1
        else:
            cost = later
    return cost, paid


def compleated_loyalty(obj: Any, loyalty: int) -> int:
    """702.150a: a permanent with compleated whose caster paid life for N Phyrexian symbols of
    its cost enters with its loyalty minus 2 for each of them (not below 0)."""
    n = int(getattr(obj, "choices_made", {}).get("phyrexian_life", 0) or 0)
    if n and obj.has_keyword("compleated"):
        return max(0, loyalty - LIFE_PER_SYMBOL * n)
    return loyalty
