"""Dungeon room graphs as the MTG Wiki writes them: ``部屋 ― 効果 (次の部屋、別の部屋へ)``.

A dungeon card (CR 309.4: each room has a name, an effect and arrows to the rooms below
it; venturing moves the marker along one arrow, 701.49) is printed on the wiki as one
line per room, the rooms it leads to in a trailing ``(X、Yへ)``; the last room has no
such note. Mechanic pages write rooms the same way in lists. This reads those lines into
``room -> next rooms``, the shape ``rules_engine/data/dungeons.json`` keeps in English as
``Room — effect (Leads to: X, Y)`` (which is read too). Mobile copies that ran two rooms
into one line are split again after the ``へ)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scraper.cardbox import CardBox

DASH = r"[―—─–]"
#: "(X、Yへ)", "（Xへ進む）", "(→X、Y)", "(Leads to: X, Y)" at the end of a room line
LEADS_TO = re.compile(
    r"\s*[(（]\s*(?:"
    r"(?P<ja>[^()（）]+?)\s*(?:へ進む|に進む|へ)"
    r"|[→⇒]\s*(?P<arrow>[^()（）]+?)"
    r"|Leads to:\s*(?P<en>[^()（）]+?)"
    r")\s*[)）]\s*$"
)
ROOM_LINE = re.compile(rf"^(?P<name>[^―—─–。()（）]{{1,40}}?)\s*{DASH}\s*(?P<effect>\S.*)$")
RUN_ON = re.compile(r"(?<=へ[)）])\s*(?=\S)|(?<=へ進む[)）])\s*(?=\S)")
BULLET = re.compile(r"^(?:[•・\-*#]+\s*)+")
NEXT_SEPARATORS = re.compile(r"\s*(?:、|，|,(?!\S*\d)|\bor\b|または)\s*")


@dataclass
class DungeonRoom:
    """One room: its name, its effect, and the rooms its arrows lead to (none: the last)."""

    name: str
    effect: str
    leads_to: list[str] = field(default_factory=list)


@dataclass
class Dungeon:
    """A room graph found on a page; names are known when it came from a card box."""

    name_en: str | None
    name_ja: str | None
    rooms: list[DungeonRoom]
    source: str = "text"  # "card" (a ダンジョン card box) | "text" (a list on the page)

    def graph(self) -> dict[str, list[str]]:
        """room -> next rooms, in printed order."""
        return {room.name: list(room.leads_to) for room in self.rooms}

    def as_text(self) -> str:
        """The rooms as ``rules_engine/data/dungeons.json`` writes a dungeon's text:
        ``Room — effect (Leads to: X, Y)``, one room a line."""
        return "\n".join(
            f"{room.name} — {room.effect}"
            + (f" (Leads to: {', '.join(room.leads_to)})" if room.leads_to else "")
            for room in self.rooms
        )


def parse_room(line: str) -> DungeonRoom | None:
    """A room line -> :class:`DungeonRoom`, or None when the line is not one."""
    line = BULLET.sub("", line.strip()).strip()
    match = ROOM_LINE.match(line)
    if not match:
        return None
    name, effect = match.group("name").strip(), match.group("effect").strip()
    leads: list[str] = []
    note = LEADS_TO.search(effect)
    if note:
        raw = note.group("ja") or note.group("arrow") or note.group("en") or ""
        leads = [x.strip() for x in NEXT_SEPARATORS.split(raw) if x.strip()]
        effect = effect[: note.start()].strip()
    if not effect:
        return None
    return DungeonRoom(name, effect, leads)


def _split_lines(text: str) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        out.extend(part for part in RUN_ON.split(line))
    return out


def rooms_from_lines(lines: list[str]) -> list[list[DungeonRoom]]:
    """Runs of consecutive room lines that form a graph (some room leads somewhere).

    A run also keeps the last room (no arrow) when an earlier room of the run leads to it.
    """
    runs: list[list[DungeonRoom]] = []
    current: list[DungeonRoom] = []

    def close() -> None:
        if current and any(r.leads_to for r in current):
            targets = {t for r in current for t in r.leads_to}
            while current and not current[-1].leads_to and current[-1].name not in targets:
                current.pop()  # a trailing "X ― Y" line the graph never points at
            runs.append(list(current))
        current.clear()

    for line in lines:
        room = parse_room(line) if line.strip() else None
        if room is None:
            close()
            continue
        current.append(room)
    close()
    return runs


#: what any room with an arrow carries; a page without it has no room graph
ANY_ARROW = re.compile(r"へ(?:進む)?\s*[)）]|に進む\s*[)）]|[(（]\s*[→⇒]|Leads to:")


def dungeons_from_page(text: str, boxes: list[CardBox]) -> list[Dungeon]:
    """Every room graph of a page: ダンジョン card boxes first, then lists in its text."""
    if not ANY_ARROW.search(text):
        return []
    found: list[Dungeon] = []
    seen: set[tuple[str, ...]] = set()
    for box in boxes:
        if not box.text or "ダンジョン" not in (box.type_line or ""):
            continue
        for rooms in rooms_from_lines(_split_lines(box.text)):
            key = tuple(r.name for r in rooms)
            if key not in seen:
                seen.add(key)
                found.append(Dungeon(box.name_en, box.name_ja, rooms, source="card"))
    for rooms in rooms_from_lines(_split_lines(text)):
        key = tuple(r.name for r in rooms)
        if any(set(key) <= set(k) for k in seen):
            continue  # the same rooms as a card box above
        seen.add(key)
        found.append(Dungeon(None, None, rooms))
    return found
