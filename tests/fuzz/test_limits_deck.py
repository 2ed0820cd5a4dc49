"""Deck files (issue 10 item 2; issue 13 item 4): the limits of rules_engine.deckfile as clear
``file:line`` errors from the real ``mtgkit simulate`` in a child process (bounded time, peak
RSS measured), and Japanese card names read as the cards they name."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.cards import ChainCardSource, DictCardSource
from rules_engine.deckfile import DeckError, check_names, parse_deck_text, read_deck
from tests.fuzz.bounded import PEAK_RSS_LIMIT_MB, run_bounded


def _simulate(tmp_path: Path, text: str, *extra: str):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    out = run_bounded(["mtgkit", "simulate", "--deck", str(path), *extra, "--games", "2",
                       "--no-store", "--no-progress"], timeout=120, cwd=tmp_path)
    assert not out.killed, "mtgkit simulate did not finish in 120 s"
    assert out.peak_mb < PEAK_RSS_LIMIT_MB, f"peak RSS {out.peak_mb:.0f} MB"
    return path, out


@pytest.mark.parametrize(("text", "line", "expected"), [
    ("1000000 Forest\n", 1, "count 1000000 is implausible: over 250 copies"),
    ("4 Forest\n" + "9" * 5000 + " Forest\n", 2, "count 999999999999... is implausible"),
    ("250 Forest\n" * 4000 + "250 Island\n" * 4000, 5,
     "the main deck passes 1,000 cards (1,250 so far)"),
    ("1 Forest\n" * 1001, 1001, "the main deck passes 1,000 cards (1,001 so far)"),
    ("-5 Forest\n", 1, "a count is a whole number from 1 to 250"),
    ("0 Forest\n", 1, "count must be at least 1"),
    ("2.5 Forest\n", 1, "a count is a whole number from 1 to 250"),
])
def test_deck_limits(tmp_path: Path, text: str, line: int, expected: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as info:
        read_deck(path)
    assert str(info.value).startswith(f"{path}:{line}: {expected}")


def test_a_million_cards_by_count_through_simulate(tmp_path: Path) -> None:
    path, out = _simulate(tmp_path, "4 Forest\n1000000 Forest\n")
    assert out.returncode == 2, out.stdout
    assert f"{path}:2: count 1000000 is implausible: over 250 copies" in out.stderr
    assert out.seconds < 30


def test_a_million_card_file_is_refused_by_size(tmp_path: Path) -> None:
    path, out = _simulate(tmp_path, "1 Forest\n" * 1_000_000)
    assert out.returncode == 2
    assert f"{path}: larger than 1,048,576 bytes, the limit for a deck file" in out.stderr
    assert out.seconds < 30


def test_sideboard_has_its_own_limit() -> None:
    text = "60 Forest\nSideboard\n" + "250 Island\n" * 5
    with pytest.raises(DeckError, match=r"<deck>:7: the sideboard passes 1,000 cards"):
        parse_deck_text(text)


JA_DECK = """# 日本語のカード名
8 山
8 森
4 灰色熊
4 Raging Goblin
4 アーラコクラの隠密
"""


def test_japanese_names_play(tmp_path: Path) -> None:
    """Printed Japanese names (the embedded sample's Japanese printings, and the basic lands'
    names known without one) play as their English cards."""
    path, out = _simulate(tmp_path, JA_DECK, "--deck", "vanilla")
    assert out.returncode == 0, out.stderr
    assert "2 games  deck (a) vs vanilla (b)" in out.stdout


def test_unknown_japanese_name_is_a_file_line_error(tmp_path: Path) -> None:
    path, out = _simulate(tmp_path, "4 灰色熊\n4 存在しないカード\n")
    assert out.returncode == 2
    assert f"{path}:2: unknown card '存在しないカード'" in out.stderr


def test_check_names_translates_through_the_source(tmp_path: Path) -> None:
    bears = {"name": "Grizzly Bears", "type_line": "Creature — Bear", "oracle_text": "",
             "mana_cost": "{1}{G}", "power": "2", "toughness": "2"}
    own = DictCardSource([bears])
    own.add_japanese([{"name": "Grizzly Bears", "printed_name": "灰色熊", "lang": "ja"}])
    source = ChainCardSource([own])
    path = tmp_path / "d.txt"
    path.write_text("2 灰色熊\n3 Grizzly Bears\n1 平地\n", encoding="utf-8")
    deck = read_deck(path)
    with pytest.raises(DeckError, match=r"d\.txt:3: unknown card '平地'"):
        check_names(deck, source)  # Plains is translated, but this source has no Plains
    deck = read_deck(path)
    deck.main.pop()
    check_names(deck, source.get)  # a bound lookup finds its source's Japanese names too
    assert deck.card_names() == ["Grizzly Bears"] * 5
    assert deck.main[0].written == "灰色熊" and deck.main[0].line == 1


def test_invalid_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"4 Forest\n4 \xff\xfe Island\n")
    with pytest.raises(DeckError, match=r"bad\.txt:2: not UTF-8 text"):
        read_deck(path)
