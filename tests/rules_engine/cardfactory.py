"""Invented card objects for engine tests: the Scryfall fields the engine reads, nothing more."""

from __future__ import annotations

from typing import Any


def card(name: str, type_line: str, text: str = "", **extra: Any) -> dict:
    """A normal-layout card costing {2}; ``extra`` adds or overrides fields (power, ...)."""
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": "{2}",
            "type_line": type_line, "oracle_text": text, "colors": [], "keywords": [], **extra}
