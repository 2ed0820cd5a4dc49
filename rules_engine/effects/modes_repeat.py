"""Modes chosen more than once (700.2d): "Choose three. You may choose the same mode more than
once." (the Confluences). Asked by :func:`rules_engine.effects.flow.choose_modes` for a Modal
whose ``repeatable`` is set.

Each choice is asked on its own (a scripted list answer, ``[1, 1, 3]``, gives them all), so one
mode may be picked again; the ability then does that mode's instructions once per pick, in the
order chosen. A mode picked a second time is a new instance with its own targets (700.2d: "each
instance of that mode may have different targets"): its Target records get their own index, so
601.2c asks for each and the resolving instructions find each by its record.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_engine import abilities as ab
from rules_engine.decisions import match_option

_SHIFT = 100  # (target indexes of a repeated instance: past any printed target of the spell)


def repeated_picks(game: Any, player: Any, modes: list[Any], eff: Any) -> list[Any]:
    """Up to ``max_choices`` modes, the same one allowed again; at least ``min_choices``."""
    queue = game.decider.queues.get(player.name)
    if queue and isinstance(queue[0], list):
        return [match_option(player.name, "mode", item, modes) for item in queue.popleft()]
    picks: list[Any] = []
    for _ in range(max(eff.max_choices, 0)):
        pick = game.decider.choose(player.name, "mode", modes,
                                   optional=len(picks) >= eff.min_choices)
        if pick is None:
            break
        picks.append(pick)
    return picks


def instance_effects(picks: list[Any]) -> list[Any]:
    """The instructions of the picked modes in order, each repeat with targets of its own."""
    out: list[Any] = []
    seen: dict[str, int] = {}
    for mode in picks:
        n = seen.get(mode.label, 0)
        seen[mode.label] = n + 1
        out.extend(mode.effects if n == 0 else
                   tuple(_own_targets(e, n * _SHIFT) for e in mode.effects))
    return out


def _own_targets(value: Any, shift: int) -> Any:
    """``value`` with every Target inside renumbered by ``shift`` (records are frozen)."""
    if isinstance(value, ab.Target):
        return dataclasses.replace(value, index=value.index + shift)
    if isinstance(value, tuple):
        return tuple(_own_targets(v, shift) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            old = getattr(value, f.name)
            if old is None or isinstance(old, str | int | bool | float):
                continue
            new = _own_targets(old, shift)
            if new is not old and new != old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value
