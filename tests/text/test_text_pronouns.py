"""A character card's own pronouns ("she deals damage equal to her power") read as ~'s.

Why a test: the rewrite runs in order, and "to her" (an object pronoun) once swallowed the
possessive in "equal to her power", which left a day/night card's amount unreadable.
"""

from __future__ import annotations

from rules_engine.text import normalize


def test_possessive_power_before_object_pronoun() -> None:
    text = normalize.canonical(
        "Then if she has seven or more +1/+1 counters on her, she deals damage equal to her "
        "power to each opponent.", ("Test Princess",))
    assert "equal to its power" in text
    assert "counters on it" in text and "it deals" in text


def test_old_player_wording_is_left_alone() -> None:
    text = normalize.canonical("Target player reveals his or her hand.", ("Test Card",))
    assert "his or her hand" in text
