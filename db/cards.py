"""Read cards back out of the store as Scryfall objects, for the classifier and the engine.

The rules engine and the classifier know nothing of SQL; the CLI hands them what
these functions return.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import orjson

from db.store import Store


def iter_card_objects(store: Store, batch_size: int = 5000) -> Iterator[dict[str, Any]]:
    """Every card's English Scryfall object, in name order (streamed in batches)."""
    cursor = store.con.execute(
        "SELECT data FROM cards WHERE data IS NOT NULL ORDER BY name"
    )
    while True:
        rows = cursor.fetchmany(batch_size)
        if not rows:
            return
        for (data,) in rows:
            yield orjson.loads(data)


def iter_japanese_printings(store: Store, batch_size: int = 5000) -> Iterator[dict[str, Any]]:
    """Each card's Japanese text as a Scryfall-like ``lang: ja`` printing (for the classifier)."""
    cursor = store.con.execute(
        "SELECT oracle_id, face_index, name_ja, type_line_ja, text_ja FROM cards_ja "
        "ORDER BY oracle_id, face_index"
    )
    current: dict[str, Any] | None = None
    while True:
        rows = cursor.fetchmany(batch_size)
        for oracle_id, face_index, name_ja, type_ja, text_ja in rows:
            if current is None or current["oracle_id"] != oracle_id:
                if current is not None:
                    yield _finish(current)
                current = {"oracle_id": oracle_id, "lang": "ja", "card_faces": []}
            fields = {"printed_name": name_ja, "printed_type_line": type_ja,
                      "printed_text": text_ja}
            if face_index == -1:
                current.update(fields)
            else:
                current["card_faces"].append(fields)
        if not rows:
            break
    if current is not None:
        yield _finish(current)


def _finish(printing: dict[str, Any]) -> dict[str, Any]:
    if len(printing["card_faces"]) <= 1:
        printing.pop("card_faces")
    return printing


def _lookup_keys(obj: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(primary names, secondary names): the full name and the front face's name come first;
    other faces (a prepare spell, an adventure, a back face) only when nothing else matches."""
    faces = [f.get("name") for f in obj.get("card_faces") or () if f.get("name")]
    primary = [obj["name"], *faces[:1]]
    return primary, faces[1:]


def card_objects_by_name(store: Store, names: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Map each requested name to its card object; a name may be the full ``A // B`` or a face name.

    Matching is case-insensitive. A card whose full or front-face name matches wins over one
    where only another face does (``Lightning Bolt`` is a card, and also the prepare spell of
    Emeritus of Conflict). Names not in the store are left out of the result.
    """
    wanted = {n.lower(): n for n in names}
    if not wanted:
        return {}
    rows = store.con.execute(
        "SELECT DISTINCT c.data FROM cards c LEFT JOIN card_faces f USING (oracle_id) "
        "WHERE lower(c.name) IN (SELECT unnest(?)) OR lower(f.name) IN (SELECT unnest(?))",
        [list(wanted), list(wanted)],
    ).fetchall()
    primary: dict[str, dict[str, Any]] = {}
    secondary: dict[str, dict[str, Any]] = {}
    for (data,) in rows:
        obj = orjson.loads(data)
        first, rest = _lookup_keys(obj)
        for keys, found in ((first, primary), (rest, secondary)):
            for key in keys:
                original = wanted.get(key.lower())
                if original is not None and original not in found:
                    found[original] = obj
    return {**secondary, **primary}


def english_names_for_japanese(store: Store, names: Iterable[str]) -> dict[str, str]:
    """Map each Japanese card (or face) name to its English name; unknown names are left out.

    A face's Japanese name gives that face's English name (a double-faced card's front face
    is the name a scenario uses); the whole card's gives its full English name."""
    wanted = {n.strip(): n for n in names if n and n.strip()}
    if not wanted:
        return {}
    rows = store.con.execute(
        "SELECT j.name_ja, j.face_index, c.name, c.data FROM cards_ja j JOIN cards c "
        "USING (oracle_id) WHERE j.name_ja IN (SELECT unnest(?))", [list(wanted)]).fetchall()
    found: dict[str, str] = {}
    for name_ja, face_index, name, data in sorted(rows, key=lambda r: -r[1]):
        english = name
        if face_index >= 0 and data:
            faces = orjson.loads(data).get("card_faces") or ()
            if face_index < len(faces) and faces[face_index].get("name"):
                english = faces[face_index]["name"]
        found.setdefault(wanted[name_ja], english)
    return found
