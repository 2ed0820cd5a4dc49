"""Mana costs, mana pools and automatic payment (106, 107.4, 202, 601.2g-h).

A cost is paid from the player's pool first, then by tapping untapped lands the player
controls (the scenario format's "automatic" payment). Lands are chosen so that a land able
to make fewer of the still-needed colours is tapped first, keeping flexible lands for later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_SYMBOL = re.compile(r"\{([^}]*)\}")
COLORS = "WUBRG"
_ANY_MANA = tuple(COLORS + "C")  # generic mana: any source will do
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_COLOR_WORD_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def chosen_color(game: object, source: object) -> str | None:
    """The color letter ``source`` chose ("As ~ enters, choose a color", 614.12; linked to it
    while it stays the same object, 607.2d / 400.7), the latest choice; None if none."""
    found = None
    stamp = getattr(source, "timestamp", None)
    for s, at, kind, v in getattr(game, "__dict__", {}).get("chosen_values", ()):
        if s is source and at == stamp and kind.startswith("color"):
            found = _COLOR_WORD_LETTERS.get(str(v).strip().lower(), str(v).strip().upper()[:1])
    return found


@dataclass
class ManaCost:
    """A parsed mana cost: coloured symbols, generic amount, X count (107.4)."""

    generic: int = 0
    colored: dict[str, int] = field(default_factory=dict)  # W U B R G C
    x_count: int = 0
    hybrid: list[tuple[str, ...]] = field(default_factory=list)
    # 107.4f: the Phyrexian symbols among ``colored``/``hybrid`` (their colours, "W" or
    # "G/U"), each payable with 2 life instead (rules_engine.phyrexian)
    phyrexian: list[str] = field(default_factory=list)

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
            if "P" in sym.split("/"):
                cost.phyrexian.append("/".join(parts))
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


# -- where mana came from (106.3: a mana ability's source produces it) ------------------------
# game.__dict__["mana_from"]: player name -> [(colour, source snapshot)], newest last; read by
# "if mana from a Treasure was spent to cast it" (rules_engine/mechanics/mana_conditions.py)
def source_snapshot(source: object) -> tuple[frozenset[str], object]:
    """The words a filter may ask of a mana source as it produced the mana (its card types and
    subtypes, lower case; "creature" while it is one), and the object itself."""
    face = getattr(source, "face", None)
    words = {t.lower() for t in (getattr(face, "types", None) or ())}
    words |= {t.lower() for t in (getattr(face, "subtypes", None) or ())}
    if getattr(source, "is_creature", False):
        words.add("creature")
    return frozenset(words), source


def note_added(game: object, player: object, added: dict[str, int], source: object) -> None:
    """Remember that ``source`` put ``added`` into ``player``'s pool (106.3)."""
    table = game.__dict__.setdefault("mana_from", {})
    rows = table.setdefault(getattr(player, "name", ""), [])
    snap = source_snapshot(source)
    for color, n in added.items():
        rows.extend((color, snap) for _ in range(max(n, 0)))


def take_spent(game: object, player: object, pool_before: dict[str, int], spent: dict[str, int],
               taps: list[tuple[object, str]]) -> list[tuple[frozenset[str], object]]:
    """The sources of the mana a payment spent (601.2h): from the pool, the newest noted mana of
    each colour (entries beyond what the pool still held were lost as steps ended, 500.4), and
    each source tapped for the payment."""
    rows = game.__dict__.get("mana_from", {}).get(getattr(player, "name", ""), [])
    used: list[tuple[frozenset[str], object]] = []
    for color, n in spent.items():
        mine = [i for i, (c, _s) in enumerate(rows) if c == color]
        stale = mine[: max(len(mine) - pool_before.get(color, 0), 0)]
        keep = mine[len(stale):]
        take = keep[len(keep) - n:] if n > 0 else []
        used.extend(rows[i][1] for i in take)
        for i in sorted(stale + take, reverse=True):
            del rows[i]
    used.extend(source_snapshot(obj) for obj, _c in taps)
    return used
