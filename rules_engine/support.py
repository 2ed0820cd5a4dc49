"""What of a compiled card the engine would not run: the honest half of "fully supported".

The Oracle-text compiler can understand a clause the engine has no code for: an effect record
with no entry in :data:`rules_engine.effects.HANDLERS`, a keyword ability no rule code checks,
a trigger kind no event matches, a condition kind :func:`rules_engine.conditions.holds` does
not know, an activation cost part :func:`rules_engine.casting.activate_object` refuses. Such a
card compiles fully but does not play as printed, so ``mtgkit coverage`` counts it as fully
supported only when :func:`not_run` finds nothing.

No list here is written by hand where the engine has one: the tables are read from the engine
itself, at first use, so a handler added there removes the label here without an edit. Where
the engine publishes a table for this audit it is read too (all optional, read with getattr):
``compiled.ENGINE_KEYWORDS``, ``conditions._MORE``, ``effects.amount_understood``,
``effects.static_run``, ``effects.OTHER_COST_KINDS`` (once casting.py pays through
``effects.pay_costs``), ``targeting.qualifier_understood``, ``effects.not_run_reason``.

* resolving effects: the keys of ``effects.HANDLERS``, then ``effects.not_run_reason`` (the
  handlers' own "is not run by this engine" cases) when the engine provides it;
* static abilities (rule 604): the record classes the static-ability code looks at
  (``statics.apply``/``restricted``/``skips``, ``permanents._extra_counters``) and the
  restriction kinds the engine asks ``statics.restricted`` about;
* trigger kinds (rule 603.1): ``triggers._KIND_EVENTS`` plus the kinds special-cased by a
  comparison with ``<ability>.trigger.event`` anywhere in the engine (look-back, reflexive,
  dungeon rooms);
* keyword abilities (rule 702): the names the engine tests with ``has_keyword``,
  ``keyword_ability``, ``_bound`` or ``"name" in ....keywords`` (read from the engine's source
  with :mod:`ast`, since those checks are spread over combat, casting, targeting ...);
* condition kinds: the literals ``conditions._eval`` compares ``kind`` with, and those compared
  with ``cond.kind`` elsewhere;
* activation cost parts (rule 602.2b): the literals ``casting.activate_object`` compares
  ``part.kind`` with;
* described amounts ("that many", "for each creature you control", "equal to its power"):
  the texts ``effects.amount`` computes (``effects._DESCRIBED``); any other is run as 1 with a
  note, so it is listed (``amount:for each``, ``amount:equal to``, ``amount:where X is``,
  ``amount:<text>``);
* static abilities of other zones than the battlefield: those ``statics.ZONES`` names ("all"
  for characteristic-defining abilities, 604.3) run, any other is ``static_zone:<zone>``;
* abilities granted by a static ability ("Enchanted creature has '{T}: ...'"): usable only
  when the engine's reader of that ability kind (``compiled.activated_abilities``,
  ``compiled.triggered_abilities``, ``statics._statics``) looks at ``static_mods``
  (``static_grant:ActivatedAbility`` otherwise);
* filter qualifiers ("with power 2 or less", "that attacked this turn"): when the engine offers
  ``targeting.qualifier_understood(q)``, those it says it does not understand (its matcher
  lets any object through for them) are listed as ``qualifier:<words>``;
* modes chosen more than once (rule 700.2d): only when ``effects.choose_modes`` reads the
  Modal's ``repeatable`` field (``modal:repeatable`` otherwise);
* "X target creatures": only when targeting.py reads ``Target.count_variable``
  (``target_count:X`` otherwise);
* ability classes: the :mod:`rules_engine.abilities` classes the engine refers to at all
  (``ab.AdditionalCost`` unreferenced means "As an additional cost ..." is never asked for).

Labels are "<what>:<name>", e.g. ``effect:PayCost``, ``keyword:equip``, ``trigger:cycle``.
Unsupported clauses are not repeated here (coverage counts them already).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules_engine import abilities as ab
from rules_engine import records

_ENGINE_DIR = Path(__file__).resolve().parent
# the compiler and the record definitions mention every name; they are not the engine's code
_NOT_ENGINE = {"abilities.py", "support.py", "rulings_check.py", "scenario.py"}


@dataclass(frozen=True)
class EngineTables:
    """What the engine runs, as read from its own dispatch tables and source."""

    handlers: frozenset[type]
    static_effects: frozenset[str]
    static_restrictions: frozenset[str]
    static_restriction_prefixes: tuple[str, ...]
    static_replacements: frozenset[str]
    trigger_kinds: frozenset[str]
    keywords: frozenset[str]
    conditions: frozenset[str]
    cost_parts: frozenset[str]
    ability_classes: frozenset[str]
    amounts: frozenset[str]
    static_grants: frozenset[str]
    qualifier_understood: Callable[[str], bool] | None
    repeat_modes: bool
    amount_understood: Callable[[str], bool] | None
    target_variable: bool
    static_run: Callable[[Any], bool] | None
    not_run_reason: Callable[[Any], str | None] | None
    static_zones: frozenset[str] = frozenset({"battlefield"})
    static_wrapped: frozenset[str] = frozenset()


# -- reading the engine's source -----------------------------------------------------------------
def _engine_trees() -> list[ast.Module]:
    files = sorted(_ENGINE_DIR.glob("*.py")) + sorted((_ENGINE_DIR / "mechanics").glob("*.py")) \
        + sorted((_ENGINE_DIR / "effects").glob("*.py"))
    return [ast.parse(p.read_text(encoding="utf-8")) for p in files if p.name not in _NOT_ENGINE]


def _tree(func: Any) -> ast.AST:
    return ast.parse(textwrap.dedent(inspect.getsource(func)))


def _last_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _last_name(node.func)
    return None


def _strings(node: ast.AST) -> list[str]:
    """String constants of a literal or a tuple/set/list of literals."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.Set | ast.List):
        return [s for elt in node.elts for s in _strings(elt)]
    return []


