"""Type words in filters keep the subtype's real name: "Plains" is singular too (205.3i), and
Latin-looking creature types ("Octopus", "Fungus") are not plurals."""

from __future__ import annotations

import pytest

from rules_engine.text import compile_card
from rules_engine.text.nouns import singular


@pytest.mark.parametrize(("word", "expected"), [
    ("Plains", "plains"), ("Forests", "forest"), ("Octopus", "octopus"), ("Fungus", "fungus"),
    ("Sphinxes", "sphinx"), ("Witches", "witch"), ("Elves", "elf"),
    ("Goblins", "goblin"), ("Faeries", "faerie"),
])
def test_singular(word: str, expected: str) -> None:
    assert singular(word) == expected


def _subtypes(text: str) -> list[tuple[str, ...]]:
    card = {"name": "Quillmarsh Decree", "type_line": "Sorcery", "mana_cost": "{2}",
            "oracle_text": text}
    compiled = compile_card(card)
    assert compiled.fully_supported, text
    found: list[tuple[str, ...]] = []

    def walk(value: object, depth: int = 0) -> None:
        if depth > 12:
            return
        if isinstance(value, list | tuple):
            for item in value:
                walk(item, depth + 1)
            return
        subtypes = getattr(value, "subtypes", None)
        if isinstance(subtypes, tuple) and subtypes and \
                getattr(value, "card_types", None) is not None:
            found.append(subtypes)
        for name in getattr(type(value), "__dataclass_fields__", {}):
            walk(getattr(value, name), depth + 1)

    walk(compiled.abilities)
    return found


@pytest.mark.parametrize("text", [
    "Destroy target Plains.",
    "Search your library for a Plains card, reveal it, put it into your hand, then shuffle.",
])
def test_plains_filters_name_the_plains_subtype(text: str) -> None:
    assert ("Plains",) in _subtypes(text)
