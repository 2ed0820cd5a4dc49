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
    ctx.did = did


registry.register_effects({ChooseInstruction: h_choose_instruction})