def _compared(trees: Iterable[ast.AST], operand: Callable[[ast.AST], bool]) -> set[str]:
    """Strings compared (==, !=, in, not in) with an expression ``operand`` accepts."""
    found: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(operand(s) for s in sides):
                    for s in sides:
                        found.update(_strings(s))
    return found


def _named(*names: str) -> Callable[[ast.AST], bool]:
    return lambda node: _last_name(node) in names


def _is_trigger_event(node: ast.AST) -> bool:
    """``<x>.trigger.event`` or ``trig.event``: the event kind of a Trigger record."""
    return isinstance(node, ast.Attribute) and node.attr == "event" and \
        _last_name(node.value) in ("trigger", "trig")


def _is_condition_kind(node: ast.AST) -> bool:
    """``cond.kind`` / ``condition.kind``: a Condition read outside conditions.py (the
    "moved_this_way" check of a Conditional effect, say)."""
    return isinstance(node, ast.Attribute) and node.attr == "kind" and \
        _last_name(node.value) in ("cond", "condition")


def _keyword_names(trees: Iterable[ast.AST]) -> set[str]:
    found: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _last_name(node.func) in (
                    "has_keyword", "keyword_ability", "_bound"):
                for arg in node.args:
                    found.update(_strings(arg))
            elif isinstance(node, ast.Compare) and len(node.comparators) == 1 and \
                    isinstance(node.ops[0], ast.In) and \
                    _last_name(node.comparators[0]) in ("keywords", "kws"):
                found.update(_strings(node.left))
    return found


def _restriction_kinds(trees: Iterable[ast.AST]) -> tuple[set[str], set[str]]:
    """Kinds passed to ``restricted(game, kind, ...)`` (or ``restrictions_of`` and
    ``player_restrictions``, which return the applying records): literals, and f-string
    prefixes."""
    exact: set[str] = set()
    prefixes: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _last_name(node.func) in (
                    "restricted", "restrictions_of", "player_restrictions") and \
                    len(node.args) >= 2:
                arg = node.args[1]
                exact.update(_strings(arg))
                if isinstance(arg, ast.JoinedStr) and arg.values and \
                        isinstance(arg.values[0], ast.Constant):
                    prefixes.add(str(arg.values[0].value))
    # a restriction a mechanic reads from the card itself (``restriction.kind == "..."``, the
    # dungeon entry restriction in mechanics/initiative.py)
    exact |= _compared(trees, lambda node: isinstance(node, ast.Attribute) and
                       node.attr == "kind" and _last_name(node.value) == "restriction")
    return exact, prefixes


