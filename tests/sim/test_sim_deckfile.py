"""Deck text parsing: accepted forms, the sideboard, and errors that name file:line."""

from __future__ import annotations

import pytest

from rules_engine.cards import DictCardSource, default_sample_path, read_card_file
from rules_engine.deckfile import DeckError, check_names, parse_deck_text, read_deck, sample_decks


def test_counts_forms_comments_and_set_suffix() -> None:
    deck = parse_deck_text("# a comment\nDeck\n4 Tavern Ruffian\n2x Shock\nMountain\n"
                           "// another\n3 Lightning Bolt (M10) 146\n", "d.txt")
    assert [(e.count, e.name, e.line) for e in deck.main] == [
        (4, "Tavern Ruffian", 3), (2, "Shock", 4), (1, "Mountain", 5), (3, "Lightning Bolt", 7)]
    assert deck.size == 10
    assert deck.card_names().count("Tavern Ruffian") == 4


def test_sideboard_header_sb_prefix_and_blank_line_are_not_played() -> None:
    header = parse_deck_text("4 Shock\nSideboard\n2 Counterspell\n", "a.txt")
    prefix = parse_deck_text("4 Shock\nSB: 2 Counterspell\n", "b.txt")
    mtgo = parse_deck_text("4 Shock\n\n2 Counterspell\n", "c.txt")
    for deck in (header, prefix, mtgo):
        assert deck.card_names() == ["Shock"] * 4
        assert deck.sideboard_size == 2


@pytest.mark.parametrize(("text", "line", "words"), [
    ("4 Shock\n0 Mountain\n", 2, "at least 1"),
    ("4 Shock\n12\n", 2, "missing card name"),
    ("4 Shock\n3 x\n4 ???\n", 3, "missing card name"),
    ("999 Mountain\n", 1, "implausible"),
])
def test_malformed_lines_name_file_and_line(text: str, line: int, words: str) -> None:
    with pytest.raises(DeckError) as err:
        parse_deck_text(text, "decks/bad.txt")
    assert f"decks/bad.txt:{line}:" in str(err.value)
    assert words in str(err.value)


def test_empty_deck_and_missing_file(tmp_path) -> None:
    with pytest.raises(DeckError, match="no main-deck cards"):
        parse_deck_text("# nothing\n\n", "e.txt")
    with pytest.raises(DeckError, match="no such deck file"):
        read_deck(tmp_path / "absent.txt")


def test_unknown_card_names_its_line(tmp_path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("4 Mountain\n4 Shock\n2 Not A Real Card\n", encoding="utf-8")
    source = DictCardSource(read_card_file(default_sample_path()))
    with pytest.raises(DeckError) as err:
        check_names(read_deck(path), source.get)
    assert f"{path}:3: unknown card 'Not A Real Card'" in str(err.value)


def test_sample_decks_use_only_sample_cards() -> None:
    source = DictCardSource(read_card_file(default_sample_path()))
    decks = sample_decks()
    assert {p.stem for p in decks} >= {"day_night", "initiative", "prepare", "end_turn"}
    for path in decks:
        deck = read_deck(path)
        check_names(deck, source.get)
        assert deck.size >= 40 and deck.sideboard_size == 0
