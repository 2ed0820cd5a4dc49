"""A player chooses one of two instructions and carries it out (608.2d): "Each opponent
discards a card or sacrifices a creature", "loses 3 life unless they sacrifice a nonland
permanent or discard a card" (the alternative of an :class:`~rules_engine.abilities.Unless`).
Record :class:`rules_engine.records.ChooseInstruction`, grammar in
:mod:`rules_engine.text.verbs_actions`."""

from __future__ import annotations

from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _players, run
from rules_engine.records import ChooseInstruction


def _label(option: tuple) -> str:
    return " and ".join(getattr(e, "text", "") or type(e).__name__ for e in option)


def h_choose_instruction(ctx: Ctx, eff: ChooseInstruction) -> None:
    """608.2d: each named player chooses an instruction (scripted answer: its words), then
    does it as far as possible (609.3); "if they do" sees whether something was done."""
    game = ctx.game
    did = False
    # "you and defending player each ...": one record per player, one group "this way"
    last = game.__dict__.get("chosen_instructions")
    those: list = list(last[1]) if last is not None and last[0] is ctx else []
    start = len(game.events)
    for p in _players(ctx, eff.chooser) or [ctx.controller]:
        labels = [_label(o) for o in eff.options]
        pick = game.decider.choose(p.name, f"instruction to carry out ({eff.text})", labels)
        option = eff.options[labels.index(pick)]
        sub = Ctx(game, ctx.source, ctx.controller, ctx.item)
        sub.focus = p
        sub.it = p
        sub.did = False
        run(game, sub, option)
        did = did or bool(sub.did)
    # what was discarded or sacrificed: "each land card put into a graveyard this way" (608.2c)
    those += [ev.data["obj"] for ev in game.events[start:]
              if ev.name in ("discarded", "sacrificed") and ev.data.get("obj") is not None]
    game.__dict__["chosen_instructions"] = (ctx, those)
    ctx.did = did
    ctx.those = those
    ctx.count = len(those)


registry.register_effects({ChooseInstruction: h_choose_instruction})
