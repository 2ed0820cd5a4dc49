"""Every scenario file under tests/scenarios/ runs through the scenario runner (one test each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.scenario import run_file, scenario_files

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = scenario_files([SCENARIOS]) if SCENARIOS.exists() else []

# Scenarios whose cards use Oracle sentences the text compiler does not turn into records yet;
# they fail honestly (the engine skips an UnsupportedEffect) and are reported, not hidden.
COMPILER_GAPS: dict[str, str] = {}


def _param(f: Path):
    rel = str(f.relative_to(SCENARIOS))
    if rel in COMPILER_GAPS:
        return pytest.param(f, id=rel, marks=pytest.mark.xfail(reason=COMPILER_GAPS[rel],
                                                              strict=False))
    return pytest.param(f, id=rel)


@pytest.mark.parametrize("path", [_param(f) for f in FILES])
def test_scenario_file(path: Path, sample_source) -> None:
    results = run_file(path, sample_source)
    assert results, f"{path}: no scenarios"
    failed = [r for r in results if not r.passed]
    assert not failed, "\n".join(f"{r.name}:\n  " + "\n  ".join(r.failures) for r in failed)


def test_a_wrong_expectation_fails_with_what_and_why(sample_source, tmp_path: Path) -> None:
    """A scenario that expects the wrong thing fails and says expected vs actual."""
    scn = tmp_path / "wrong.yaml"
    scn.write_text(
        "name: wrong on purpose\n"
        "state:\n  players:\n    alice:\n      hand: [Tavern Ruffian]\n"
        "      battlefield: [Mountain, Mountain, Mountain, Mountain]\n"
        "actions:\n  - alice: {cast: Tavern Ruffian}\n  - resolve: {}\n"
        "expect:\n  day_night: night\n",
        encoding="utf-8",
    )
    [result] = run_file(scn, sample_source)
    assert not result.passed
    text = "\n".join(result.failures)
    assert "day_night: expected 'night', actual 'day'" in text
    assert "last events" in text and "became_day" in text


def test_an_illegal_action_names_its_rule(sample_source, tmp_path: Path) -> None:
    scn = tmp_path / "illegal.yaml"
    scn.write_text(
        "name: sorcery-speed creature at instant speed\n"
        "state:\n  step: upkeep\n  players:\n    alice:\n      hand: [Grizzly Bears]\n"
        "      battlefield: [Forest, Forest]\n"
        "actions:\n  - alice: {cast: Grizzly Bears}\n",
        encoding="utf-8",
    )
    [result] = run_file(scn, sample_source)
    assert not result.passed
    assert "307.1" in result.failures[0]
