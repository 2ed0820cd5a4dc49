"""Where the engine gets ability data: the Oracle-text compiler's records, cached per face.

The compiler (:mod:`rules_engine.text`) turns a Scryfall card into per-face lists of
:mod:`rules_engine.abilities` records. This module asks it once per card and caches the result
on the :class:`~rules_engine.cards.Face`, so the hot path never compiles text.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine.cards import CardDef, Face

_CACHE: dict[int, tuple[Any, list[Any]]] = {}

# 702: the keyword abilities some part of the engine looks at (combat, targeting, casting, SBAs,
# mechanics). A keyword outside this set is kept on the object (and reported by
# tests/rules_engine/gaps_audit.py) but changes nothing in a game.
ENGINE_KEYWORDS = frozenset({
    "flying", "reach", "shadow", "fear", "intimidate", "menace", "defender", "haste",
    "vigilance", "flash", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "indestructible", "hexproof", "shroud", "ward", "enchant", "flashback", "phasing",
    "daybound", "nightbound",
})


def _compile_raw(raw: dict[str, Any]) -> list[Any]:
    """Compile a Scryfall object once per process (keyed by the object itself)."""
    hit = _CACHE.get(id(raw))
    if hit is not None and hit[0] is raw:
        return hit[1]
    from rules_engine import text as compiler

    faces = list(compiler.compile_card(raw).faces)
    _CACHE[id(raw)] = (raw, faces)
    return faces


def _compile(card: CardDef) -> None:
    faces = [card.front] + [f for f in (card.back, card.prepare) if f is not None]
    try:
        raw = card.raw or {"name": card.name, "oracle_text": card.front.oracle_text}
        compiled_faces = _compile_raw(raw)
    except Exception as exc:  # noqa: BLE001 - a compiler failure must not stop a game
        for face in faces:
            face.abilities = []
            face.unsupported.append(f"compiler unavailable: {exc}")
        return
    for i, face in enumerate(faces):
        if i < len(compiled_faces):
            face.abilities = list(compiled_faces[i].abilities)
        else:
            face.abilities = []
        face.unsupported.extend(
            getattr(a, "text", "") for a in face.abilities if isinstance(a, ab.Unsupported)
        )
        # 702: the keyword abilities are the compiled ones (Scryfall's list also names
        # designations and actions such as "Prepared" or "Venture into the dungeon")
        kws = {a.name.lower() for a in face.abilities
               if isinstance(a, ab.KeywordAbility) and a.name}
        if any(isinstance(a, ab.Unsupported) for a in face.abilities):
            kws.update(face.keywords)  # keep Scryfall's names for what the compiler missed
        face.keywords = tuple(sorted(kws))


def face_abilities(card: CardDef | None, face: Face) -> list[Any]:
    """The compiled abilities of ``face`` (compiling ``card`` on first use)."""
    if face.abilities is None:
        if card is None:
            face.abilities = []
        else:
            _compile(card)
            if face.abilities is None:  # a face not belonging to the card (copy values)
                face.abilities = []
    return face.abilities


def ensure_compiled(card: CardDef) -> None:
    if card.front.abilities is None:
        _compile(card)


def object_abilities(obj: Any) -> list[Any]:
    """Abilities an object has now: its face's plus those granted by continuous effects."""
    face = obj.face
    card = obj.card
    if face.abilities is None:
        if card is not None:
            ensure_compiled(card)
        if face.abilities is None:
            face.abilities = []
    found = face.abilities
    if obj.mods:
        extra = [a for m in obj.mods for a in m.abilities]
        if extra:
            return list(found) + extra
    return found


def has_keyword(obj: Any, name: str) -> bool:
    """Keyword check; compiled keyword names are folded into ``Face.keywords`` at compile time."""
    face = obj.face
    if face.abilities is None:
        object_abilities(obj)
        face = obj.face
    if name in face.keywords:
        return True
    if obj.mods or obj.static_mods:
        return obj.has_keyword(name)
    return False


def keyword_ability(obj: Any, name: str) -> Any:
    """The object's first keyword ability called ``name`` (None without one). Printed ones
    are looked up in a per-face table; an object with modifications is scanned in full."""
    if obj.mods:
        for a in object_abilities(obj):
            if isinstance(a, ab.KeywordAbility) and a.name == name:
                return a
        return None
    face = obj.face
    table = face.keyword_table
    if table is None:
        table = {}
        for a in object_abilities(obj):
            if isinstance(a, ab.KeywordAbility):
                table.setdefault(a.name, a)
        face.keyword_table = table
    return table.get(name)


def activated_abilities(obj: Any) -> list[Any]:
    """Activated abilities in printed order, then gained ones (cached per face)."""
    face = obj.face
    if obj.mods or face.activated is None:
        found = [a for a in object_abilities(obj) if isinstance(a, ab.ActivatedAbility)]
        if not obj.mods:
            face.activated = found
        return found
    return face.activated


def triggered_abilities(obj: Any) -> list[Any]:
    """Triggered abilities, printed then gained (cached per face: the trigger scan is hot)."""
    face = obj.face
    if obj.mods or obj.static_mods or face.triggered is None:
        found = [a for a in object_abilities(obj) if isinstance(a, ab.TriggeredAbility)]
        if obj.static_mods:
            found += [a for m in obj.static_mods for a in m.abilities
                      if isinstance(a, ab.TriggeredAbility)]
        elif not obj.mods:
            face.triggered = found
        return found
    return face.triggered


def spell_effects(face: Face, card: CardDef | None) -> tuple[Any, ...]:
    effects: list[Any] = []
    for a in face_abilities(card, face):
        if isinstance(a, ab.SpellAbility):
            effects.extend(a.effects)
    return tuple(effects)


def object_abilities_of_face(obj: Any) -> list[Any]:
    """The abilities of the face ``obj`` has as it enters (entering replacements)."""
    return object_abilities(obj)