def _ab_names(trees: Iterable[ast.AST]) -> set[str]:
    """Names of :mod:`abilities` classes referred to as ``ab.Name`` or compared by name."""
    found: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id == "ab":
                found.add(node.attr)
    found |= {s for s in _compared(trees, _named("__name__")) if hasattr(ab, s)}
    return found


@lru_cache(maxsize=1)
def engine_tables() -> EngineTables:
    """Read the engine's tables once (imports the engine modules)."""
    from rules_engine import (
        casting,
        compiled,
        conditions,
        effects,
        permanents,
        statics,
        targeting,
        triggers,
    )

    trees = _engine_trees()
    static_funcs = [statics.apply, statics.restricted, statics.skips,
                    permanents._extra_counters]
    # (restricted reads the records statics._collect_restrictions gathers)
    static_funcs += [f for f in (getattr(statics, "_collect_restrictions", None),) if f]
    static_trees = [_tree(f) for f in static_funcs]
    exact, prefixes = _restriction_kinds(trees)
    special = _compared(trees, _is_trigger_event)
    # tables the engine publishes for this audit (read when present)
    # (and the keywords mechanics define through the registry, rules_engine/registry.py)
    from rules_engine import registry

    coded_keywords = frozenset(getattr(compiled, "ENGINE_KEYWORDS", ())) | frozenset(
        registry.KEYWORD_TEXTS) | frozenset(registry.KEYWORD_BUILDERS) | frozenset(
        registry.HAND_ABILITIES)
    table_conditions = frozenset(getattr(conditions, "_MORE", {}))
    # non-mana activation costs count once casting.py pays them through effects.pay_costs
    casting_src = inspect.getsource(casting)
    other_costs = frozenset(getattr(effects, "OTHER_COST_KINDS", ())) if (
        "pay_costs" in casting_src or "cost_refusal" in casting_src) else frozenset()
    return EngineTables(
        handlers=frozenset(effects.HANDLERS),
        # (statics._EARLY: the record classes statics.apply runs first, layers 4 and 6)
        static_effects=frozenset(_ab_names(static_trees))
        | frozenset(t.__name__ for t in getattr(statics, "_EARLY", ())),
        static_restrictions=frozenset(exact),
        static_restriction_prefixes=tuple(sorted(prefixes)),
        static_replacements=frozenset(_compared([_tree(permanents._extra_counters)],
                                               _named("event"))),
        trigger_kinds=frozenset(triggers._KIND_EVENTS) | frozenset(special),
        keywords=frozenset(_keyword_names(trees)) | coded_keywords,
        conditions=frozenset(_compared([_tree(conditions._eval)], _named("kind"))
                             | _compared(trees, _is_condition_kind)) | table_conditions,
        cost_parts=frozenset(_compared([_tree(casting.activate_object)], _named("kind")))
        | other_costs,
        ability_classes=frozenset(_ab_names(trees)),
        amounts=frozenset(getattr(effects, "_DESCRIBED", {})),
        static_grants=frozenset(
            kind for kind, reader in (("ActivatedAbility", compiled.activated_abilities),
                                      ("TriggeredAbility", compiled.triggered_abilities),
                                      ("StaticAbility", statics._statics))
            if "static_mods" in inspect.getsource(reader)),
        qualifier_understood=getattr(targeting, "qualifier_understood", None),
        repeat_modes="repeatable" in inspect.getsource(effects.choose_modes),
        amount_understood=getattr(effects, "amount_understood", None),
        target_variable="count_variable" in inspect.getsource(targeting),
        static_run=getattr(effects, "static_run", None),
        not_run_reason=getattr(effects, "not_run_reason", None),
        static_zones=frozenset(getattr(statics, "ZONES", ("battlefield",))),
        static_wrapped=frozenset(getattr(statics, "WRAPPED", ())),
    )


