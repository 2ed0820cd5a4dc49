"""The registries the rules core calls through (rules_engine.registry) are full after any import.

Why: the core never imports effects or mechanics, so a handler or hook that did not register
would only show as a silently skipped effect or an AttributeError mid-game. These checks make a
missing registration fail at once.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import rules_engine
from rules_engine import abilities as ab
from rules_engine import registry


def test_every_hook_point_is_provided() -> None:
    missing = [name for name in registry.Hooks.__slots__ if not hasattr(registry.hooks, name)]
    assert not missing, f"hook points nobody provides: {missing}"


def test_provide_refuses_an_unknown_hook_point() -> None:
    with pytest.raises(AttributeError, match="no hook point named"):
        registry.provide(no_such_hook=print)


def test_an_effect_kind_has_one_handler() -> None:
    kind = next(iter(registry.EFFECT_HANDLERS))
    with pytest.raises(RuntimeError, match="two handlers"):
        registry.register_effects({kind: lambda ctx, eff: None})
    registry.register_effects({kind: registry.EFFECT_HANDLERS[kind]})  # the same one: fine


def test_handlers_live_in_effects_or_mechanics() -> None:
    """The core registers no effect handler of its own (608.2: it only walks the records)."""
    where = {h.__module__.rsplit(".", 1)[0] for h in registry.EFFECT_HANDLERS.values()}
    assert where <= {"rules_engine.effects", "rules_engine.mechanics"}, where
    # the mechanics own their effects (731 day/night, 726 initiative, 722 prepare ...)
    assert registry.EFFECT_HANDLERS[ab.SetDayNight].__module__ == "rules_engine.mechanics.day_night"
    assert registry.EFFECT_HANDLERS[ab.Venture].__module__ == "rules_engine.mechanics.initiative"


def test_turn_based_actions_run_in_rule_order() -> None:
    """502.1 phasing comes before 502.2 the day/night check in the untap step."""
    mods = [f.__module__ for f in registry.TURN_BASED["untap"]]
    assert mods == ["rules_engine.mechanics.phasing", "rules_engine.mechanics.day_night",
                    "rules_engine.effects.untap_others",  # (502.3: "during each other
                    # player's untap step")
                    "rules_engine.mechanics.warp"]  # (702.185a: a permission, after 502.2)
    assert [f.__module__ for f in registry.TURN_BASED["main1"]] == ["rules_engine.mechanics.sagas"]


def test_keyword_actions_of_mechanics_are_registered() -> None:
    assert registry.KEYWORD_ACTIONS["phase out"].__module__ == "rules_engine.mechanics.phasing"
    assert registry.KEYWORD_ACTIONS["miracle"].__module__ == "rules_engine.mechanics.miracle"
    assert registry.KEYWORD_ACTIONS["earthbend"].__module__ == "rules_engine.mechanics.earthbend"


@pytest.mark.parametrize("module", ["rules_engine.turn", "rules_engine.game", "rules_engine.sba"])
def test_importing_any_core_module_fills_the_tables(module: str) -> None:
    """A fresh interpreter importing only one core module still gets every registration (the
    package __init__ imports rules_engine.registry_setup first)."""
    code = (f"import {module}\nfrom rules_engine import registry\n"
            "assert all(hasattr(registry.hooks, n) for n in registry.Hooks.__slots__)\n"
            "print(len(registry.EFFECT_HANDLERS), len(registry.STATE_BASED))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert int(out[0]) == len(registry.EFFECT_HANDLERS)
    assert int(out[1]) == len(registry.STATE_BASED) >= 3
    assert rules_engine.registry is registry


def test_every_hook_point_is_asked_somewhere() -> None:
    """A hook nobody calls is a dead entry in the table a reader has to understand."""
    import re
    from pathlib import Path

    src = "\n".join(p.read_text(encoding="utf-8")
                    for p in Path(rules_engine.__file__).parent.rglob("*.py"))
    unused = [n for n in registry.Hooks.__slots__ if not re.search(rf"hooks\.{n}\b", src)]
    assert not unused, f"hook points no module asks: {unused}"
