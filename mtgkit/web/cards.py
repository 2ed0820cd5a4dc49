"""What the pages and the API show of a card, read from the store by oracle id.

Everything here is a fixed statement with bound parameters; user text never becomes SQL.
A card's faces come from ``card_faces`` when it has several, else the card row is its one
face (face 0), which is also how the classifier numbers faces.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from db.store import Store


@dataclass
class Face:
    """One face as the card page shows it, in English and Japanese."""

    index: int
    name: str | None
    name_ja: str | None
    mana_cost: str | None
    type_line: str | None
    type_line_ja: str | None
    oracle_text: str | None
    text_ja: str | None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None


@dataclass
class Tag:
    mechanic: str
    role: str
    face_index: int | None
    evidence: str | None
    lang: str | None


@dataclass
class Card:
    """A card with its faces and tags (what a result row and the card page need)."""

    oracle_id: str
    name: str
    name_ja: str | None
    layout: str | None
    mana_cost: str | None
    type_line: str | None
    type_line_ja: str | None
    oracle_text: str | None
    text_ja: str | None
    power: str | None
    toughness: str | None
    loyalty: str | None
    data: str | None
    faces: list[Face] = field(default_factory=list)
    tags: list[Tag] = field(default_factory=list)

    @property
    def face_costs(self) -> list[str]:
        """Each face's cost (``{3}{R}``; a back face without one is left out), else the card's.

        Transform cards have no top-level cost, and a prepare or split card's joined cost hides
        which half costs what, so several faces show theirs."""
        if len(self.faces) > 1:
            costs = [f.mana_cost for f in self.faces if f.mana_cost]
            if costs:
                return costs
        return [self.mana_cost] if self.mana_cost else []

    @property
    def mechanics(self) -> list[str]:
        return sorted({t.mechanic for t in self.tags})

    @property
    def roles(self) -> list[tuple[str, str]]:
        return sorted({(t.mechanic, t.role) for t in self.tags})

    def scryfall_object(self) -> dict[str, Any]:
        """The stored English Scryfall object plus mtgkit's own fields (``mtgkit_*``).

        Fields stored as null are left out, as Scryfall leaves out what a card does not have
        (an instant has no ``power`` key), so clients that test for a key behave the same."""
        obj: dict[str, Any] = _without_nulls(orjson.loads(self.data)) if self.data else {
            "object": "card", "oracle_id": self.oracle_id, "name": self.name,
            "layout": self.layout, "mana_cost": self.mana_cost, "type_line": self.type_line,
            "oracle_text": self.oracle_text}
        obj["mtgkit_mechanics"] = self.mechanics
        obj["mtgkit_roles"] = [f"{m}:{r}" for m, r in self.roles]
        obj["mtgkit_tags"] = [t.__dict__.copy() for t in self.tags]
        obj["mtgkit_name_ja"] = self.name_ja
        obj["mtgkit_type_line_ja"] = self.type_line_ja
        obj["mtgkit_text_ja"] = self.text_ja
        if len(self.faces) > 1:
            obj["mtgkit_faces_ja"] = [
                {"name": f.name_ja, "type_line": f.type_line_ja, "text": f.text_ja}
                for f in self.faces]
        return obj


def _without_nulls(obj: Any) -> Any:
    """``obj`` with every null-valued key dropped, at every depth (faces, related parts)."""
    if isinstance(obj, dict):
        return {k: _without_nulls(v) for k, v in obj.items() if v is not None}
    if isinstance(obj, list):
        return [_without_nulls(x) for x in obj]
    return obj


_CARD_COLUMNS = ("oracle_id", "name", "name_ja", "layout", "mana_cost", "type_line",
                 "type_line_ja", "oracle_text", "text_ja", "power", "toughness", "loyalty", "data")
_FACE_COLUMNS = ("oracle_id", "face_index", "name", "name_ja", "mana_cost", "type_line",
                 "type_line_ja", "oracle_text", "text_ja", "power", "toughness", "loyalty")


_LIGHT = {"oracle_text", "text_ja", "power", "toughness", "loyalty", "data"}


class DataCache:
    """The stored Scryfall JSON text of recently served cards (bounded, thread-safe).

    ``cards.data`` is the widest column by far (stored uncompressed for this read: migration
    009), and a page of scattered cards is a lookup per id; cards asked again (the next page,
    a popular card) skip it. The server's connection is read-only and DuckDB keeps writers
    out while it is open, so an entry never goes stale."""

    def __init__(self, size: int = 20_000) -> None:
        self.size = size
        self._items: OrderedDict[str, str | None] = OrderedDict()
        self._lock = threading.Lock()

    def get_many(self, store: Store, oracle_ids: list[str]) -> dict[str, str | None]:
        """The JSON of ``oracle_ids``."""
        with self._lock:
            found = {i: self._items[i] for i in oracle_ids if i in self._items}
            for i in found:
                self._items.move_to_end(i)
        missing = [i for i in oracle_ids if i not in found]
        if missing:
            fetched = dict(store.con.execute(
                "SELECT oracle_id, data FROM cards WHERE oracle_id IN (SELECT unnest(?))",
                [missing]).fetchall())
            found.update(fetched)
            with self._lock:
                self._items.update(fetched)
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        return found


def _marks(values: list[str]) -> str:
    """``?, ?, ...``: one placeholder per value (an IN list DuckDB can answer from the primary
    key's index; the values themselves stay bound parameters)."""
    return ", ".join("?" * len(values))


def cards_by_ids(store: Store, oracle_ids: list[str], *, full: bool = False,
                 data: DataCache | None = None, rowids: list[int] | None = None) -> list[Card]:
    """The cards of ``oracle_ids`` in that order (unknown ids are left out).

    By default only what a result row shows (names, types, costs, tags: no rules text, no
    Scryfall JSON), which keeps a page of results cheap; ``full`` reads everything, the JSON
    through ``data`` when given. ``rowids`` (the cards' rows in ``card_search``, from the
    search) reads the rest from the index's rows, which sit together in name order."""
    if not oracle_ids:
        return []
    cards = _cards_from_index(store, oracle_ids, rowids, full) if rowids else None
    if cards is None:
        columns = [c if full or c not in _LIGHT else f"NULL AS {c}" for c in _CARD_COLUMNS]
        if data is not None:
            columns[-1] = "NULL AS data"
        rows = store.con.execute(
            f"SELECT {', '.join(columns)} FROM cards WHERE oracle_id IN ({_marks(oracle_ids)})",
            oracle_ids).fetchall()
        cards = {r[0]: Card(*r) for r in rows}
    if full and data is not None:
        for oracle_id, text in data.get_many(store, list(cards)).items():
            if oracle_id in cards:
                cards[oracle_id].data = text
    face_columns = [c if full or c in ("oracle_id", "face_index", "name", "name_ja",
                                       "mana_cost") else f"NULL AS {c}" for c in _FACE_COLUMNS]
    # a card of several faces has " // " in its name (Scryfall joins face names so); the
    # others' one face is the card row itself, so only those few ids are looked up
    several = [i for i, c in cards.items() if " // " in c.name and not c.faces]
    if several:
        for row in store.con.execute(
                f"SELECT {', '.join(face_columns)} FROM card_faces WHERE oracle_id IN "
                f"({_marks(several)}) ORDER BY oracle_id, face_index", several).fetchall():
            cards[row[0]].faces.append(Face(*row[1:]))
    for row in store.con.execute(
            "SELECT oracle_id, mechanic, role, face_index, evidence, lang FROM card_mechanics "
            "WHERE oracle_id IN (SELECT unnest(?)) ORDER BY oracle_id, mechanic, role, "
            "face_index, lang", [oracle_ids]).fetchall():
        if row[0] in cards:
            cards[row[0]].tags.append(Tag(*row[1:]))
    for card in cards.values():
        if not card.faces:
            card.faces = [Face(0, card.name, card.name_ja, card.mana_cost, card.type_line,
                               card.type_line_ja, card.oracle_text, card.text_ja, card.power,
                               card.toughness, card.loyalty)]
    return [cards[i] for i in oracle_ids if i in cards]


_INDEX_ROWS = (
    "SELECT rowid, oracle_id, name, name_ja, layout, mana_cost, type_line, type_line_ja, "
    "oracle_text, text_ja, power, toughness, loyalty, faces FROM card_search "
    "WHERE rowid BETWEEN ? AND ? AND list_contains(?::BIGINT[], rowid)")


def _cards_from_index(store: Store, oracle_ids: list[str], rowids: list[int],
                      full: bool) -> dict[str, Card] | None:
    """The cards (without JSON) read from the search index's rows ``rowids``, or None when
    they are not those of ``oracle_ids`` (the index changed: the caller reads ``cards``).

    The index holds the same fields as ``cards`` and ``card_faces`` (its faces list is every
    ``card_faces`` row of a card with several), stored in name order and uncompressed, so a
    page's rows are a few cheap reads by row id instead of a lookup per id in ``cards``."""
    if len(rowids) != len(oracle_ids):
        return None
    expected = dict(zip(rowids, oracle_ids, strict=True))
    rows = store.con.execute(_INDEX_ROWS, [min(rowids), max(rowids), rowids]).fetchall()
    if len(rows) != len(set(oracle_ids)) or any(expected.get(r[0]) != r[1] for r in rows):
        return None
    cards = {}
    for (_, oracle_id, name, name_ja, layout, mana_cost, type_line, type_line_ja, text,
         text_ja, power, toughness, loyalty, faces) in rows:
        if not full:
            text = text_ja = power = toughness = loyalty = None
        card = Card(oracle_id, name, name_ja, layout, mana_cost, type_line, type_line_ja,
                    text, text_ja, power, toughness, loyalty, None)
        if " // " in name and faces:
            card.faces = [Face(f["face_index"], f["name"], f["name_ja"], f["mana_cost"],
                               *((f["type_line"], f["type_line_ja"], f["oracle_text"],
                                  f["text_ja"], f["power"], f["toughness"], f["loyalty"])
                                 if full else (None,) * 7))
                          for f in faces]
        cards[oracle_id] = card
    return cards


def card_by_id(store: Store, oracle_id: str) -> Card | None:
    found = cards_by_ids(store, [oracle_id], full=True)
    return found[0] if found else None


@dataclass
class Ruling:
    published_at: str | None
    source: str | None
    comment: str


def rulings_of(store: Store, oracle_id: str) -> list[Ruling]:
    rows = store.con.execute(
        "SELECT published_at, source, comment FROM rulings WHERE oracle_id = ? "
        "ORDER BY published_at, comment", [oracle_id]).fetchall()
    return [Ruling(str(d) if d is not None else None, s, c) for d, s, c in rows]


@dataclass
class WikiMention:
    """A scraped wiki page that shows the card (a card box) or links to it."""

    title: str
    url: str | None
    how: str  # "card box" or "link"


def wiki_mentions(store: Store, card: Card) -> list[WikiMention]:
    """Pages with a card box of this card, then pages linking to it (by English or Japanese
    name of the card or a face), each once."""
    names = sorted({n for n in (card.name, *(f.name for f in card.faces)) if n})
    names_ja = sorted({n for n in (card.name_ja, *(f.name_ja for f in card.faces)) if n})
    boxes = store.con.execute(
        "SELECT DISTINCT b.title, p.url FROM wiki_card_boxes b LEFT JOIN wiki_pages p "
        "USING (title) WHERE b.oracle_id = ? OR b.name_en IN (SELECT unnest(?::VARCHAR[])) "
        "ORDER BY b.title", [card.oracle_id, names]).fetchall()
    links = store.con.execute(
        "SELECT DISTINCT l.title, p.url FROM wiki_links l LEFT JOIN wiki_pages p USING (title) "
        "WHERE l.target_en IN (SELECT unnest(?::VARCHAR[])) "
        "OR l.target_ja IN (SELECT unnest(?::VARCHAR[])) ORDER BY l.title",
        [names, names_ja]).fetchall()
    out: dict[str, WikiMention] = {}
    for rows, how in ((boxes, "card box"), (links, "link")):
        for title, url in rows:
            out.setdefault(title, WikiMention(title, url, how))
    return list(out.values())


def facet_counts(store: Store) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    """Cards per mechanic and per (mechanic, role), over the whole store."""
    mechanics = dict(store.con.execute(
        "SELECT mechanic, count(DISTINCT oracle_id) FROM card_mechanics GROUP BY 1").fetchall())
    roles = {(m, r): n for m, r, n in store.con.execute(
        "SELECT mechanic, role, count(DISTINCT oracle_id) FROM card_mechanics GROUP BY 1, 2"
    ).fetchall()}
    return mechanics, roles


def card_count(store: Store) -> int:
    return int(store.con.execute("SELECT count(*) FROM cards").fetchone()[0])


# -- names: exact, fuzzy, autocomplete (Scryfall's /cards/named and /cards/autocomplete) --------

_NAMES_SQL = (
    "SELECT oracle_id, name, 0 AS rank FROM cards UNION ALL "
    "SELECT oracle_id, name_ja, 1 FROM cards WHERE name_ja IS NOT NULL UNION ALL "
    "SELECT oracle_id, name, 2 FROM card_faces WHERE name IS NOT NULL UNION ALL "
    "SELECT oracle_id, name_ja, 3 FROM card_faces WHERE name_ja IS NOT NULL"
)


def named_exact(store: Store, name: str) -> str | None:
    """The oracle id of the card whose full, Japanese or face name is ``name`` (any case).

    A full name wins over a face name (``Lightning Bolt`` the card over the prepare spell)."""
    row = store.con.execute(
        f"SELECT oracle_id FROM ({_NAMES_SQL}) WHERE lower(name) = lower(?) "  # noqa: S608
        "ORDER BY rank, oracle_id LIMIT 1", [name.strip()]).fetchone()
    return row[0] if row else None


class Ambiguous(LookupError):
    """A fuzzy name that fits several cards (Scryfall answers 404 with type ``ambiguous``)."""


def named_fuzzy(store: Store, name: str) -> str | None:
    """Scryfall's fuzzy name: exact first; then the one card whose name holds every word of
    ``name`` (as prefixes of its words, any case); then the closest name by Jaro-Winkler
    similarity when it is close enough. Several equally good cards raise :class:`Ambiguous`."""
    exact = named_exact(store, name)
    if exact:
        return exact
    words = [w for w in "".join(ch if ch.isalnum() else " " for ch in name.lower()).split()]
    if not words:
        return None
    clauses = " AND ".join(["regexp_matches(lower(name), ?)"] * len(words))
    patterns = [_word_prefix(w) for w in words]
    ids = [r[0] for r in store.con.execute(
        f"SELECT DISTINCT oracle_id FROM ({_NAMES_SQL}) WHERE {clauses} "  # noqa: S608
        "ORDER BY oracle_id LIMIT 2", patterns).fetchall()]
    if len(ids) == 1:
        return ids[0]
    if len(ids) > 1:
        raise Ambiguous(name)
    rows = store.con.execute(
        f"SELECT oracle_id, max(jaro_winkler_similarity(lower(name), lower(?))) AS s "  # noqa: S608
        f"FROM ({_NAMES_SQL}) GROUP BY oracle_id ORDER BY s DESC, oracle_id LIMIT 2",
        [name]).fetchall()
    if not rows or rows[0][1] < 0.88:
        return None
    if len(rows) > 1 and rows[1][1] == rows[0][1]:
        raise Ambiguous(name)
    return rows[0][0]


def _word_prefix(word: str) -> str:
    """A regex (for DuckDB's ``regexp_matches``, passed as a bound value) matching ``word`` at
    the start of a word (anywhere for Japanese, which has no spaces between words)."""
    return r"(^|[^[:alnum:]])" + re.escape(word) if word.isascii() else re.escape(word)


def autocomplete(store: Store, text: str, limit: int = 20) -> list[str]:
    """Up to ``limit`` English card names for a partial name (English or Japanese); names that
    start with it come first. Like Scryfall, fewer than two characters give nothing."""
    text = text.strip()
    if len(text) < 2:
        return []
    rows = store.con.execute(
        "SELECT c.name, min(CASE WHEN starts_with(lower(n.name), lower(?)) THEN 0 ELSE 1 END) "
        f"AS k FROM ({_NAMES_SQL}) n JOIN cards c USING (oracle_id) "  # noqa: S608
        "WHERE contains(lower(n.name), lower(?)) GROUP BY c.name ORDER BY k, c.name LIMIT ?",
        [text, text, limit]).fetchall()
    return [r[0] for r in rows]
