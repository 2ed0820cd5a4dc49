"""Errors raised by the rules engine.

Each names what went wrong precisely: an illegal action names the Comprehensive Rules
number that forbids it (so a scenario's ``expect_error: "722.3a"`` is stable), and bad
card data names the file, line and field.
"""

from __future__ import annotations


class RulesEngineError(Exception):
    """Base class of every error the rules engine raises on purpose."""


class IllegalActionError(RulesEngineError):
    """A player (or the script) tried something the rules forbid; ``rule`` is its CR number."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.detail = message


class BadCardData(RulesEngineError):
    """A card file or record cannot be read (names file, line and field)."""


class UnknownCard(RulesEngineError):
    """A card name was not found in any card source."""


class ScenarioError(RulesEngineError):
    """A scenario file is malformed (names the file and the key)."""


class DecisionError(RulesEngineError):
    """A scripted answer does not fit the decision asked (or is missing in strict mode)."""
