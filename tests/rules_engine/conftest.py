"""Fixtures for the rules engine tests: the embedded sample cards as a card library."""

from __future__ import annotations

import pytest

from rules_engine.cards import CardLibrary, DictCardSource, default_sample_path, read_card_file


@pytest.fixture(scope="session")
def sample_source() -> DictCardSource:
    path = default_sample_path()
    if not path.exists():
        pytest.skip("db/sample/cards.jsonl is not there yet")
    return DictCardSource(read_card_file(path))


@pytest.fixture
def cards(sample_source: DictCardSource) -> CardLibrary:
    return CardLibrary(sample_source)
