"""Card data as the engine sees it: Scryfall card objects turned into faces with characteristics.

The engine never talks to a database or the network: it reads cards through the small
:class:`CardSource` protocol (``get(name) -> Scryfall dict | None``). The CLI chains the
sources (``--cards`` files, the database, the embedded sample) with :class:`ChainCardSource`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rules_engine.errors import BadCardData

COLOR_ORDER = "WUBRG"
_SYMBOL = re.compile(r"\{([^}]*)\}")


class CardSource(Protocol):
    """Anything that can look a card up by name (full ``A // B`` name or a face name)."""

    def get(self, name: str) -> dict[str, Any] | None:  # pragma: no cover - protocol
        ...


def _norm(name: str) -> str:
    return name.strip().lower()


def is_primary_match(card: dict[str, Any], name: str) -> bool:
    """Whether ``name`` is the card's own name (full ``A // B`` name or front face), not one
    of its other faces (a back face, a prepare spell, an adventure)."""
    key = _norm(name)
    if _norm(card.get("name") or "") == key:
        return True
    faces = card.get("card_faces") or ()
    return bool(faces) and _norm(faces[0].get("name") or "") == key


class DictCardSource:
    """An in-memory card source: a card's own name (full name, front face) beats another
    card's secondary face of the same name (e.g. a real "Lightning Bolt" beats a prepare spell
    named "Lightning Bolt")."""

    def __init__(self, cards: Iterable[dict[str, Any]] = ()) -> None:
        self._primary: dict[str, dict[str, Any]] = {}
        self._secondary: dict[str, dict[str, Any]] = {}
        self._japanese: dict[str, str] = {}
        for card in cards:
            self.add(card)

    def add_japanese(self, printings: Iterable[dict[str, Any]]) -> None:
        """Index Japanese printings (Scryfall ``lang: ja``: English ``name``, Japanese
        ``printed_name``, per face too) so a Japanese card name finds the English one."""
        for p in printings:
            for ja, en in japanese_names(p):
                self._japanese.setdefault(_norm(ja), en)

    def english_name(self, name: str) -> str | None:
        """The English name of the card (or face) printed in Japanese as ``name``."""
        return self._japanese.get(_norm(name))

    def add(self, card: dict[str, Any]) -> None:
        name = card.get("name")
        if not name:
            return
        self._primary.setdefault(_norm(name), card)
        faces = card.get("card_faces") or ()
        for i, face in enumerate(faces):
            if face.get("name"):
                index = self._primary if i == 0 else self._secondary
                index.setdefault(_norm(face["name"]), card)

    def get_primary(self, name: str) -> dict[str, Any] | None:
        return self._primary.get(_norm(name))

    def get(self, name: str) -> dict[str, Any] | None:
        key = _norm(name)
        return self._primary.get(key) or self._secondary.get(key)

    def __len__(self) -> int:
        return len(self._primary)


# The basic lands' names on Japanese cards (305.6, 205.3i: the five basic land types).
BASIC_LANDS_JA = {"平地": "Plains", "島": "Island", "沼": "Swamp", "山": "Mountain", "森": "Forest"}


def japanese_names(printing: dict[str, Any]) -> list[tuple[str, str]]:
    """(Japanese name, English name) pairs of one Japanese printing: the card's own, and each
    face's (a double-faced card's front face is what a scenario names it by)."""
    pairs = []
    faces = printing.get("card_faces") or ()
    for face in faces:
        if face.get("printed_name") and face.get("name"):
            pairs.append((str(face["printed_name"]), str(face["name"])))
    if printing.get("printed_name") and printing.get("name"):
        pairs.append((str(printing["printed_name"]), str(printing["name"])))
    return pairs


class ChainCardSource:
    """Try each source in order: first for a card with that name as its own name, then for
    any card with a face of that name."""

    def __init__(self, sources: Iterable[CardSource]) -> None:
        self.sources = list(sources)

    def english_name(self, name: str) -> str | None:
        """A Japanese card name's English name, from the first source that knows it (the
        basic lands' Japanese names are known without one)."""
        for source in self.sources:
            finder = getattr(source, "english_name", None)
            found = finder(name) if finder is not None else None
            if found:
                return found
        return BASIC_LANDS_JA.get(name.strip())

    def get(self, name: str) -> dict[str, Any] | None:
        fallback = None
        for source in self.sources:
            primary = getattr(source, "get_primary", None)
            found = primary(name) if primary is not None else source.get(name)
            if found is not None and (primary is not None or is_primary_match(found, name)):
                return found
            if fallback is None:
                fallback = found if found is not None else (
                    source.get(name) if primary is not None else None)
        return fallback


def read_card_file(path: Path | str) -> list[dict[str, Any]]:
    """Read Scryfall card objects from a ``.json`` (list or one object) or ``.jsonl`` file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadCardData(f"{path}: cannot read card file ({exc.strerror})") from exc
    cards: list[dict[str, Any]] = []
    if path.suffix == ".jsonl":
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise BadCardData(f"{path}:{lineno}: not JSON ({exc.msg})") from exc
            if not isinstance(obj, dict) or "name" not in obj:
                raise BadCardData(f"{path}:{lineno}: field 'name' missing")
            cards.append(obj)
        return cards
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadCardData(f"{path}:{exc.lineno}: not JSON ({exc.msg})") from exc
    if isinstance(obj, list):
        items = obj
    elif isinstance(obj, dict):
        items = obj.get("data", [obj])
    else:
        items = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or "name" not in item:
            raise BadCardData(f"{path}: item {i}: field 'name' missing")
        cards.append(item)
    return cards


def parse_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Split a type line into (supertypes, card types, subtypes) (205)."""
    supers = {"Legendary", "Basic", "Snow", "World", "Ongoing", "Host"}
    left, _, right = (type_line or "").partition("—")
    words = left.split()
    sup = tuple(w for w in words if w in supers)
    types = tuple(w for w in words if w not in supers)
    subs = tuple(right.split())
    return sup, types, subs


def colors_of_cost(mana_cost: str) -> tuple[str, ...]:
    """Colours from mana symbols (202.2), in WUBRG order."""
    found = set()
    for sym in _SYMBOL.findall(mana_cost or ""):
        for ch in sym:
            if ch in COLOR_ORDER:
                found.add(ch)
    return tuple(c for c in COLOR_ORDER if c in found)


def _int_or_none(value: Any) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0  # "*" and friends: characteristic-defining, treated as 0 here


_PERMANENT_TYPES = frozenset(
    ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"))  # 110.4


@dataclass
class Face:
    """One set of characteristics (a card face, a prepare spell, or a copy's values)."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    abilities: list[Any] | None = None  # compiled lazily (rules_engine.abilities data)
    mana_value: int = -1  # cached 202.3 value, computed on first use
    statics: list[Any] | None = None  # cached static abilities (rules_engine.statics)
    triggered: list[Any] | None = None  # cached triggered abilities (rules_engine.compiled)
    activated: list[Any] | None = None  # cached activated abilities (rules_engine.compiled)
    keyword_table: dict[str, Any] | None = None  # cached first keyword ability by name
    mana_colors: tuple[str, ...] | None = None  # cached colours a land of this face makes
    sba_flags: int = -1  # cached rules_engine.sba flags (legendary/creature/aura/planeswalker)
    trigger_names: frozenset[str] | None = None  # cached names of events its triggers look at
    bound_keywords: int = -1  # cached: 1 if it has daybound or nightbound (702.145), else 0
    zone_replacements: tuple[Any, ...] | None = None  # cached (effects.zone_change_replacement)
    unsupported: list[str] = field(default_factory=list)

    @classmethod
    def from_scryfall(cls, data: dict[str, Any], card_keywords: Iterable[str] = ()) -> Face:
        text = data.get("oracle_text") or ""
        sup, types, subs = parse_type_line(data.get("type_line") or "")
        colors = data.get("colors")
        if colors is None:
            colors = data.get("color_indicator") or colors_of_cost(data.get("mana_cost") or "")
        low = text.lower()
        kws = tuple(k.lower() for k in card_keywords if k.lower() in low)
        return cls(
            name=data.get("name") or "",
            mana_cost=data.get("mana_cost") or "",
            type_line=data.get("type_line") or "",
            oracle_text=text,
            power=_int_or_none(data.get("power")),
            toughness=_int_or_none(data.get("toughness")),
            loyalty=_int_or_none(data.get("loyalty")),
            colors=tuple(c for c in COLOR_ORDER if c in colors),
            keywords=kws,
            supertypes=sup,
            types=types,
            subtypes=subs,
        )

    def has_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_permanent_type(self) -> bool:
        """110.4: artifact, battle, creature, enchantment, land, planeswalker."""
        return not _PERMANENT_TYPES.isdisjoint(self.types)

    def copy_with(self, **changes: Any) -> Face:
        """A new face with some values replaced (copy effects' exceptions, 707.9b)."""
        values = dict(self.__dict__)
        values.update(changes)
        values["abilities"] = changes.get("abilities", self.abilities)
        values["statics"] = None
        values["triggered"] = None
        values["activated"] = None
        values["keyword_table"] = None
        values["mana_colors"] = None
        values["sba_flags"] = -1
        values["trigger_names"] = None
        values["bound_keywords"] = -1
        values["zone_replacements"] = None
        values["unsupported"] = list(self.unsupported)
        return Face(**values)


@dataclass
class CardDef:
    """A card's printed definition: its faces, and which layout ties them together.

    ``front`` is what the card is in every zone but the battlefield-back-face case (712.8);
    ``back`` exists for transforming double-faced cards; ``prepare`` is the inset prepare
    spell of a preparation card (722.2), used only for the exiled copy (722.3c).
    """

    name: str
    layout: str
    front: Face
    back: Face | None = None
    prepare: Face | None = None
    raw: dict[str, Any] | None = None
    halves: tuple[Face, Face] | None = None  # a split card's two halves (709.1); front combines

    @property
    def transforms(self) -> bool:
        return self.back is not None

    @classmethod
    def from_scryfall(cls, data: dict[str, Any]) -> CardDef:
        layout = data.get("layout") or "normal"
        kws = data.get("keywords") or ()
        faces = data.get("card_faces") or []
        if not faces:
            return cls(data["name"], layout, Face.from_scryfall(data, kws), raw=data)
        front = Face.from_scryfall({**_face_defaults(data), **faces[0]}, kws)
        second = None
        if len(faces) > 1:
            second = Face.from_scryfall({**_face_defaults(data), **faces[1]}, kws)
        if layout == "prepare":
            return cls(data["name"], layout, front, prepare=second, raw=data)
        if layout == "flip" and second is not None:
            # 710.1: a flip card's upside-down half is its flipped face; it is used while the
            # permanent is flipped (710.2, the engine's "transformed" face slot: a flip card
            # has no back face to transform to)
            return cls(data["name"], layout, front, back=second, raw=data)
        if layout in ("split", "aftermath") and second is not None:
            return cls(data["name"], layout, _combined(data, front, second), raw=data,
                       halves=(front, second))
        if layout in ("transform", "modal_dfc", "double_faced_token"):
            if second is not None and second.colors == () and not faces[1].get("colors") and (
                faces[1].get("colors") is None
            ):
                second.colors = front.colors if layout != "transform" else second.colors
            return cls(data["name"], layout, front, back=second if layout == "transform" else None,
                       raw=data)
        return cls(data["name"], layout, front, raw=data)


def _combined(data: dict[str, Any], left: Face, right: Face) -> Face:
    """709.4: while not on the stack, a split card has the combined characteristics of its two
    halves: both names (709.4a... "A // B"), both mana costs (mana value the total, 709.4d),
    the union of their colors, types and subtypes; its rules text is both halves' (the
    compiler's two face lists, joined by compiled._compile)."""
    def union(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
        return a + tuple(x for x in b if x not in a)

    return Face(
        name=data.get("name") or f"{left.name} // {right.name}",
        mana_cost=data.get("mana_cost") or f"{left.mana_cost} // {right.mana_cost}",
        type_line=data.get("type_line") or f"{left.type_line} // {right.type_line}",
        oracle_text=f"{left.oracle_text}\n//\n{right.oracle_text}",
        colors=tuple(c for c in COLOR_ORDER if c in left.colors or c in right.colors),
        keywords=union(left.keywords, right.keywords),
        supertypes=union(left.supertypes, right.supertypes),
        types=union(left.types, right.types),
        subtypes=union(left.subtypes, right.subtypes),
    )


def _face_defaults(data: dict[str, Any]) -> dict[str, Any]:
    return {"colors": None}


class CardLibrary:
    """Card definitions by name, built from a :class:`CardSource` and cached (one per name)."""

    def __init__(self, source: CardSource) -> None:
        self.source = source
        self._defs: dict[str, CardDef] = {}

    def get(self, name: str) -> CardDef | None:
        key = _norm(name)
        found = self._defs.get(key)
        if found is None:
            data = self.source.get(name)
            if data is None:
                return None
            found = CardDef.from_scryfall(data)
            self._defs[key] = found
        return found


def default_sample_japanese_path() -> Path:
    """The embedded sample's Japanese printings (``db/sample/cards_ja.jsonl``)."""
    return default_sample_path().with_name("cards_ja.jsonl")


def default_sample_path() -> Path:
    """The embedded sample cards (``db/sample/cards.jsonl``), located without importing db."""
    return Path(__file__).resolve().parent.parent / "db" / "sample" / "cards.jsonl"
