"""Object-filter qualifiers many cards share (helper "amt"), registered in
:data:`rules_engine.registry.QUALIFIERS` so ``targeting.matches`` checks them and
``targeting.qualifier_understood`` counts them:

- "with <keyword>" / "without <keyword>" for every keyword ability the compiler reads
  (702: "creature with shadow", "each creature with horsemanship", "a permanent with flash",
  "creature card with mutate"), and the keywords with a quality: "with islandwalk" (702.14:
  landwalk of that land type), "Aura card with enchant creature" (702.5: enchant of that
  quality);
- "equipped" (301.5: an Equipment is attached to it), "attached to ~" (the filter's source);
- "with counters on them" / "with counters on it" (122.1: one or more counters of any kind);
- "that blocked this turn" (509.1: a "blocks" event of this turn names it) and "blocked by ~"
  (509.1g: the source blocks it, this combat);
- "with the greatest power among creatures on the battlefield" (a tie is the greatest too);
- "transformed" (712.8: its back face up);
- "suspended" (702.62b: in exile with suspend and a time counter) and "foretold" (702.143c: the
  object in exile that was foretold);
- "with toughness greater than its power" (208.1: the two values now).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry
from rules_engine.mechanics.foretell import foretold_turn
from rules_engine.mechanics.suspend import suspended
from rules_engine.objects import GameObject
from rules_engine.text import keywords as kw_text

_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest", "desert")


def _keyword(name: str) -> Callable[[Any, Any, Any], bool]:
    """The keyword itself (702): named on the object's abilities or faces (has_keyword)."""
    def holds(game: Any, obj: Any, source: Any) -> bool:
        return isinstance(obj, GameObject) and compiled.has_keyword(obj, name)
    return holds


def _keyword_with(name: str, quality: str) -> Callable[[Any, Any, Any], bool]:
    """A keyword with a quality: landwalk of a land type (702.14a), enchant <what> (702.5a)."""
    def holds(game: Any, obj: Any, source: Any) -> bool:
        if not isinstance(obj, GameObject):
            return False
        return any(isinstance(a, ab.KeywordAbility) and a.name == name and
                   (a.parameter or "").strip().lower() == quality
                   for a in compiled.object_abilities(obj))
    return holds


def _negated(holds: Callable[[Any, Any, Any], bool]) -> Callable[[Any, Any, Any], bool]:
    return lambda game, obj, source: isinstance(obj, GameObject) and not holds(game, obj, source)


def _attached(game: Any, obj: Any) -> list[GameObject]:
    return [o for o in game.battlefield if o.attached_to is obj]


def equipped(game: Any, obj: Any, source: Any = None) -> bool:
    """301.5: a permanent is "equipped" while an Equipment is attached to it."""
    return isinstance(obj, GameObject) and any(
        "Equipment" in o.subtypes for o in _attached(game, obj))


def attached_to_source(game: Any, obj: Any, source: Any = None) -> bool:
    """"an Aura attached to ~": attached to the filter's source (301.5, 303.4)."""
    src = getattr(source, "source", source)
    return isinstance(obj, GameObject) and obj.attached_to is not None and \
        obj.attached_to is src


def with_counters(game: Any, obj: Any, source: Any = None) -> bool:
    """122.1: one or more counters of any kind on it."""
    return isinstance(obj, GameObject) and any(n > 0 for n in obj.counters.values())


def blocked_this_turn(game: Any, obj: Any, source: Any = None) -> bool:
    """509.1: it was declared as a blocker this turn (the "blocks" events of the turn)."""
    return isinstance(obj, GameObject) and any(
        e.data.get("obj") is obj for e in game.events_this_turn("blocks"))


def blocked_by_source(game: Any, obj: Any, source: Any = None) -> bool:
    """509.1g: the filter's source blocks it in this combat."""
    src = getattr(source, "source", source)
    return isinstance(obj, GameObject) and isinstance(src, GameObject) and (
        obj in src.blocking or src in obj.blockers)


def greatest_power(game: Any, obj: Any, source: Any = None) -> bool:
    """"with the greatest power among creatures on the battlefield": no creature has more (a
    creature tied for the greatest has it too)."""
    if not isinstance(obj, GameObject) or not obj.is_creature:
        return False
    return obj.power >= max((o.power for o in game.battlefield if o.is_creature),
                            default=obj.power)


def transformed(game: Any, obj: Any, source: Any = None) -> bool:
    """712.8: a transformed permanent has its back face up."""
    return isinstance(obj, GameObject) and bool(obj.transformed)


def _keyword_words() -> dict[str, Callable[[Any, Any, Any], bool]]:
    out: dict[str, Callable[[Any, Any, Any], bool]] = {}
    names = set(kw_text.SIMPLE) | set(kw_text.COSTED) | set(kw_text.NUMBERED)
    names -= {"landwalk", "protection", "hexproof from", "affinity", "enchant"}
    for name in sorted(names):
        holds = _keyword(name)
        out[f"with {name}"] = holds
        out[f"without {name}"] = _negated(holds)
    for land in _LAND_TYPES:
        holds = _keyword_with("landwalk", land)
        out[f"with {land}walk"] = holds
        out[f"without {land}walk"] = _negated(holds)
    for what in ("creature", "artifact", "land", "enchantment", "permanent", "player",
                 "planeswalker", "artifact or creature", "creature or planeswalker"):
        out[f"with enchant {what}"] = _keyword_with("enchant", what)
    return out


_WORDS: dict[str, Callable[[Any, Any, Any], bool]] = {
    "equipped": equipped, "attached to ~": attached_to_source,
    "with counters on them": with_counters, "with counters on it": with_counters,
    "with one or more counters on it": with_counters,
    "that blocked this turn": blocked_this_turn, "blocked by ~": blocked_by_source,
    "with the greatest power among creatures on the battlefield": greatest_power,
    "transformed": transformed,
    "suspended": lambda g, o, s: isinstance(o, GameObject) and suspended(o),
    "with toughness greater than its power": lambda g, o, s: isinstance(o, GameObject) and
    o.toughness > o.power,
    "foretold": lambda g, o, s: isinstance(o, GameObject) and foretold_turn(g, o) is not None,
}

for _q, _holds in {**_keyword_words(), **_WORDS}.items():
    registry.QUALIFIERS.setdefault(_q, _holds)  # (a mechanic's own reading comes first)
