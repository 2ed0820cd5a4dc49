"""rules_engine.support: what a compiled card holds that the engine would not run.

The expectations are read from the engine's own tables at test time (effects.HANDLERS, the
trigger kinds of triggers.py), never restated here, so the tests stay true as handlers land.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import effects, triggers
from rules_engine.support import engine_tables, not_run
from rules_engine.text import compile_card


def _card(text: str, type_line: str = "Creature — Bear") -> dict:
    return {"name": "Test Card", "type_line": type_line, "oracle_text": text}


def test_tables_come_from_the_engine() -> None:
    t = engine_tables()
    assert t.handlers == frozenset(effects.HANDLERS)
    assert frozenset(triggers._KIND_EVENTS) <= t.trigger_kinds
    # keyword checks spread over combat/targeting are found in the source
    for kw in ("flying", "deathtouch", "hexproof", "haste", "ward"):
        assert kw in t.keywords
    assert "mana" in t.cost_parts and "tap" in t.cost_parts


def test_plain_card_runs() -> None:
    compiled = compile_card(_card("Flying\nWhen this creature enters, draw a card."))
    assert compiled.fully_supported
    assert not_run(compiled) == ()


def test_effect_without_handler_is_reported() -> None:
    # a record type the engine has no handler for, built directly: the walker must see it
    missing = [cls for cls in vars(ab).values() if isinstance(cls, type)
               and issubclass(cls, ab.Effect) and cls is not ab.Effect
               and cls not in effects.HANDLERS and "text" in getattr(cls, "__slots__", ())]
    assert missing, "every effect record has a handler: nothing to test"
    cls = missing[0]
    spell = ab.SpellAbility(effects=(ab.MayEffect(effects=(cls(),)),))
    assert not_run((spell,)) == (f"effect:{cls.__name__}",)


def test_unknown_keyword_trigger_and_cost() -> None:
    t = engine_tables()
    kw = ab.KeywordAbility(name="frobnicate")
    trig = ab.TriggeredAbility(trigger=ab.Trigger("frobnicated"), effects=(ab.Draw(),))
    act = ab.ActivatedAbility(cost=ab.Cost(parts=(ab.CostPart("frobnicate"),)),
                              effects=(ab.Draw(),))
    assert "frobnicate" not in t.keywords
    assert not_run((kw, trig, act)) == ("keyword:frobnicate", "trigger:frobnicated",
                                        "cost:frobnicate")


def test_granted_and_token_keywords_are_checked() -> None:
    grant = ab.GrantAbility(keywords=(ab.KeywordAbility(name="frobnicate"),))
    token = ab.CreateToken(token=ab.TokenSpec(keywords=(ab.KeywordAbility(name="zorp"),)))
    static = ab.StaticAbility(effects=(grant,), text="")
    spell = ab.SpellAbility(effects=(token,))
    assert not_run((static, spell)) == ("keyword:frobnicate", "keyword:zorp")


def test_unknown_condition_and_static_record() -> None:
    cond = ab.Condition("frobnicated")
    static = ab.StaticAbility(effects=(ab.ModifyPT(power=ab.Amount(1), toughness=ab.Amount(1),
                                                   duration=None),), condition=cond)
    assert not_run((static,)) == ("condition:frobnicated",)
    static2 = ab.StaticAbility(effects=(ab.Draw(),))
    assert not_run((static2,)) == ("static:Draw",)


def test_compiled_card_with_unrun_keyword_is_found() -> None:
    # "frobnicate" is no keyword; but a real keyword the compiler reads and no engine code
    # checks must come out labelled with its name
    t = engine_tables()
    from rules_engine.text.keywords import SIMPLE

    unrun = sorted(k for k in SIMPLE if k not in t.keywords and " " not in k)
    assert unrun
    compiled = compile_card(_card(unrun[0].capitalize()))
    assert compiled.fully_supported
    assert not_run(compiled) == (f"keyword:{unrun[0]}",)


def test_amounts_in_words_the_engine_cannot_compute() -> None:
    t = engine_tables()
    made_up = ab.Amount(text="for each frobnicated permanent")
    assert made_up.text not in t.amounts
    spell = ab.SpellAbility(effects=(ab.GainLife(amount=made_up),
                                     ab.WithX(x=ab.Amount(variable="X", text="zorp"),
                                              effects=(ab.Draw(amount=ab.Amount(variable="X")),))))
    assert not_run((spell,)) == ("amount:for each", "amount:where X is")
    known = sorted(t.amounts)
    if known:  # a described amount the engine computes is not listed
        ok = ab.SpellAbility(effects=(ab.GainLife(amount=ab.Amount(text=known[0])),))
        assert not_run((ok,)) == ()


def test_ability_granted_by_a_static_needs_a_reader_of_static_mods() -> None:
    t = engine_tables()
    act = ab.ActivatedAbility(cost=ab.Cost(parts=(ab.CostPart("tap"),)), effects=(ab.Draw(),))
    grant = ab.StaticAbility(effects=(ab.GrantAbility(subject=ab.Ref("enchanted"),
                                                      abilities=(act,), duration=None),))
    expected = () if "ActivatedAbility" in t.static_grants else (
        "static_grant:ActivatedAbility",)
    assert not_run((grant,)) == expected


def test_qualifiers_checked_when_the_engine_says_what_it_understands() -> None:
    import dataclasses

    tables = dataclasses.replace(engine_tables(), qualifier_understood=lambda q: q != "zorpish")
    flt = ab.ObjectFilter(card_types=("creature",), qualifiers=("zorpish", "tapped"))
    tgt = ab.Target(kind="creature", filter=flt)
    spell = ab.SpellAbility(effects=(ab.Destroy(subject=ab.Ref("target", target=tgt)),))
    assert not_run((spell,), tables) == ("qualifier:zorpish",)
    silent = dataclasses.replace(engine_tables(), qualifier_understood=None)
    assert not_run((spell,), silent) == ()


def test_repeatable_modes_need_the_engine_to_read_the_flag() -> None:
    modal = ab.Modal(modes=((ab.Draw(),), (ab.GainLife(),)), min_choices=3, max_choices=3,
                     repeatable=True)
    expected = () if engine_tables().repeat_modes else ("modal:repeatable",)
    assert not_run((ab.SpellAbility(effects=(modal,)),)) == expected


def test_x_targets_need_targeting_to_read_the_variable() -> None:
    tgt = ab.Target(kind="creature", min_count=0, max_count=99, count_variable="X")
    spell = ab.SpellAbility(effects=(ab.Tap(subject=ab.Ref("target", target=tgt)),))
    expected = () if engine_tables().target_variable else ("target_count:X",)
    assert not_run((spell,)) == expected