# -- what a two-player game cannot run, and why ----------------------------------------------------
# Clauses about the draft or deck construction: they have no effect in a game at all (a game here
# starts from decks already built), so they block nothing; and clauses a two-player game of this
# engine cannot run (a subgame), which block the card but are reported with their reason.
_OUTSIDE_GAME: tuple[tuple[re.Pattern[str], str, bool], ...] = tuple(
    (re.compile(p, re.I), why, blocks) for p, why, blocks in (
        (r"^(?:draft ~ face up|as you draft\b|reveal ~ as you draft|immediately after the "
         r"draft|instead of drafting|each player passes the last card)",
         "draft-matters (905 booster draft, 702.106 conspiracies): happens in the draft, "
         "before any game; no effect in a game", False),
        (r"^a deck can have any number of cards named ~",
         "deck construction (100.2a): checked when the deck is built, no effect in a game",
         False),
        (r"^companion —",
         "deck construction and outside the game (702.139a companion: a sideboard card "
         "revealed before the game; games here have no sideboard): no effect in a game", False),
        (r"'s spellbook\b",
         "an Alchemy spellbook (digital-only, no CR rule): drafting or conjuring \"from ~'s "
         "spellbook\" picks from that card's fixed list of cards, which the card data here "
         "(Scryfall objects) does not carry; not run rather than invented", True),
        (r"\bsubgame\b",
         "a Magic subgame (a game inside the game): not run by this two-player engine", True),
    ))
# Keyword abilities with no effect in a two-player game (their rule says why).
KEYWORDS_WITHOUT_EFFECT = {
    "myriad": "702.116a: copies attack each opponent other than the defending player; a "
              "two-player game has none",
    "hidden agenda": "702.106a: a conspiracy's ability, named as the game starts in the command "
                     "zone; conspiracies start there only in a Conspiracy draft game (905.3, "
                     "313.2), never from a deck",
    "double agenda": "702.106a: a conspiracy's ability (see hidden agenda); conspiracies start "
                     "in the command zone only in a Conspiracy draft game (905.3)",
    "companion": "702.139a: works from outside the game (a sideboard card revealed before the "
                 "game, put into hand for {3}); games here have no sideboard, so in a deck the "
                 "card plays without it",
}


def outside_game(clause: str) -> tuple[str, bool] | None:
    """(reason, blocks the card) for a clause about the draft, deck construction or a subgame
    (see above); None for a clause of the game itself."""
    text = " ".join(clause.split())
    for rx, why, blocks in _OUTSIDE_GAME:
        if rx.search(text):
            return why, blocks
    return None


