"""Play every scenario file through the rules engine (what `mtgkit play tests/scenarios/` does).

Why: the scenario files are the engine's acceptance tests; running them under pytest keeps a
regression in either the engine or a scenario from landing unnoticed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# The five folders this suite owns (other helpers keep their own scenario folders beside them).
FOLDERS = ("day_night", "initiative", "prepare", "end_turn", "core")
FILES = sorted(p for folder in FOLDERS for p in (HERE / folder).rglob("*.yaml"))

# Scenarios that are right by the rules but that the engine does not pass yet; each one is
# reported in /work/notes/engine.md. Not strict: a fix shows up as XPASS, then remove the entry.
KNOWN_ENGINE_GAPS = {
    "day_night/into_the_night_discard_two.yaml":
        "engine: 'Discard any number ... draw that many plus one' amounts are not computed",
}


def _param(path: Path):
    rel = str(path.relative_to(HERE))
    marks = [pytest.mark.xfail(reason=KNOWN_ENGINE_GAPS[rel], strict=False)] \
        if rel in KNOWN_ENGINE_GAPS else []
    return pytest.param(path, id=rel, marks=marks)


@pytest.fixture(scope="module")
def card_source():
    cards = pytest.importorskip("rules_engine.cards")
    return cards.ChainCardSource([cards.DictCardSource(
        cards.read_card_file(cards.default_sample_path()))])


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_scenario_passes(path: Path, card_source) -> None:
    scenario = pytest.importorskip("rules_engine.scenario")
    results = scenario.run_file(path, card_source)
    assert results, f"{path}: no scenario ran"
    for result in results:
        assert result.passed, f"{path}: {result.name}\n" + "\n".join(result.failures)
