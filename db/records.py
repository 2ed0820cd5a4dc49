"""Checks on single Scryfall records, before they are staged for loading.

Column extraction itself is SQL (:mod:`db.card_sql`); here is what must be known per
record to report a bad one by its line and field: that every field it supplies has
Scryfall's type (https://scryfall.com/docs/api/cards), its ``oracle_id``, and the shape
of a ruling.

Why every field and not only the ones a column is made of: the whole object is stored
(``cards.data``) and read back by the classifier, the rules engine and the exports, so a
``card_faces`` that is a string or an ``oracle_id`` that is an object would make every
later command fail. A record with a field of the wrong type is refused whole (reported
as ``file:line: field 'card_faces[1].name': expected a string, got int 5``); fields
Scryfall may add later, unknown here, are kept unchecked, and ``null`` is accepted for
every field but ``name`` and ``oracle_id`` (Scryfall omits absent fields; other sources
write them as null).

Speed: this runs once per record of a 100k-card load, so it is one pass over the
record's items with a dict lookup and a ``type(...) is`` test each; deeper checks
(list elements, UUID syntax, faces) only for the fields that need them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


class RecordError(ValueError):
    """A card object lacks what a row needs, or a field has the wrong type; names the field."""


def _describe(value: Any) -> str:
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    kind = {str: "string", int: "integer", float: "number", bool: "boolean", list: "list",
            dict: "object"}.get(type(value), type(value).__name__)
    return f"{kind} {text}"


def _list_of(kind: type, label: str) -> Callable[[Any], str | None]:
    def check(value: list[Any]) -> str | None:
        for i, item in enumerate(value):
            if type(item) is not kind:
                return f"[{i}]: expected {label}, got {_describe(item)}"
        return None
    return check


def _uuid(value: str) -> str | None:
    if len(value) != 36 or UUID.fullmatch(value) is None:
        return f": expected a UUID string, got {_describe(value)}"
    return None


def _uuid_list(value: list[Any]) -> str | None:
    for i, item in enumerate(value):
        if type(item) is not str or UUID.fullmatch(item) is None:
            return f"[{i}]: expected a UUID string, got {_describe(item)}"
    return None


def _text_map(value: dict[str, Any]) -> str | None:
    """image_uris, legalities, prices, purchase_uris, related_uris: strings (or null)."""
    for key, item in value.items():
        if item is not None and type(item) is not str:
            return f".{key}: expected a string or null, got {_describe(item)}"
    return None


def _int_list(value: list[Any]) -> str | None:
    for i, item in enumerate(value):
        if type(item) is not int:
            return f"[{i}]: expected an integer, got {_describe(item)}"
    return None


def _objects(
    schema: dict[str, type], deep: dict[str, Callable[[Any], str | None]]
) -> Callable[[Any], str | None]:
    """A check for a list of objects (card_faces, all_parts), each against ``schema``."""
    def check(value: list[Any]) -> str | None:
        for i, item in enumerate(value):
            if type(item) is not dict:
                return f"[{i}]: expected an object, got {_describe(item)}"
            err = _fields(item, schema, deep)
            if err is not None:
                return f"[{i}].{err}"
        return None
    return check


# Scryfall's card fields and the Python type orjson gives each; float also admits int.
_CARD_TYPES: dict[str, type] = {
    **dict.fromkeys((
        "object", "id", "oracle_id", "name", "lang", "layout", "mana_cost", "type_line",
        "oracle_text", "power", "toughness", "loyalty", "defense", "set", "set_name",
        "set_type", "set_id", "set_uri", "set_search_uri", "scryfall_set_uri", "released_at",
        "rarity", "collector_number", "printed_name", "printed_type_line", "printed_text",
        "flavor_text", "flavor_name", "artist", "illustration_id", "card_back_id",
        "border_color", "frame", "security_stamp", "watermark", "hand_modifier",
        "life_modifier", "uri", "scryfall_uri", "rulings_uri", "prints_search_uri",
        "image_status", "variation_of", "source", "source_format", "notes",
    ), str),
    "cmc": float,
    **dict.fromkeys((
        "edhrec_rank", "penny_rank", "mtgo_id", "mtgo_foil_id", "arena_id", "tcgplayer_id",
        "tcgplayer_etched_id", "cardmarket_id",
    ), int),
    **dict.fromkeys((
        "reserved", "foil", "nonfoil", "oversized", "promo", "reprint", "variation",
        "digital", "full_art", "textless", "booster", "story_spotlight", "highres_image",
        "content_warning", "game_changer", "is_token", "is_funny",
    ), bool),
    **dict.fromkeys((
        "colors", "color_identity", "color_indicator", "keywords", "games", "finishes",
        "produced_mana", "artist_ids", "promo_types", "frame_effects", "multiverse_ids",
        "printings", "card_faces", "all_parts", "attraction_lights",
    ), list),
    **dict.fromkeys((
        "image_uris", "legalities", "prices", "purchase_uris", "related_uris", "preview",
    ), dict),
}
_STR_LIST = _list_of(str, "a string")
_FACE_TYPES: dict[str, type] = {
    **{key: _CARD_TYPES[key] for key in (
        "object", "oracle_id", "name", "layout", "mana_cost", "type_line", "oracle_text",
        "power", "toughness", "loyalty", "defense", "printed_name", "printed_type_line",
        "printed_text", "flavor_text", "flavor_name", "artist", "illustration_id",
        "watermark", "cmc", "colors", "color_indicator", "image_uris", "artist_ids",
    )},
    "artist_id": str,
}
_FACE_DEEP: dict[str, Callable[[Any], str | None]] = {
    "oracle_id": _uuid, "illustration_id": _uuid, "artist_id": _uuid,
    "colors": _STR_LIST, "color_indicator": _STR_LIST, "image_uris": _text_map,
    "artist_ids": _uuid_list,
}
_PART_TYPES: dict[str, type] = {"object": str, "id": str, "component": str, "name": str,
                                "type_line": str, "uri": str}
_PART_DEEP: dict[str, Callable[[Any], str | None]] = {"id": _uuid}
_CARD_DEEP: dict[str, Callable[[Any], str | None]] = {
    "id": _uuid, "oracle_id": _uuid, "set_id": _uuid, "illustration_id": _uuid,
    "card_back_id": _uuid, "variation_of": _uuid,
    **dict.fromkeys(("colors", "color_identity", "color_indicator", "keywords", "games",
                     "finishes", "produced_mana", "promo_types", "frame_effects",
                     "printings"), _STR_LIST),
    "artist_ids": _uuid_list, "multiverse_ids": _int_list, "attraction_lights": _int_list,
    "card_faces": _objects(_FACE_TYPES, _FACE_DEEP),
    "all_parts": _objects(_PART_TYPES, _PART_DEEP),
    "image_uris": _text_map, "legalities": _text_map, "prices": _text_map,
    "purchase_uris": _text_map, "related_uris": _text_map,
}
_EXPECTED = {str: "a string", float: "a number", int: "an integer", bool: "true or false",
             list: "a list", dict: "an object"}


def _fields(obj: dict[str, Any], types: dict[str, type],
            deep: dict[str, Callable[[Any], str | None]]) -> str | None:
    """The first field of ``obj`` whose value has the wrong type, as "name: why"; else None."""
    get_type, get_deep = types.get, deep.get
    for key, value in obj.items():
        expected = get_type(key)
        if expected is None or value is None:
            continue
        kind = type(value)
        if kind is not expected and not (expected is float and kind is int):
            return f"{key}: expected {_EXPECTED[expected]}, got {_describe(value)}"
        check = get_deep(key)
        if check is not None:
            err = check(value)
            if err is not None:
                return key + err
    return None


def _field_error(err: str) -> RecordError:
    field, why = err.split(":", 1)
    return RecordError(f"field '{field}':{why}")


def check_card(obj: dict[str, Any]) -> str:
    """Check a card record's fields against Scryfall's types; returns its ``oracle_id``.

    Raises :class:`RecordError` naming the first bad field (``card_faces[1].name``).
    """
    err = _fields(obj, _CARD_TYPES, _CARD_DEEP)
    if err is not None:
        raise _field_error(err)
    name = obj.get("name")
    if not name:
        raise RecordError("missing field 'name'")
    if obj.get("object") not in (None, "card"):
        raise RecordError(f"not a card object (object={obj.get('object')!r})")
    return oracle_id_of(obj)


def oracle_id_of(obj: dict[str, Any]) -> str:
    """The card's ``oracle_id``; reversible cards keep it on their faces, so look there too."""
    oracle_id = obj.get("oracle_id")
    if not oracle_id:
        for face in obj.get("card_faces") or ():
            if isinstance(face, dict) and face.get("oracle_id"):
                return str(face["oracle_id"])
        raise RecordError("missing field 'oracle_id'")
    return str(oracle_id)


RULING_COLUMNS = ("oracle_id", "source", "published_at", "comment")
_RULING_TYPES: dict[str, type] = {"object": str, "oracle_id": str, "source": str,
                                  "published_at": str, "comment": str}
_RULING_DEEP: dict[str, Callable[[Any], str | None]] = {"oracle_id": _uuid}


def ruling_row(obj: dict[str, Any]) -> tuple[Any, ...]:
    """A ``rulings`` row from a Scryfall ruling object (fields checked like a card's)."""
    err = _fields(obj, _RULING_TYPES, _RULING_DEEP)
    if err is not None:
        raise _field_error(err)
    oracle_id = obj.get("oracle_id")
    if not oracle_id:
        raise RecordError("missing field 'oracle_id'")
    comment = obj.get("comment")
    if not comment:
        raise RecordError("missing field 'comment'")
    return (str(oracle_id), obj.get("source"), obj.get("published_at") or None, str(comment))
