"""'draw that many cards plus one' keeps the 'plus one' in the amount (Into the Night-style text).

Card names are invented so that nothing can pass by knowing a real card.
"""

from __future__ import annotations

from rules_engine.abilities import Discard, Draw, SpellAbility
from rules_engine.text import compile_face_text


def _effects(text: str) -> tuple:
    [ability] = compile_face_text(text, "Quibble Dusk", "Quibble Dusk", "Sorcery").abilities
    assert isinstance(ability, SpellAbility)
    return ability.effects


def test_that_many_plus_one_is_kept() -> None:
    effects = _effects("Discard any number of cards, then draw that many cards plus one.")
    assert isinstance(effects[0], Discard) and effects[0].any_number
    assert isinstance(effects[1], Draw)
    assert effects[1].amount.text == "that many plus one"


def test_plain_that_many_stays_plain() -> None:
    effects = _effects("Discard any number of cards, then draw that many cards.")
    assert isinstance(effects[1], Draw)
    assert effects[1].amount.text == "that many"


def test_fixed_draw_is_unchanged() -> None:
    [draw] = _effects("Draw two cards.")
    assert isinstance(draw, Draw) and draw.amount.value == 2
