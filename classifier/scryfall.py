"""Scryfall card objects -> CardText (pure: takes already-parsed dicts).

Scryfall puts a multi-face card's rules text on `card_faces` (transform, modal_dfc,
split, adventure, prepare, ...) and a single-faced card's on the top level.  A Japanese
printing (lang "ja") carries the same English `name`/`oracle_text` plus `printed_name`,
`printed_type_line` and `printed_text`, per face when it has `card_faces`.
"""

from __future__ import annotations

from typing import Any

from classifier.model import CardText, FaceText


class BadCardData(ValueError):
    """A card record lacks what every card must have (names the field)."""


def _s(value: Any) -> str | None:
    """Non-empty string or None (sources use "" and null alike for 'absent')."""
    if type(value) is str and value and not value.isspace():
        return value
    return None


def _faces(record: dict[str, Any]) -> list[dict[str, Any]]:
    faces = record.get("card_faces")
    if isinstance(faces, list) and faces:
        return [f for f in faces if isinstance(f, dict)]
    return [record]


def _is_ja(record: dict[str, Any]) -> bool:
    if record.get("lang") == "ja":
        return True
    for f in _faces(record):
        if _s(f.get("printed_text")) or _s(f.get("printed_name")):
            return True
    return False


_EN_KEYS = ("name", "type_line", "oracle_text")
_JA_KEYS = ("printed_name", "printed_type_line", "printed_text")
_ABSENT: tuple[None, None, None] = (None, None, None)


def _texts(record: dict[str, Any], keys: tuple[str, str, str]) -> list[str | None]:
    """_s of each key's value (written out, since this runs for every face of every card)."""
    get = record.get
    return [
        v if type(v) is str and v and not v.isspace() else None for v in map(get, keys)
    ]


def card_text_from_scryfall(card: dict[str, Any], ja: dict[str, Any] | None = None) -> CardText:
    """Build the classifier's view of a card from Scryfall objects.

    card: an English card object, or a Japanese printing used on its own (then its
        printed_* fields give the Japanese text and its name/oracle_text, if present,
        the English).
    ja: optionally a Japanese printing of the same card; its faces are matched to the
        English faces by position (a ja record without card_faces fills face 0).
    Raises BadCardData when the record has neither oracle_id nor id to key it by.
    """
    if not isinstance(card, dict):
        raise BadCardData(f"card record must be a dict, got {type(card).__name__}")
    key = _s(card.get("oracle_id")) or _s(card.get("id"))
    if key is None:
        raise BadCardData(f"card {card.get('name')!r}: field 'oracle_id' (and 'id') missing")
    if ja is None and _is_ja(card):
        ja = card
    en_faces = _faces(card)
    ja_faces = _faces(ja) if ja is not None else []
    n = max(len(en_faces), len(ja_faces))
    faces: list[FaceText] = []
    n_en, n_ja = len(en_faces), len(ja_faces)
    for i in range(n):
        en = _texts(en_faces[i], _EN_KEYS) if i < n_en else _ABSENT
        jp = _texts(ja_faces[i], _JA_KEYS) if i < n_ja else _ABSENT
        faces.append(FaceText(i, *en, *jp))
    name = _s(card.get("name")) or (faces[0].name_ja if faces else None) or key
    return CardText(
        oracle_id=key,
        name=name,
        layout=_s(card.get("layout")) or (_s(ja.get("layout")) if ja else None),
        faces=tuple(faces),
    )
