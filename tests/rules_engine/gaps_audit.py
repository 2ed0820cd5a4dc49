"""Audit: compiled records that the engine does not run, counted over a card file.

Every card is compiled with :func:`rules_engine.text.compile_card`; each record that would be
skipped at run time (no handler in :data:`rules_engine.effects.HANDLERS`, a sub-kind a handler
reports as "not run"/"not enforced", a keyword the engine never looks at, a static effect the
static-ability pass ignores) is counted once per card under a label such as ``effect:Seek``,
``keyword:protection`` or ``static:PreventDamage``. The list says which gaps cost the most
cards, so they are closed first.

    /work/venv/bin/python -m tests.rules_engine.gaps_audit [cards.jsonl] [--top N]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, effects

DEFAULT = Path("/work/shared/data/cards/cards.jsonl")

# what statics.py runs from a static ability (statics.apply / restricted / skips)
_STATIC_RUN = (ab.ModifyPT, ab.SetBasePT, ab.GrantAbility)
_STATIC_RESTRICTIONS = {"cant_attack", "cant_block", "cant_be_blocked", "cant_become_day",
                        "cant_become_night", "damage_cant_be_prevented"}


def _effect_gaps(eff: Any) -> list[str]:
    """Labels for one effect run by :func:`rules_engine.effects.run`."""
    handler = effects.HANDLERS.get(type(eff))
    if handler is None:
        return [f"effect:{type(eff).__name__}"]
    if isinstance(eff, ab.UnsupportedEffect):
        return ["effect:UnsupportedEffect"]
    probe = getattr(effects, "not_run_reason", None)
    if probe is not None:
        reason = probe(eff)
        if reason:
            return [reason]
    return []


def _static_gaps(eff: Any) -> list[str]:
    if isinstance(eff, _STATIC_RUN) and getattr(eff, "duration", None) is None:
        return []
    if isinstance(eff, ab.Restriction):
        handled = set(_STATIC_RESTRICTIONS) | set(getattr(effects, "STATIC_RESTRICTIONS", ())) \
            | _support_tables_restrictions()
        probe = getattr(effects, "static_run", None)
        if eff.kind in handled or (probe is not None and probe(eff)):
            return []
        return [f"static_restriction:{eff.kind}"]
    if type(eff).__name__ == "Skip":
        return []
    if isinstance(eff, ab.CostModifier) and _casting_applies_cost_modifiers():
        return []
    probe = getattr(effects, "static_run", None)
    if probe is not None and probe(eff):
        return []
    return [f"static:{type(eff).__name__}"]


# the keywords the engine checked before compiled.ENGINE_KEYWORDS existed (to audit old trees)
_OLD_KEYWORDS = frozenset({
    "flying", "reach", "shadow", "fear", "intimidate", "menace", "defender", "haste",
    "vigilance", "flash", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "indestructible", "hexproof", "shroud", "ward", "enchant", "flashback", "phasing",
    "daybound", "nightbound"})
_CASTING_SRC: list[str] = []


def _engine_keywords() -> frozenset[str]:
    """compiled.ENGINE_KEYWORDS plus the keywords rules_engine.support finds checked in the
    engine's code (keyword_ability(obj, "kicker") in casting.py, say)."""
    try:
        from rules_engine import support

        return frozenset(getattr(compiled, "ENGINE_KEYWORDS", _OLD_KEYWORDS)) | \
            support.engine_tables().keywords
    except ImportError:  # an old tree without support.py
        return frozenset(getattr(compiled, "ENGINE_KEYWORDS", _OLD_KEYWORDS))


def _support_tables_restrictions() -> set[str]:
    """Restriction kinds the engine asks about or reads from the card (support's tables)."""
    try:
        from rules_engine import support

        return set(support.engine_tables().static_restrictions)
    except ImportError:
        return set()


def _cost_gaps(abl: Any) -> list[str]:
    """Cost parts of an activated ability that casting.activate_object doesn't pay (looked up
    by their kind's name in casting.py)."""
    if not _CASTING_SRC:
        import inspect

        from rules_engine import casting

        _CASTING_SRC.append(inspect.getsource(casting))
    src = _CASTING_SRC[0]
    delegated = getattr(effects, "OTHER_COST_KINDS", frozenset()) if "pay_costs" in src \
        else frozenset()
    return [f"cost:{p.kind}" for p in abl.cost.parts
            if f'"{p.kind}"' not in src and p.kind not in delegated]


def _casting_applies_cost_modifiers() -> bool:
    """mana.modified_cost runs only once casting.py calls it (601.2f)."""
    import inspect

    from rules_engine import casting

    return "modified_cost" in inspect.getsource(casting)


