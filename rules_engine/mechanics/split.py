"""Split cards and aftermath: casting one half (709.3) and aftermath's zone rules (702.127a).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 709.3 / 709.3a: a player chooses which half of a split card to cast before putting it on the
  stack; only that half is evaluated to see if it can be cast.
- 709.3b: while on the stack, only the characteristics of the half being cast exist.
- 702.102a-d: fuse - a split card with fuse cast from its owner's hand may be cast with both
  halves: the fused split spell has the combined characteristics of both halves (702.102c), its
  total cost includes both mana costs, and as it resolves the left half's instructions are
  followed, then the right half's (702.102d). :func:`fused_face` is that combined face.
- 702.127a: aftermath means "You may cast this half of this split card from your graveyard",
  "This half of this split card can't be cast from any zone other than a graveyard", and "If
  this spell was cast from a graveyard, exile it instead of putting it anywhere else any time it
  would leave the stack".

Not here: 709.4 (the two halves' combined characteristics in every other zone) is the card
layer's: ``CardDef.front`` is the combined face and ``CardDef.halves`` the two halves. Without
``halves`` (older card data paths) the halves are read from the card's Scryfall object
(``CardDef.raw["card_faces"]``) and compiled once with the Oracle-text compiler, so no card is
special-cased either way.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine.cards import CardDef, Face
from rules_engine.objects import GameObject

SPLIT_LAYOUTS = frozenset({"split", "aftermath"})

_HALVES: dict[int, tuple[CardDef, tuple[Face, ...]]] = {}


def halves(card: CardDef | None) -> tuple[Face, ...]:
    """The castable halves of a split card (left, right), compiled; () for any other card."""
    if card is None or card.layout not in SPLIT_LAYOUTS:
        return ()
    hit = _HALVES.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    raw = card.raw or {}
    faces = raw.get("card_faces") or []
    own = getattr(card, "halves", None)  # the card layer's own halves, once it has them
    if own and all(h.abilities is not None for h in own):
        _HALVES[id(card)] = (card, tuple(own))
        return tuple(own)
    if len(faces) != 2:
        return ()
    from rules_engine import text as compiler

    kws = raw.get("keywords") or ()
    made = tuple(own) if own and len(own) == 2 else tuple(
        Face.from_scryfall({"colors": None, **f}, kws) for f in faces)
    try:
        compiled_faces = list(compiler.compile_card(raw).faces)
    except Exception as exc:  # noqa: BLE001 - a compiler failure must not stop a game
        compiled_faces = []
        for half in made:
            half.unsupported.append(f"compiler unavailable: {exc}")
    for i, half in enumerate(made):
        records = list(compiled_faces[i].abilities) if i < len(compiled_faces) else []
        half.abilities = records
        names = {a.name.lower() for a in records if isinstance(a, ab.KeywordAbility)}
        half.keywords = tuple(sorted(set(half.keywords) | names))
        half.unsupported.extend(getattr(a, "text", "") for a in records
                                if isinstance(a, ab.Unsupported))
    _HALVES[id(card)] = (card, made)
    return made


def half_named(obj: GameObject, name: str) -> Face | None:
    """The half of ``obj`` (a split card) called ``name``, if any (709.3: the player names it)."""
    key = name.lower()
    for half in halves(obj.card):
        if half.name.lower() == key:
            return half
    return None


_FUSED: dict[int, tuple[CardDef, Face | None]] = {}


def fused_face(card: CardDef | None) -> Face | None:
    """702.102c-d: the characteristics of a fused split spell - both halves' names, mana costs,
    colors and types, and their spell abilities left then right; None unless the card is a
    split card with fuse."""
    if card is None:
        return None
    hit = _FUSED.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    parts = halves(card)
    face: Face | None = None
    if len(parts) == 2 and any("fuse" in h.keywords for h in parts):
        left, right = parts
        abilities = [a for h in parts for a in (h.abilities or [])
                     if isinstance(a, ab.SpellAbility)]
        abilities += [a for a in (left.abilities or []) if not isinstance(a, ab.SpellAbility)]
        face = Face(
            name=f"{left.name} // {right.name}", mana_cost=left.mana_cost + right.mana_cost,
            type_line=f"{left.type_line} // {right.type_line}",
            oracle_text=f"{left.oracle_text}\n{right.oracle_text}",
            colors=tuple(sorted(set(left.colors) | set(right.colors))),
            keywords=tuple(sorted(set(left.keywords) | set(right.keywords))),
            supertypes=tuple(dict.fromkeys(left.supertypes + right.supertypes)),
            types=tuple(dict.fromkeys(left.types + right.types)),
            subtypes=tuple(dict.fromkeys(left.subtypes + right.subtypes)),
            abilities=abilities)
    _FUSED[id(card)] = (card, face)
    return face


def is_cast_face(obj: GameObject) -> bool:
    """Whether the object's face in use is one a split spell is cast with (a half, 709.3b, or
    both fused, 702.102c)."""
    return any(obj.face is h for h in halves(obj.card)) or (
        obj.face is not None and obj.face is fused_face(obj.card))


def has_aftermath(half: Face) -> bool:
    return "aftermath" in half.keywords


def put_half_on_stack(obj: GameObject, half: Face) -> None:
    """709.3b: on the stack only the cast half's characteristics exist.

    The object's face in use is set directly; the next zone change (``Game.move``, which resets
    the transformed status and so recomputes the face from the card) gives it back its
    characteristics off the stack. ``tests/rules_engine/test_rulings_split.py`` checks that.
    """
    obj.face = half
