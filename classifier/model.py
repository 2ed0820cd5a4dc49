"""Plain records the classifier reads and writes (no I/O, no SQL).

A card is seen as a list of faces, each with whatever English Oracle text and
Japanese printed text is known: a card known only from a wiki card box has no
English text at all, and a Scryfall card may have no Japanese printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MECHANICS = ("day_night", "initiative", "prepare", "end_the_turn")


# FaceText and CardText write their own __init__ (dataclass keeps a class's own): the
# generated one of a frozen dataclass calls object.__setattr__ once per field, which was
# a third of the time to build 100k cards; filling __dict__ in one call is twice as fast.
# They stay frozen (assignment raises), equal and hashable by value.  The parameters
# must be the fields, in order, with their defaults (tests/classifier checks this).


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

    def __init__(
        self,
        face_index: int,
        name: str | None = None,
        type_line: str | None = None,
        oracle_text: str | None = None,
        name_ja: str | None = None,
        type_line_ja: str | None = None,
        text_ja: str | None = None,
    ) -> None:
        self.__dict__.update(
            face_index=face_index,
            name=name,
            type_line=type_line,
            oracle_text=oracle_text,
            name_ja=name_ja,
            type_line_ja=type_line_ja,
            text_ja=text_ja,
        )


@dataclass(frozen=True)
class CardText:
    """What the classifier needs of a card: its id, name, layout and faces."""

    oracle_id: str
    name: str
    layout: str | None = None
    faces: tuple[FaceText, ...] = field(default_factory=tuple)

    def __init__(
        self,
        oracle_id: str,
        name: str,
        layout: str | None = None,
        faces: tuple[FaceText, ...] = (),
    ) -> None:
        self.__dict__.update(oracle_id=oracle_id, name=name, layout=layout, faces=faces)


@dataclass(frozen=True)
class Tag:
    """One mechanic found on one face, with the exact span of text that shows it."""

    mechanic: str
    role: str
    face_index: int
    evidence: str
    lang: str  # "en" or "ja"
