"""The main job as library calls: load card files, then tag every card.

Data flows one way (scrape -> store -> classify -> play): this module reads
cards from the store, hands them to the pure classifier and writes the tags
back. The CLI's ``build`` and ``classify`` commands are thin wrappers over it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import classifier
from db import search_index
from db.load import LoadReport, load_card_files, load_ruling_files
from db.read import iter_objects
from db.store import Store
from db.tagging import cards_to_tag, pending_count, tag_totals, write_tags


def sample_files() -> tuple[list[Path], list[Path]]:
    """The embedded sample's card files and ruling files (written by this project)."""
    root = resources.files("db") / "sample"
    cards = [Path(str(root / n)) for n in ("cards.jsonl", "cards_ja.jsonl")]
    rulings = [Path(str(root / "rulings.jsonl"))]
    return [p for p in cards if p.exists()], [p for p in rulings if p.exists()]


@dataclass
class BuildReport:
    load: LoadReport
    tags: int
    tagged_cards: int


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold Python's cyclic garbage collector for a bulk pass.

    Why: loading or tagging 100k cards makes millions of small acyclic objects (parsed JSON),
    and each automatic collection walks every live one: with the collector on, parsing the
    records alone took five times as long. Nothing made here forms a cycle.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def tag_rows(
    cards: Iterable[tuple[dict[str, Any], dict[str, Any] | None]],
) -> Iterator[tuple[Any, ...]]:
    """``card_mechanics`` rows for each (card, its Japanese printing or None)."""
    card_text, tag_card, may_have_tags = (classifier.card_text_from_scryfall,
                                          classifier.tag_card, classifier.may_have_tags)
    for card, ja in cards:
        if not may_have_tags(card, ja):
            continue
        text = card_text(card, ja)
        for tag in tag_card(text):
            yield (text.oracle_id, tag.mechanic, tag.role, tag.face_index, tag.evidence, tag.lang)


def card_tag_rows(card: dict[str, Any]) -> list[tuple[Any, ...]]:
    """``card_mechanics`` rows for one English card alone (the loader's tagger: a card with
    Japanese text is tagged again, with it, by :func:`tag_pending`)."""
    text = classifier.card_text_from_scryfall(card)
    return [(text.oracle_id, tag.mechanic, tag.role, tag.face_index, tag.evidence, tag.lang)
            for tag in classifier.tag_card(text)]


def classify_store(store: Store) -> tuple[int, int]:
    """Tag every card in the store again; returns (tags written, cards tagged)."""
    with gc_paused():
        rows = list(tag_rows(cards_to_tag(store, everything=True)))
        written = write_tags(store, rows, everything=True)
    return written, len({r[0] for r in rows})


def tag_pending(store: Store) -> int:
    """Tag the cards loads have changed since they were last tagged (``cards_untagged``);
    returns how many cards that was. All their tags land in one transaction, together with
    clearing their marks: an interrupted tagging step is redone whole by the next call."""
    pending = pending_count(store)
    if pending:
        with gc_paused():
            write_tags(store, tag_rows(cards_to_tag(store)))
    return pending


def build(
    store: Store,
    card_files: list[Path] | None = None,
    ruling_files: list[Path] | None = None,
    *,
    progress: bool = True,
) -> BuildReport:
    """Load the given files (default: the embedded sample), then tag the cards they changed.

    Each file is one transaction and so is the tagging step; cards loaded but not yet tagged
    (a build interrupted before its tags were written) are tagged by the next build.
    """
    if not card_files:
        card_files, default_rulings = sample_files()
        ruling_files = ruling_files or default_rulings
    with gc_paused():
        report = load_card_files(store, card_files, progress=progress, index=False,
                                 tagger=card_tag_rows)
        if ruling_files:
            report.merge(load_ruling_files(store, ruling_files, progress=progress))
    if search_index.is_current(store.con):  # (the loads kept it current: nothing to rebuild)
        tag_pending(store)
    else:
        from db.search import ensure_index_alongside

        with ensure_index_alongside(store.con):  # the search index, while Python tags
            tag_pending(store)
    tags, tagged = tag_totals(store)
    return BuildReport(load=report, tags=tags, tagged_cards=tagged)


def classify_files(paths: Iterable[Path]) -> Iterator[tuple[str, str, list[classifier.Tag]]]:
    """Tag the cards in Scryfall files without a database: ``(oracle_id, name, tags)``, each
    tag with its mechanic, role, face and evidence span.

    Japanese printings in the same files are paired with their English card by
    ``oracle_id``; a card known only from a Japanese printing is tagged on its own.
    """
    english: dict[str, dict[str, Any]] = {}
    japanese: dict[str, dict[str, Any]] = {}
    for path in paths:
        for _line, obj in iter_objects(path):
            if not isinstance(obj, dict):
                continue
            oracle_id = obj.get("oracle_id") or obj.get("id") or obj.get("name")
            if not oracle_id:
                continue
            target = japanese if obj.get("lang") == "ja" else english
            target.setdefault(str(oracle_id), obj)
    for oracle_id, card in english.items():
        text = classifier.card_text_from_scryfall(card, japanese.get(oracle_id))
        yield oracle_id, card.get("name", ""), list(classifier.tag_card(text))
    for oracle_id, card in japanese.items():
        if oracle_id not in english:
            text = classifier.card_text_from_scryfall(card)
            name = card.get("printed_name") or card.get("name") or ""
            yield oracle_id, name, list(classifier.tag_card(text))
