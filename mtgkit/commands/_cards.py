"""The card source every engine-facing command uses: ``--cards`` files, the database, the sample.

The order is the one ``mtgkit play`` uses (``--cards`` files first, then the database, then the
embedded sample); :class:`StoreSource` is the database lookup. This takes an already open
:class:`db.Store`, because ``simulate`` writes to the same file it reads cards from and DuckDB
refuses a second, read-only connection to it in one process. This module sits below the
command modules (play, simulate, check-rulings import it; it imports none of them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mtgkit.errors import UserError


class StoreSource:
    """A card source over the database's stored Scryfall objects (``db.cards``)."""

    def __init__(self, store: Any) -> None:
        from db.cards import card_objects_by_name

        self._lookup = card_objects_by_name
        self._store = store
        self._cache: dict[str, Any] = {}

    def english_name(self, name: str) -> str | None:
        """The English name of a card printed in Japanese as ``name`` (db.cards)."""
        from db.cards import english_names_for_japanese

        key = "ja:" + name.lower()
        if key not in self._cache:
            self._cache[key] = english_names_for_japanese(self._store, [name]).get(name)
        return self._cache[key]  # type: ignore[return-value]

    def get(self, name: str) -> dict[str, Any] | None:
        key = name.lower()
        if key not in self._cache:
            found = self._lookup(self._store, [name])
            self._cache[key] = next(iter(found.values()), None) if found else None
        return self._cache[key]


def card_source(card_files: Iterable[str], store: Any | None) -> Any:
    """A :class:`rules_engine.cards.ChainCardSource` over files, ``store`` (if any), sample."""
    from rules_engine.cards import (
        ChainCardSource,
        DictCardSource,
        default_sample_japanese_path,
        default_sample_path,
        read_card_file,
    )
    from rules_engine.errors import BadCardData

    sources: list[Any] = []
    try:
        for path in card_files or ():
            sources.append(DictCardSource(read_card_file(path)))
    except BadCardData as exc:
        raise UserError(str(exc)) from exc
    if store is not None:
        sources.append(StoreSource(store))
    sample = default_sample_path()
    if sample.exists():
        embedded = DictCardSource(read_card_file(sample))
        japanese = default_sample_japanese_path()
        if japanese.exists():  # Japanese card names in scenarios (their printed names)
            embedded.add_japanese(read_card_file(japanese))
        sources.append(embedded)
    return ChainCardSource(sources)