# -- walking a compiled card ----------------------------------------------------------------------
class _Walker:
    def __init__(self, tables: EngineTables) -> None:
        self.t = tables
        self.found: list[str] = []

    def add(self, label: str) -> None:
        if label not in self.found:
            self.found.append(label)

    def abilities(self, items: Iterable[Any]) -> None:
        for a in items:
            self.ability(a)

    def ability(self, a: Any) -> None:
        t = self.t
        if isinstance(a, ab.Unsupported):
            return  # counted as an unsupported clause
        if type(a).__name__ not in t.ability_classes:
            self.add(f"ability:{type(a).__name__}")
            return
        if isinstance(a, ab.KeywordAbility):
            self.keyword(a)
        elif isinstance(a, ab.StaticAbility):
            if a.zone is not None and a.zone not in t.static_zones:
                self.add(f"static_zone:{a.zone}")
            self.condition(a.condition)
            for eff in a.effects:
                self.static_effect(eff)
        elif isinstance(a, ab.TriggeredAbility):
            self.trigger(a.trigger)
            self.condition(a.condition)
            self.effects(a.effects)
        elif isinstance(a, ab.ActivatedAbility):
            for part in a.cost.parts:
                if part.kind not in t.cost_parts:
                    self.add(f"cost:{part.kind}")
            self.condition(a.condition)
            self.effects(a.effects)
        elif isinstance(a, ab.EntersReplacement):
            self.condition(a.condition)
            self.effects(a.effects)  # run by effects.run as the permanent enters
        elif isinstance(a, ab.SpellAbility | ab.TextChangedSpell):
            self.effects(a.effects)

    def keyword(self, k: Any) -> None:
        if k.name and k.name.lower() in KEYWORDS_WITHOUT_EFFECT:
            return  # nothing to run in a two-player game (coverage lists it with the reason)
        if k.name and k.name.lower() not in self.t.keywords:
            self.add(f"keyword:{k.name.lower()}")
        elif k.name and _defined_but_empty(k):
            # a keyword that stands for ability records whose definition did not compile for
            # this instance ("Equip—Pay 3 life"): kept on the object but not run
            self.add(f"keyword:{k.name.lower()}")

    def trigger(self, trig: Any) -> None:
        for one in (trig, *trig.alternatives):
            if one.event not in self.t.trigger_kinds:
                self.add(f"trigger:{one.event}")

    def condition(self, cond: Any) -> None:
        if cond is None:
            return
        if cond.kind not in self.t.conditions:
            self.add(f"condition:{cond.kind}")
        elif cond.kind == "object_vs_amount" and self.t.amount_understood is not None and \
                not self.t.amount_understood((cond.amount.text if cond.amount else "") or ""):
            # "if its mana value is less than or equal to <amount>": an amount not counted
            self.add("amount:condition")
        for part in cond.parts:
            self.condition(part)

    def amounts(self, eff: Any) -> None:
        """Amounts described in words that ``effects.amount`` can't compute."""
        for slot in _record_slots(eff):
            value = getattr(eff, slot, None)
            if not isinstance(value, ab.Amount) or value.value is not None:
                continue
            if value.variable is not None and not isinstance(eff, ab.WithX):
                continue  # X of the spell or ability (107.3)
            text = (value.text or "").lower()
            if not text or text in self.t.amounts:
                continue
            if self.t.amount_understood is not None and self.t.amount_understood(
                    value.text or ""):
                continue
            words = text.split()
            if isinstance(eff, ab.WithX):
                family = "where X is"
            elif words[:2] in (["for", "each"], ["equal", "to"]):
                family = " ".join(words[:2])
            else:
                family = text
            self.add(f"amount:{family}")

    def static_effect(self, eff: Any) -> None:
        t = self.t
        name = type(eff).__name__
        if isinstance(eff, ab.UnsupportedEffect):
            return
        self.amounts(eff)
        if isinstance(eff, ab.Repeat | ab.WithX) and name in t.static_effects:
            # "gets +1/+1 for each ...": what the engine applies inside it (statics.WRAPPED)
            for inner in eff.effects:
                if type(inner).__name__ not in t.static_wrapped:
                    self.add(f"static:{name}")
                else:
                    self.static_effect(inner)
            return
        if t.static_run is not None and t.static_run(eff):
            pass  # applied by engine code outside statics.py (effects.static_run)
        elif name not in t.static_effects:
            self.add(f"static:{name}")
        elif isinstance(eff, ab.Restriction):
            if eff.kind not in t.static_restrictions and not any(
                    eff.kind.startswith(p) for p in t.static_restriction_prefixes):
                self.add(f"static_restriction:{eff.kind}")
        elif isinstance(eff, ab.ReplacementEffect):
            if eff.event not in t.static_replacements:
                self.add(f"static_replacement:{eff.event}")
        if isinstance(eff, ab.GrantAbility):
            flt = getattr(eff.subject, "filter", None)
            if flt is not None and flt.zone == "stack" and any(
                    k.name == "web-slinging" for k in eff.keywords):
                # "Each legendary spell you cast ... has web-slinging": statics.apply grants to
                # permanents only, and the cost is offered while the card is still in the hand
                self.add("static_grant:spell web-slinging")
            for a in eff.abilities:
                kind = type(a).__name__
                if kind in ("ActivatedAbility", "TriggeredAbility", "StaticAbility") and \
                        kind not in t.static_grants:
                    self.add(f"static_grant:{kind}")
            self.granted(eff)

    def granted(self, eff: Any) -> None:
        for k in getattr(eff, "keywords", ()) or ():
            self.keyword(k)
        self.abilities(getattr(eff, "abilities", ()) or ())

    def effects(self, effects: Iterable[Any]) -> None:
        t = self.t
        inside_emblems: set[int] = set()
        for eff in ab.iter_effects(tuple(effects)):
            if isinstance(eff, ab.UnsupportedEffect) or id(eff) in inside_emblems:
                continue
            if type(eff) not in t.handlers:
                self.add(f"effect:{type(eff).__name__}")
                continue
            self.amounts(eff)
            inner = getattr(eff, "modifier", None)  # records.ActivationCostChange (602.2b)
            if isinstance(inner, ab.CostModifier):
                self.amounts(inner)
                self.condition(inner.condition)
            if t.not_run_reason is not None:
                reason = t.not_run_reason(eff)
                if reason:
                    self.add(reason)
            if isinstance(eff, ab.CreateEmblem):
                # 114.4: the emblem's abilities work from the command zone: walked as abilities
                # (a static one by the static-ability tables), not as effects of this one
                inside_emblems.update(id(e) for e in ab.iter_effects(tuple(eff.abilities)))
                self.abilities(eff.abilities)
            elif isinstance(eff, ab.GrantAbility | ab.Animate | records.EnterAsCopyExcept):
                self.granted(eff)  # (the keywords and quoted abilities a copy has, 707.9b)
            elif isinstance(eff, ab.CreateToken) and eff.token is not None:
                for k in eff.token.keywords:
                    self.keyword(k)
                self.abilities(eff.token.abilities)
            elif isinstance(eff, ab.DelayedTrigger) and eff.ability is not None:
                self.trigger(eff.ability.trigger)
                self.condition(eff.ability.condition)
            elif isinstance(eff, ab.Conditional):
                self.condition(eff.condition)
            elif isinstance(eff, ab.Modal) and getattr(eff, "repeatable", False) and \
                    not t.repeat_modes:
                self.add("modal:repeatable")


