"""The engine's own scenario files (tests/rules_engine/scenarios/): seed cards and edge cases
that the shared suite in tests/scenarios/ does not cover (loyalty abilities, flash permission,
flashback with a non-land mana ability, phasing a prepared permanent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.scenario import run_file, scenario_files

HERE = Path(__file__).resolve().parent / "scenarios"


@pytest.mark.parametrize("path", scenario_files([HERE]), ids=lambda p: p.name)
def test_engine_scenarios(path: Path, sample_source) -> None:
    results = run_file(path, sample_source)
    failed = [r for r in results if not r.passed]
    assert not failed, "\n".join(f"{r.name}:\n  " + "\n  ".join(r.failures) for r in failed)
