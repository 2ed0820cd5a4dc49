"""Play every scenario file through the rules engine (what `mtgkit play tests/scenarios/` does).

Why: the scenario files are the engine's acceptance tests; running them under pytest keeps a
regression in either the engine or a scenario from landing unnoticed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.rglob("*.yaml"))


@pytest.fixture(scope="module")
def card_source():
    cards = pytest.importorskip("rules_engine.cards")
    return cards.ChainCardSource([cards.DictCardSource(
        cards.read_card_file(cards.default_sample_path()))])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(HERE)) for p in FILES])
def test_scenario_passes(path: Path, card_source) -> None:
    scenario = pytest.importorskip("rules_engine.scenario")
    results = scenario.run_file(path, card_source)
    assert results, f"{path}: no scenario ran"
    for result in results:
        assert result.passed, f"{path}: {result.name}\n" + "\n".join(result.failures)
