"""The sample decks and a card library for them, warmed up: shared by the simulation benches.

Every card is compiled once (a game per deck) before anything is timed, so the first measured
games do not pay for the Oracle-text compiler, and the garbage collector is tuned as the
simulate runner tunes it (sim_runner.tune_gc).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rules_engine.cards import (  # noqa: E402
    CardLibrary,
    DictCardSource,
    default_sample_path,
    read_card_file,
)
from rules_engine.deckfile import read_deck, sample_decks  # noqa: E402
from rules_engine.sim_runner import card_dicts_for, play_game, tune_gc  # noqa: E402


def warmed_library(policy: str = "random",
                   only: list[str] | None = None) -> tuple[CardLibrary, dict[str, list[str]]]:
    """(library, {deck name: card names}) for the sample decks (``only`` some of them)."""
    source = DictCardSource(read_card_file(default_sample_path()))
    decks = {p.stem: read_deck(p).card_names() for p in sample_decks()}
    if only:
        decks = {k: v for k, v in decks.items() if k in only}
    names = [name for deck in decks.values() for name in deck]
    library = CardLibrary(DictCardSource(card_dicts_for(source.get, names)))
    for deck in decks.values():
        play_game(library, deck, deck, index=0, seed=0, policy=policy, keep_events=False)
    tune_gc()
    return library, decks
