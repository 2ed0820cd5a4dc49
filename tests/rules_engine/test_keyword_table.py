"""docs/keywords.md stays true: the table of CR 701/702 keywords on 3+ pool cards is
regenerated from the pool, the rules and the engine's support audit and compared with the page;
and the table's status logic is checked on a few cards of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.keyword_table import measure, read_cards, render, rule_keywords

REPO = Path(__file__).resolve().parents[2]
_RULES = ("701.47. Amass\n\n701.47a To amass ...\n\n702.71. Transfigure\n\n702.83. Exalted\n\n"
          "702.116. Myriad\n\n702.29. Cycling\n")


def _card(name: str, text: str, keywords: list[str], type_line: str = "Creature — Bird") \
        -> dict:
    return {"name": name, "oracle_text": text, "keywords": keywords, "type_line": type_line,
            "mana_cost": "{1}{W}", "power": "1", "toughness": "1", "layout": "normal"}


def test_rule_keywords_reads_titles_not_subrules() -> None:
    found = rule_keywords(_RULES)
    assert found["701.47"] == ("Amass", "action")
    assert found["702.83"] == ("Exalted", "ability")
    assert "701.47a" not in found


def test_status_run_not_run_and_reported() -> None:
    cards = [_card(f"Squire {i}", "Flying\nExalted", ["Flying", "Exalted"]) for i in range(3)]
    cards += [_card(f"Hero {i}", "Transfigure {1}{B}{B}", ["Transfigure"]) for i in range(3)]
    cards += [_card(f"Angel {i}", "Myriad", ["Myriad"]) for i in range(3)]
    cards += [_card(f"Raider {i}", "When this creature enters, amass Orcs 2.", [])
              for i in range(3)]
    cards += [_card(f"Drake {i}", "Plainscycling {2}", ["Plainscycling"]) for i in range(2)]
    rows = {r.name: r for r in measure(cards, _RULES)}
    assert rows["Exalted"].status == "run" and len(rows["Exalted"].supported) == 3
    assert rows["Transfigure"].status == "not run (3 cards)"  # 702.71: no rules code yet
    assert rows["Myriad"].status.startswith("reported: 702.116a")
    assert rows["Amass"].status == "run" and rows["Amass"].kind == "action"
    assert "Cycling" not in rows  # typecycling counts as cycling (702.29e): on 2 cards only


def test_docs_keywords_page_is_current(shared_dir: Path) -> None:
    pool = shared_dir / "data" / "pool" / "cards.jsonl.gz"
    rules = sorted((shared_dir / "data" / "rules").glob("MagicCompRules*.txt"))
    if not pool.exists() or not rules:
        pytest.skip("needs the card pool and the Comprehensive Rules in ../shared")
    page = render(measure(read_cards(pool), rules[-1].read_text(encoding="utf-8-sig")))
    current = (REPO / "docs" / "keywords.md").read_text(encoding="utf-8")
    assert page == current, (
        "docs/keywords.md is out of date: python -m rules_engine.keyword_table "
        "../shared/data/pool/cards.jsonl.gz \"../shared/data/rules/MagicCompRules "
        "20260417.txt\" > docs/keywords.md")