def _defined_but_empty(k: Any) -> bool:
    from rules_engine import compiled

    if not compiled._defined(k.name.lower()):
        return False
    return not compiled.keyword_records(k, "~", "~", "")


def _qualifiers(value: Any, seen: set[int]) -> Iterable[str]:
    """Every ObjectFilter qualifier anywhere inside a record (targets, refs, triggers, tokens)."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, ab.ObjectFilter):
        yield from value.qualifiers
        return
    if isinstance(value, tuple):
        for v in value:
            yield from _qualifiers(v, seen)
        return
    for slot in _record_slots(value):
        v = getattr(value, slot, None)
        if v is not None and not isinstance(v, str | int | bool | float):
            yield from _qualifiers(v, seen)


def _record_slots(value: Any) -> tuple[str, ...]:
    """A record's fields, its parents' included (a subclass's ``__slots__`` lists only its own:
    ``ReturnAttached`` extends ``MoveToZone``)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(f.name for f in dataclasses.fields(value))
    return tuple(getattr(type(value), "__slots__", ()))


def not_run(card: Any, tables: EngineTables | None = None) -> tuple[str, ...]:
    """Labels of what the engine would not run in a compiled card (a
    :class:`~rules_engine.text.CompiledCard`, a face, or a sequence of abilities), in the order
    first met; empty when everything compiled would be run."""
    t = tables or engine_tables()
    walker = _Walker(t)
    faces = getattr(card, "faces", None)
    if faces is not None:
        items = [a for face in faces for a in face.abilities]  # rooms are among them
    elif hasattr(card, "abilities"):
        items = list(card.abilities)
    else:
        items = list(card)
    walker.abilities(items)
    if not t.target_variable:
        for a in items:
            if any(getattr(tg, "count_variable", None) for tg in ab.targets_of(a)):
                walker.add("target_count:X")  # targeting picks by min/max, not X (601.2b)
    if t.qualifier_understood is not None:
        # a filter word the engine's matcher does not understand excludes nothing there
        for q in _qualifiers(tuple(items), set()):
            if not t.qualifier_understood(q):
                walker.add(f"qualifier:{q}")
    return tuple(walker.found)


__all__ = ["KEYWORDS_WITHOUT_EFFECT", "EngineTables", "engine_tables", "not_run", "outside_game"]
