"""The card source every engine-facing command uses: ``--cards`` files, the database, the sample.

The order is the one ``mtgkit play`` uses (``--cards`` files first, then the database, then the
embedded sample), and the database lookup is play's own ``_StoreSource``. Unlike play's wiring
this takes an already open :class:`db.Store`, because ``simulate`` writes to the same file it
reads cards from and DuckDB refuses a second, read-only connection to it in one process.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mtgkit.errors import UserError


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
        from mtgkit.commands.play import _StoreSource

        sources.append(_StoreSource(store))
    sample = default_sample_path()
    if sample.exists():
        embedded = DictCardSource(read_card_file(sample))
        japanese = default_sample_japanese_path()
        if japanese.exists():  # Japanese card names in scenarios (their printed names)
            embedded.add_japanese(read_card_file(japanese))
        sources.append(embedded)
    return ChainCardSource(sources)
