"""Plain records the classifier reads and writes (no I/O, no SQL).

A card is seen as a list of faces, each with whatever English Oracle text and
Japanese printed text is known: a card known only from a wiki card box has no
English text at all, and a Scryfall card may have no Japanese printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MECHANICS = ("day_night", "initiative", "prepare", "end_the_turn")


@dataclass(frozen=True)
class FaceText:
    """One face of a card (face_index 0 for a single-faced card)."""

    face_index: int
    name: str | None = None
    type_line: str | None = None
    oracle_text: str | None = None
    name_ja: str | None = None
    type_line_ja: str | None = None
    text_ja: str | None = None


@dataclass(frozen=True)
class CardText:
    """What the classifier needs of a card: its id, name, layout and faces."""

    oracle_id: str
    name: str
    layout: str | None = None
    faces: tuple[FaceText, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Tag:
    """One mechanic found on one face, with the exact span of text that shows it."""

    mechanic: str
    role: str
    face_index: int
    evidence: str
    lang: str  # "en" or "ja"
