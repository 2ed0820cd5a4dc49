"""Parsed wiki pages into rows, and the crawl's memory (frontier, revisions, redirects).

This is the only place that turns :class:`scraper.wikiparse.ParsedPage` records into
rows. A page and everything parsed from it is written in one transaction together
with its frontier entry, so an interrupted crawl never leaves a page half-stored and
never forgets that a stored page was visited. Card boxes are joined to ``cards`` here
(by English name, then by face name): a ``{{#card:}}`` box that the wikitext only
names gets its Japanese name, cost and type from the card store when the card is known.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from db.store import Store
from scraper.crrefs import edition_key
from scraper.wikiparse import ParsedPage


class WikiStore:
    """The wiki tables of one open store (implements ``scraper.mediawiki.CrawlStore``)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.con = store.con

    # ---- names ----------------------------------------------------------------------

    def name_pairs(self) -> list[tuple[str | None, str]]:
        """(Japanese, English) names of every card and face the store knows."""
        rows = self.con.execute(
            "SELECT name_ja, name FROM cards WHERE name IS NOT NULL "
            "UNION SELECT name_ja, name FROM card_faces WHERE name IS NOT NULL"
        ).fetchall()
        return [(ja, en) for ja, en in rows]

    def cards_by_name(self, names: Iterable[str]) -> dict[str, dict[str, Any]]:
        """English card or face name -> oracle_id, Japanese name, cost, type, text, P/T."""
        wanted = sorted({n for n in names if n})
        if not wanted:
            return {}
        found: dict[str, dict[str, Any]] = {}
        cols = ("name", "oracle_id", "name_ja", "mana_cost", "type_line", "type_line_ja",
                "oracle_text", "text_ja", "power", "toughness", "loyalty")
        for table in ("cards", "card_faces"):
            rows = self.con.execute(
                f"SELECT {', '.join(cols)} FROM {table} WHERE name IN "  # noqa: S608
                f"(SELECT unnest(?::VARCHAR[]))",
                [wanted],
            ).fetchall()
            for row in rows:
                found.setdefault(row[0], dict(zip(cols, row, strict=True)))
        return found

    # ---- crawl memory ------------------------------------------------------------------

    def start_crawl(self, base_url: str, signature: str) -> tuple[int, bool]:
        """Resume the unfinished crawl with this signature, or start a new one."""
        row = self.con.execute(
            "SELECT crawl_id FROM wiki_crawls WHERE base_url = ? AND signature = ? "
            "AND finished_at IS NULL ORDER BY crawl_id DESC LIMIT 1",
            [base_url, signature],
        ).fetchone()
        if row is not None:
            return int(row[0]), True
        crawl_id = int(self.con.execute(
            "SELECT coalesce(max(crawl_id), 0) + 1 FROM wiki_crawls"
        ).fetchone()[0])
        self.con.execute(
            "INSERT INTO wiki_crawls (crawl_id, base_url, signature) VALUES (?, ?, ?)",
            [crawl_id, base_url, signature],
        )
        return crawl_id, False

    def finish_crawl(self, crawl_id: int) -> None:
        self.con.execute(
            "UPDATE wiki_crawls SET finished_at = now() WHERE crawl_id = ?", [crawl_id]
        )

    def add_to_frontier(self, crawl_id: int, items: Iterable[tuple[str, int]]) -> int:
        """Queue titles not yet seen in this crawl; returns how many were new."""
        items = list(dict.fromkeys(items))
        if not items:
            return 0
        seq = int(self.con.execute(
            "SELECT coalesce(max(seq), 0) FROM wiki_frontier WHERE crawl_id = ?", [crawl_id]
        ).fetchone()[0])
        existing = {
            r[0] for r in self.con.execute(
                "SELECT title FROM wiki_frontier WHERE crawl_id = ? AND title IN "
                "(SELECT unnest(?::VARCHAR[]))",
                [crawl_id, [t for t, _ in items]],
            ).fetchall()
        }
        rows = []
        for title, depth in items:
            if title in existing:
                continue
            existing.add(title)
            seq += 1
            rows.append([crawl_id, title, depth, seq, "pending"])
        if rows:
            self.con.executemany(
                "INSERT INTO wiki_frontier (crawl_id, title, depth, seq, status) "
                "VALUES (?, ?, ?, ?, ?)",
                rows,
            )
        return len(rows)

    def pending(self, crawl_id: int, limit: int) -> list[tuple[str, int]]:
        """The oldest queued titles (breadth first: the frontier is in insertion order)."""
        return [
            (t, int(d)) for t, d in self.con.execute(
                "SELECT title, depth FROM wiki_frontier WHERE crawl_id = ? AND status = 'pending' "
                "ORDER BY seq LIMIT ?",
                [crawl_id, limit],
            ).fetchall()
        ]

    def mark(self, crawl_id: int, title: str, status: str, error: str | None = None) -> None:
        """Record what became of a frontier entry (adding it if a redirect led there)."""
        updated = self.con.execute(
            "UPDATE wiki_frontier SET status = ?, error = ?, updated_at = now() "
            "WHERE crawl_id = ? AND title = ? RETURNING title",
            [status, error, crawl_id, title],
        ).fetchall()
        if not updated:
            self.add_to_frontier(crawl_id, [(title, 0)])
            self.con.execute(
                "UPDATE wiki_frontier SET status = ?, error = ? WHERE crawl_id = ? AND title = ?",
                [status, error, crawl_id, title],
            )

    def status_of(self, crawl_id: int, title: str) -> str | None:
        row = self.con.execute(
            "SELECT status FROM wiki_frontier WHERE crawl_id = ? AND title = ?",
            [crawl_id, title],
        ).fetchone()
        return row[0] if row else None

    def visited_count(self, crawl_id: int) -> int:
        """Pages this crawl has dealt with (fetched, found unchanged, or failed)."""
        return int(self.con.execute(
            "SELECT count(*) FROM wiki_frontier WHERE crawl_id = ? "
            "AND status IN ('done', 'unchanged', 'failed', 'missing')",
            [crawl_id],
        ).fetchone()[0])

    def frontier_counts(self, crawl_id: int) -> dict[str, int]:
        return dict(self.con.execute(
            "SELECT status, count(*) FROM wiki_frontier WHERE crawl_id = ? GROUP BY status",
            [crawl_id],
        ).fetchall())

    def stored_revision(self, title: str) -> int | None:
        row = self.con.execute(
            "SELECT revision_id FROM wiki_pages WHERE title = ?", [title]
        ).fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def stored_links(self, title: str) -> list[tuple[str, bool]]:
        """(target, exists) of a stored page, to follow links of an unchanged page."""
        return [
            (t, bool(e) if e is not None else True) for t, e in self.con.execute(
                "SELECT target, target_exists FROM wiki_links WHERE title = ? ORDER BY position",
                [title],
            ).fetchall()
        ]

    def resolve_redirect(self, title: str) -> str | None:
        row = self.con.execute(
            "SELECT target_title FROM wiki_redirects WHERE source_title = ?", [title]
        ).fetchone()
        return row[0] if row else None

    def record_redirect(self, source: str, target: str) -> None:
        if source == target:
            return
        self.con.execute(
            "INSERT OR REPLACE INTO wiki_redirects (source_title, target_title, recorded_at) "
            "VALUES (?, ?, now())",
            [source, target],
        )

    # ---- pages ----------------------------------------------------------------------

    def save_page(
        self,
        page: ParsedPage,
        *,
        base_url: str | None = None,
        source: str | None = None,
        crawl_id: int | None = None,
    ) -> None:
        """Replace a page and all its parsed rows in one transaction (and mark it visited)."""
        self._name_headless_faces(page)
        cards = self.cards_by_name(b.name_en for b in page.card_boxes if b.name_en)
        fetched = page.fetched_at or datetime.now(UTC)
        if fetched.tzinfo is not None:
            fetched = fetched.astimezone(UTC).replace(tzinfo=None)
        with self.store.transaction() as con:
            for table in ("wiki_sections", "wiki_links", "wiki_card_boxes", "wiki_cr_refs",
                          "wiki_categories", "wiki_dungeon_rooms"):
                con.execute(f"DELETE FROM {table} WHERE title = ?", [page.title])  # noqa: S608
            con.execute("DELETE FROM wiki_pages WHERE title = ?", [page.title])
            con.execute(
                "INSERT INTO wiki_pages (title, url, base_url, revision_id, fetched_at, en_name, "
                "wikitext, html, text, source, quoted_rules_version) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [page.title, page.url, base_url, page.revision_id, fetched, page.en_name,
                 page.wikitext, page.html, page.text, source,
                 page.quoted_rules.version if page.quoted_rules else None],
            )
            self._insert(con, "wiki_sections", [
                [page.title, s.index, s.level, s.heading, s.text] for s in page.sections
            ])
            self._insert(con, "wiki_links", [
                [page.title, i, link.target, link.target_ja, link.target_en, link.anchor,
                 link.label, link.exists]
                for i, link in enumerate(page.links)
            ])
            self._insert(con, "wiki_card_boxes", [
                self._box_row(page.title, i, box, cards) for i, box in enumerate(page.card_boxes)
            ])
            self._insert(con, "wiki_cr_refs", self._cr_rows(page))
            self._insert(con, "wiki_categories", [[page.title, c] for c in page.categories])
            self._insert(con, "wiki_dungeon_rooms", [
                [page.title, d, dungeon.name_en, dungeon.name_ja, i, room.name, room.effect,
                 list(room.leads_to), dungeon.source]
                for d, dungeon in enumerate(page.dungeons)
                for i, room in enumerate(dungeon.rooms)
            ])
            for source_title in page.redirected_from:
                if source_title != page.title:
                    con.execute(
                        "INSERT OR REPLACE INTO wiki_redirects (source_title, target_title) "
                        "VALUES (?, ?)",
                        [source_title, page.title],
                    )
            if crawl_id is not None:
                self.mark(crawl_id, page.title, "done")

    def _name_headless_faces(self, page: ParsedPage) -> None:
        """Name a face whose header the copy lost from the face after it.

        A nameless face followed by a named face of the same card (``face_index`` one
        higher) is that card's earlier face: ``card_faces`` knows its name.
        """
        boxes = page.card_boxes
        wanted = [(i, boxes[i + 1]) for i in range(len(boxes) - 1)
                  if boxes[i].name_en is None and boxes[i + 1].name_en
                  and boxes[i + 1].face_index == boxes[i].face_index + 1]
        for i, after in wanted:
            row = self.con.execute(
                "SELECT f.name, f.name_ja FROM card_faces f JOIN card_faces g "
                "ON f.oracle_id = g.oracle_id AND f.face_index = g.face_index - 1 "
                "WHERE g.name = ? LIMIT 1",
                [after.name_en],
            ).fetchone()
            if row is not None:
                boxes[i].name_en, boxes[i].name_ja = row[0], boxes[i].name_ja or row[1]

    @staticmethod
    def _insert(con: Any, table: str, rows: list[list[Any]]) -> None:
        if not rows:
            return
        marks = ", ".join("?" * len(rows[0]))
        con.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)  # noqa: S608

    @staticmethod
    def _box_row(title: str, position: int, box: Any, cards: dict[str, dict[str, Any]]) -> list:
        card = cards.get(box.name_en or "")
        name_ja, cost, type_line, text = box.name_ja, box.mana_cost, box.type_line, box.text
        power, toughness, loyalty = box.power, box.toughness, box.loyalty
        if card is not None:
            name_ja = name_ja or card["name_ja"]
            if box.source == "wikitext":  # the wikitext only names the card: the store knows more
                cost = cost or card["mana_cost"]
                type_line = type_line or card["type_line_ja"] or card["type_line"]
                text = text or card["text_ja"] or card["oracle_text"]
                power = power or card["power"]
                toughness = toughness or card["toughness"]
                loyalty = loyalty or card["loyalty"]
        return [title, position, box.face_index, box.name_en, name_ja, cost, box.mana_cost_raw,
                box.color_indicator, type_line, text, power, toughness, loyalty,
                card["oracle_id"] if card else None, box.source]

    @staticmethod
    def _cr_rows(page: ParsedPage) -> list[list[Any]]:
        rows = []
        for ref in page.cr_refs:
            rows.append([page.title, len(rows), ref.kind, ref.rule, None, None, ref.section_title,
                         ref.suffix, None, ref.raw])
        if page.quoted_rules is not None:
            for rule in page.quoted_rules.rules:
                rows.append([page.title, len(rows), "quoted", rule.number, rule.level,
                             rule.section, rule.section_title, None, page.quoted_rules.version,
                             rule.text])
        return rows

    def section_numbers(self) -> dict[str, dict[str, str]]:
        """Section title -> {edition: number} over every stored quoted rules block.

        The quoted blocks are rendered from the rules the wiki had loaded when the page
        was fetched, so pages fetched at different times give the numbers of different
        editions (``イニシアチブ``: 722 in 20231117.0, 726 in 20260417).
        """
        out: dict[str, dict[str, str]] = {}
        for title, version, number in self.con.execute(
            "SELECT DISTINCT section_title, coalesce(cr_version, ''), rule FROM wiki_cr_refs "
            "WHERE kind = 'quoted' AND section_title IS NOT NULL "
            "AND (level = 1 OR section = rule)"  # sections, and keyword topics (702.145)
        ).fetchall():
            out.setdefault(title, {})[version] = number
        return out

    def resolve_section_cite(self, section_title: str, suffix: str | None = None,
                             edition: str | None = None) -> str | None:
        """``{{CR|{{その他のルールのCR番号|T}}.1a}}`` -> a rule number, in ``edition`` or
        else the newest edition the store has quoted; None when the title was never
        quoted."""
        numbers = self.section_numbers().get(section_title)
        if not numbers:
            return None
        if edition is None:
            edition = max(numbers, key=edition_key)
        number = numbers.get(edition)
        return None if number is None else number + (suffix or "")

    def page_count(self) -> int:
        return int(self.con.execute("SELECT count(*) FROM wiki_pages").fetchone()[0])
