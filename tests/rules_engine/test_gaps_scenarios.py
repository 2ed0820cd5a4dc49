"""Scenario files for the rules-engine gaps closed in session 2 (tests/rules_engine/gaps/):
equipment and equip, protection, prevention effects, keywords defined by rules text. The
cards are written for these tests (gaps_cards.jsonl), so no card name is special-cased."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.scenario import run_file, scenario_files

HERE = Path(__file__).resolve().parent / "gaps"


@pytest.mark.parametrize("path", scenario_files([HERE]), ids=lambda p: p.name)
def test_gaps_scenarios(path: Path, sample_source) -> None:
    results = run_file(path, sample_source)
    assert results, f"{path}: no scenarios"
    failed = [r for r in results if not r.passed]
    assert not failed, "\n".join(f"{r.name}:\n  " + "\n  ".join(r.failures) for r in failed)
