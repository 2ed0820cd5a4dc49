"""Smoke test: the compiler imports and compiles a simple card."""

from rules_engine.abilities import KeywordAbility, TakeInitiative, TriggeredAbility
from rules_engine.text import compile_card


def test_simple_card_compiles() -> None:
    card = {"name": "Test Sneak", "type_line": "Creature — Bird Rogue",
            "oracle_text": "Flying\nWhen Test Sneak enters, you take the initiative."}
    cc = compile_card(card)
    kw, trig = cc.faces[0].abilities
    assert isinstance(kw, KeywordAbility) and kw.name == "flying"
    assert isinstance(trig, TriggeredAbility) and trig.trigger.event == "enters"
    assert isinstance(trig.effects[0], TakeInitiative)
    assert cc.fully_supported