_CONDITION_KINDS: set[str] | None = None


def _condition_kinds() -> set[str]:
    """Condition kinds conditions.py evaluates (read from its ``kind == "..."`` tests)."""
    global _CONDITION_KINDS
    if _CONDITION_KINDS is None:
        import inspect
        import re

        from rules_engine import conditions

        src = inspect.getsource(conditions)
        found = set(re.findall(r'kind == "([a-z_]+)"', src))
        for group in re.findall(r"kind in \(([^)]*)\)", src):
            found.update(re.findall(r'"([a-z_]+)"', group))
        _CONDITION_KINDS = found | set(getattr(conditions, "_MORE", {}))
    return _CONDITION_KINDS


def _condition_gaps(cond: Any) -> list[str]:
    if cond is None:
        return []
    out = []
    if cond.kind not in _condition_kinds() and cond.kind not in (
            "moved_this_way", "targets", "did", "ability_resolved_count"):
        out.append(f"condition:{cond.kind}")
    for part in cond.parts:
        out.extend(_condition_gaps(part))
    return out


def _conditions_in(abl: Any) -> list[Any]:
    found = [getattr(abl, "condition", None)]
    for eff in ab.iter_effects((abl,)):
        found.append(getattr(eff, "condition", None))
    return [c for c in found if isinstance(c, ab.Condition)]


def card_gaps(card: dict) -> set[str]:
    """Every not-run label of one Scryfall card object."""
    from rules_engine.text import compile_card

    found: set[str] = set()
    for face in compile_card(card).faces:
        for abl in face.abilities:
            if not isinstance(abl, ab.Unsupported | ab.KeywordAbility):
                for cond in _conditions_in(abl):
                    found.update(_condition_gaps(cond))
            if isinstance(abl, ab.Unsupported):
                found.add("unsupported_paragraph")
            elif isinstance(abl, ab.KeywordAbility):
                name = (abl.name or "").lower()
                if name and name not in _engine_keywords():
                    found.add(f"keyword:{name}")
                elif name not in getattr(compiled, "_CODED_KEYWORDS", _OLD_KEYWORDS) and \
                        (name in getattr(compiled, "KEYWORD_DEFINITIONS", {}) or
                         name in getattr(compiled, "KEYWORD_BUILT", {})):
                    records = compiled.keyword_records(abl, card.get("name", ""), face.name,
                                                       face.type_line)
                    if not records:
                        found.add(f"keyword:{name} (definition not compiled)")
                    for rec in records:
                        if isinstance(rec, ab.ActivatedAbility) and _cost_gaps(rec):
                            found.add(f"keyword:{name} (cost not paid)")
            elif isinstance(abl, ab.StaticAbility):
                for eff in abl.effects:
                    found.update(_static_gaps(eff))
            elif isinstance(abl, ab.SpellAbility | ab.TriggeredAbility | ab.ActivatedAbility
                            | ab.EntersReplacement):
                for eff in ab.iter_effects((abl,)):
                    found.update(_effect_gaps(eff))
                if isinstance(abl, ab.ActivatedAbility):
                    found.update(_cost_gaps(abl))
                if isinstance(abl, ab.TriggeredAbility) and abl.trigger is not None:
                    probe = getattr(effects, "trigger_not_run", None)
                    if probe is not None and probe(abl.trigger):
                        found.add(f"trigger:{abl.trigger.event}")
    return found


_COMPILER = ("unsupported_paragraph", "effect:UnsupportedEffect")


def audit(path: Path) -> tuple[int, Counter]:
    counts: Counter = Counter()
    n = 0
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            n += 1
            gaps = card_gaps(json.loads(line))
            counts.update(gaps)
            if gaps - set(_COMPILER):
                counts["<cards with any engine gap>"] += 1
    return n, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    if not args.path.exists():
        print(f"no card file at {args.path}", file=sys.stderr)
        return 2
    n, counts = audit(args.path)
    compiler = _COMPILER
    blocked = counts.pop("<cards with any engine gap>", 0)
    engine = sum(v for k, v in counts.items() if k not in compiler)
    print(f"cards: {n}  not-run labels (card, label pairs; compiler gaps excluded): {engine}; "
          f"cards with at least one: {blocked}")
    print(f"compiler's gaps: cards with an unsupported paragraph "
          f"{counts.get(compiler[0], 0)}, with an unsupported sentence "
          f"{counts.get(compiler[1], 0)}")
    for label, k in counts.most_common(args.top):
        if label not in compiler:
            print(f"{k:5d}  {label}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
