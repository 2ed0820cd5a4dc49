"""``mtgkit simulate`` refuses decks naming cards the engine does not fully support (issue 12
item 6): such games mostly stop without a winner, so they would be counted as results. The
refusal lists each such card with its first unsupported clause; ``--allow-unsupported`` plays."""

from __future__ import annotations

import json
from pathlib import Path

from mtgkit.cli import main

# invented cards: one plain creature, one with a sentence no grammar reads
PLAIN = {"object": "card", "name": "Plain Test Bear", "lang": "en", "layout": "normal",
         "mana_cost": "{1}{G}", "cmc": 2, "type_line": "Creature — Bear", "oracle_text": "",
         "power": "2", "toughness": "2", "colors": ["G"], "keywords": []}
ODD = {**PLAIN, "name": "Odd Test Bear",
       "oracle_text": "Whenever the moon hums a tune, ~ recites a sonnet backwards."}


def _files(tmp_path: Path) -> tuple[Path, Path]:
    cards = tmp_path / "cards.jsonl"
    cards.write_text("".join(json.dumps(c) + "\n" for c in (PLAIN, ODD)), encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("20 Forest\n20 Plain Test Bear\n4 Odd Test Bear\n", encoding="utf-8")
    return cards, deck


def test_unsupported_card_is_refused_and_named(tmp_path: Path, capsys) -> None:
    cards, deck = _files(tmp_path)
    code = main(["simulate", "--deck", str(deck), "--deck", "vanilla", "--cards", str(cards),
                 "--games", "1", "--no-store", "--no-progress"])
    err = capsys.readouterr().err
    assert code != 0
    assert "Odd Test Bear: Whenever the moon hums a tune" in err
    assert "Plain Test Bear" not in err and "--allow-unsupported" in err


def test_allow_unsupported_plays(tmp_path: Path, capsys) -> None:
    cards, deck = _files(tmp_path)
    code = main(["simulate", "--deck", str(deck), "--deck", "vanilla", "--cards", str(cards),
                 "--games", "1", "--no-store", "--no-progress", "--allow-unsupported"])
    assert code == 0
    assert "how games ended" in capsys.readouterr().out
