"""Fuzz the deck-file parser (issue 10 items 2 and 7): ``rules_engine.deckfile.parse_deck_text``
on any text returns a deck within the limits or raises DeckError naming ``path:line``; and
``check_names`` with a card source that knows Japanese printings either resolves every name or
names the line. Crashes found are replayed from tests/fuzz/corpus/deck/."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.cards import ChainCardSource, DictCardSource
from rules_engine.deckfile import (
    MAX_DECK_CARDS,
    MAX_ENTRY_COUNT,
    DeckError,
    check_names,
    parse_deck_text,
)
from tests.fuzz.fuzzing import corpus, fuzz_settings, ids, time_limit

LINES = ("4 Forest", "4x Forest", "Forest", "8 山", "4 灰色熊", "250 Island", "SB: 2 Shock",
         "Sideboard", "", "# comment", "// comment", "Deck", "4 Forest (MID) 159", "0 Forest",
         "-5 Forest", "2.5 Forest", "9" * 40 + " Forest", "１２ Forest", "4", "4x",
         "\ufeff4 Forest", "1996 World Champion", "4 Fire // Ice", "  3   Grizzly   Bears  ",
         "\t", "x" * 300)


def _source() -> ChainCardSource:
    names = ("Forest", "Island", "Shock", "Grizzly Bears", "Fire // Ice")
    own = DictCardSource({"name": n, "type_line": "Land"} for n in names)
    own.add_japanese([{"name": "Grizzly Bears", "printed_name": "灰色熊"}])
    return ChainCardSource([own])


def _check(text: str) -> None:
    try:
        with time_limit(30, f"parsing {len(text)} characters of deck"):
            deck = parse_deck_text(text, "fuzz.txt")
    except DeckError as exc:
        assert str(exc).startswith("fuzz.txt"), exc
        return
    assert deck.main and deck.size <= MAX_DECK_CARDS and deck.sideboard_size <= MAX_DECK_CARDS
    assert all(1 <= e.count <= MAX_ENTRY_COUNT and e.name for e in deck.main + deck.sideboard)
    try:
        check_names(deck, _source())
    except DeckError as exc:
        assert str(exc).startswith("fuzz.txt:"), exc
        return
    assert all(_source().get(n) is not None for n in set(deck.card_names()))


@fuzz_settings(examples=300)
@given(lines=st.lists(st.one_of(st.sampled_from(LINES), st.text(max_size=30)), max_size=12),
       newline=st.sampled_from(("\n", "\r\n", "\r")))
def test_deck_parser_never_raises_other_errors(lines: list[str], newline: str) -> None:
    _check(newline.join(lines))


CORPUS = corpus("deck", ".txt")


@pytest.mark.parametrize("path", CORPUS, ids=ids(CORPUS))
def test_deck_corpus(path: Path) -> None:
    _check(path.read_text(encoding="utf-8"))
