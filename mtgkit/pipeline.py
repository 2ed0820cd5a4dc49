"""The main job as library calls: load card files, then tag every card.

Data flows one way (scrape -> store -> classify -> play): this module reads
cards from the store, hands them to the pure classifier and writes the tags
back. The CLI's ``build`` and ``classify`` commands are thin wrappers over it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import classifier
from db.cards import iter_card_objects, iter_japanese_printings
from db.load import LoadReport, load_card_files, load_ruling_files
from db.mechanics import replace_all_tags
from db.read import iter_objects
from db.store import Store


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


def tag_rows(
    cards: Iterable[dict[str, Any]], japanese: dict[str, dict[str, Any]]
) -> Iterator[tuple[Any, ...]]:
    """``card_mechanics`` rows for each card (with its Japanese printing, when known)."""
    for card in cards:
        ja = japanese.get(card.get("oracle_id") or "")
        text = classifier.card_text_from_scryfall(card, ja)
        for tag in classifier.tag_card(text):
            yield (text.oracle_id, tag.mechanic, tag.role, tag.face_index, tag.evidence, tag.lang)


def classify_store(store: Store) -> tuple[int, int]:
    """Tag every card in the store; returns (tags written, cards tagged)."""
    japanese = {p["oracle_id"]: p for p in iter_japanese_printings(store)}
    rows = list(tag_rows(iter_card_objects(store), japanese))
    written = replace_all_tags(store, rows)
    return written, len({r[0] for r in rows})


def build(
    store: Store,
    card_files: list[Path] | None = None,
    ruling_files: list[Path] | None = None,
    *,
    progress: bool = True,
) -> BuildReport:
    """Load the given files (default: the embedded sample) and classify the whole store."""
    if not card_files:
        card_files, default_rulings = sample_files()
        ruling_files = ruling_files or default_rulings
    report = load_card_files(store, card_files, progress=progress)
    if ruling_files:
        report.merge(load_ruling_files(store, ruling_files, progress=progress))
    tags, tagged = classify_store(store)
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
