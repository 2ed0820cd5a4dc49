"""The registries through which the rules core reaches effects and mechanics it must not import.

Why: the core (priority, casting, SBA, triggers, combat, the turn) has to run every effect and
give every mechanic its moment, yet it sits below them; if it imported them the engine would be
one big circle again (issue 11). So the core calls through the tables here, and the upper layers
fill them as they are imported. ``rules_engine/__init__.py`` imports
:mod:`rules_engine.registry_setup`, which imports every effect family and mechanic, so the tables
are full once ``import rules_engine`` (or any ``rules_engine.x``) has run.

Every lookup is a dict or a slot read, done at the call: nothing scans a list per event.

Tables:

- :data:`EFFECT_HANDLERS`: effect record class -> handler ``(ctx, eff)`` (608.2, 609); filled by
  ``rules_engine/effects/*.py`` and by mechanics owning an effect (day/night's "it becomes
  night", initiative's "venture into the dungeon" ...).
- :data:`KEYWORD_ACTIONS`: keyword action name (701) -> handler ``(ctx, eff)``.
- :data:`TURN_BASED`: step name -> turn-based actions ``(game, active_player)`` that mechanics
  add to the core's own (502.1 phasing, 502.2 the day/night check, 714.3c lore counters ...),
  run in rule-number order.
- :data:`STATE_BASED`: state-based checks ``(game) -> acted`` that mechanics add to 704.5
  (722.3c prepared copies, 704.5t dungeons, 702.145 daybound/nightbound), in a fixed order.
- :data:`KEYWORD_TEXTS`: keyword ability name (702) -> the rules text its rule defines it as
  (compiled like Oracle text by ``compiled.keyword_records``; ``{n}``, ``{nw}``, ``{cost}``,
  ``{param}`` filled from the keyword); :data:`KEYWORD_BUILDERS`: name -> ``(kw) -> records``
  for a definition the grammar can't read. ``rules_engine/compiled.py`` holds the core's own;
  mechanics add theirs (``mechanics/keywords_more.py`` ...). The support audit reads both, and
  :data:`HAND_ABILITIES` (keyword -> the effects of its ability that works from the hand).
- :data:`HAND_ACTIONS`: keyword name -> ``action(game, player, card, keyword)``: what a card's
  keyword lets its owner do with it while it is in their hand, other than cycling and plot
  (suspend's special action 702.62a, foretell's 702.143a, ninjutsu 702.49a); casting.py offers
  them as the card's hand abilities.
- :data:`ALTERNATIVE_COSTS`: ``(offer, cast)`` pairs of alternative costs (118.9) a mechanic
  offers as a spell is cast: ``offer(game, player, card, from_zone)`` returns the mana cost
  text (or ``(mana text, other cost parts)``) when the caster chooses it, else None;
  ``cast(game, player, spell)`` runs once the spell is cast with it (evoke, dash, blitz,
  spectacle, surge, printed "rather than pay this spell's mana cost" costs ...).
- :data:`EXILE_CASTS`: ``cost(game, player, card)`` -> mana cost text when a mechanic lets
  ``player`` cast ``card`` from exile now (a foretold card, 702.143a), else None.
- :data:`GRAVEYARD_CASTS`: ``permission(game, player, card)`` -> ``(mana cost text, additional
  cost parts, exiled as it leaves the stack)`` when a mechanic lets ``player`` cast ``card``
  from a graveyard (retrace 702.81a, jump-start 702.133a), else None; asked by casting.py when
  the card has neither flashback nor escape.
- :data:`ZONE_ACTIONS`: (zone, keyword) -> ``action(game, player, card, keyword)``: an ability
  that works while the card is in that zone other than the hand (unearth 702.84a, from a
  graveyard).
- :data:`QUALIFIERS`: filter qualifier word -> ``holds(game, obj, source)`` for object-filter
  words a mechanic defines ("modified" 700.9, "enchanted" 303.4, "of the chosen type" 607.2d;
  ``source`` the filter's source); ``targeting.matches`` asks it and
  ``targeting.qualifier_understood`` counts its keys as understood.
- :data:`hooks`: named single functions (a lower layer asks, one higher module answers), listed
  in :class:`Hooks` with who provides each.
- :data:`CAST_ANNOUNCEMENTS` (601.2b): optional costs and choices a caster announces with the
  spell - awaken, sneak, bargain, conspire (``mechanics/keywords_costs``), gift
  (``mechanics/gift``), splice (``mechanics/splice``); ``casting._cast_checked`` asks each in
  turn, and ``put_on_stack_as_cast`` adds the text they give the spell ("added_effects").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[[Any, Any], None]

EFFECT_HANDLERS: dict[type, Handler] = {}
KEYWORD_ACTIONS: dict[str, Handler] = {}
KEYWORD_TEXTS: dict[str, tuple[str, ...]] = {}
KEYWORD_BUILDERS: dict[str, Callable[[Any], tuple[Any, ...]]] = {}
# keyword -> its definition when printed without a number (702.63b "Vanishing without a number
# means ..."): used by compiled.keyword_records instead of the numbered KEYWORD_TEXTS entry
KEYWORD_TEXTS_UNNUMBERED: dict[str, tuple[str, ...]] = {}
# keyword -> ``(kw, card) -> effects`` of an activated ability that works from the hand (113.6a)
# like cycling's (702.29a): typecycling's search (702.29e), transmute, reinforce;
# casting.activate_in_hand chooses its targets, pays and stacks it
HAND_ABILITIES: dict[str, Callable[[Any, Any], tuple[Any, ...]]] = {}  # (kw, card) -> effects
HAND_SORCERY: set[str] = set()  # those of them activated only as a sorcery (702.53a transmute)
TURN_BASED: dict[str, list[Callable[[Any, Any], None]]] = {}
STATE_BASED: list[Callable[[Any], bool]] = []
HAND_ACTIONS: dict[str, Callable[[Any, Any, Any, Any], Any]] = {}
ALTERNATIVE_COSTS: list[tuple[Callable[[Any, Any, Any, str], Any],
                              Callable[[Any, Any, Any], None]]] = []
EXILE_CASTS: list[Callable[[Any, Any, Any], str | None]] = []
# (a fourth item, when present, marks the spell cast for a keyword's cost: "using its blitz
# ability", mechanics/alt_costs.py)
GRAVEYARD_CASTS: list[Callable[[Any, Any, Any], tuple[Any, ...] | None]] = []
# the keywords behind GRAVEYARD_CASTS (the simulator offers "cast from graveyard" for them)
GRAVEYARD_CAST_KEYWORDS: set[str] = set()
# 305.1, 601.3: (game, player, land card in the graveyard) -> whether it may be played from
# there (702.187c "Mayhem" on a land)
GRAVEYARD_LAND_PLAYS: list[Callable[[Any, Any, Any], bool]] = []
ZONE_ACTIONS: dict[tuple[str, str], Callable[[Any, Any, Any, Any], Any]] = {}
QUALIFIERS: dict[str, Callable[[Any, Any, Any], bool]] = {}
# qualifier shapes with words in them ("without an egg counter on it", "that's a token or a
# Rabbit"): (compiled pattern, holds(game, obj, source, match)), tried after QUALIFIERS
QUALIFIER_PATTERNS: list[tuple[Any, Callable[[Any, Any, Any, Any], bool]]] = []

# 614.1a: replacement modification kind (records.ReplaceEvent.op) -> ``apply(game, event, rep,
# source)`` changing the event's data (a dict: "amount", "player", ...); filled by
# effects/replace_events.py and asked by it for every replaceable event
REPLACEMENT_OPS: dict[str, Callable[[Any, Any, Any, Any], None]] = {}
_STATE_BASED_ORDER: list[tuple[int, Callable[[Any], bool]]] = []
_TURN_BASED_RULES: dict[str, list[tuple[str, Callable[[Any, Any], None]]]] = {}


def register_effects(table: dict[type, Handler]) -> None:
    """Add effect-kind handlers; a kind handled twice is a programming error."""
    for kind, handler in table.items():
        old = EFFECT_HANDLERS.get(kind)
        if old is not None and old is not handler:
            raise RuntimeError(f"effect {kind.__name__} has two handlers: {old} and {handler}")
        EFFECT_HANDLERS[kind] = handler


def register_keyword_actions(table: dict[str, Handler]) -> None:
    """Add keyword-action handlers (701), by lower-case name."""
    KEYWORD_ACTIONS.update(table)


def register_keyword_texts(table: dict[str, tuple[str, ...]]) -> None:
    """Add keyword definitions (702.xa "X means ..."), by lower-case name; a keyword defined
    twice differently is a programming error."""
    for name, texts in table.items():
        old = KEYWORD_TEXTS.get(name)
        if old is not None and old != texts:
            raise RuntimeError(f"keyword {name!r} has two definitions")
        KEYWORD_TEXTS[name] = texts


def register_keyword_builders(table: dict[str, Callable[[Any], tuple[Any, ...]]]) -> None:
    """Add keyword builders ``(kw) -> records`` (for a definition the grammar can't read)."""
    KEYWORD_BUILDERS.update(table)


def register_alternative_cost(offer: Callable[[Any, Any, Any, str], Any],
                              cast: Callable[[Any, Any, Any], None]) -> None:
    """Add an alternative cost (118.9) casting.py offers (once per pair)."""
    if (offer, cast) not in ALTERNATIVE_COSTS:
        ALTERNATIVE_COSTS.append((offer, cast))


def _rule_key(rule: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in rule.replace(".", " ").split())


def turn_based(step: str, rule: str) -> Callable[[Callable[[Any, Any], None]],
                                                   Callable[[Any, Any], None]]:
    """Decorator: run ``fn(game, active)`` as a turn-based action of ``step``, ordered by
    ``rule`` ("502.1" before "502.2") among the mechanics' actions of that step."""

    def add(fn: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        entries = _TURN_BASED_RULES.setdefault(step, [])
        if all(f is not fn for _, f in entries):
            entries.append((rule, fn))
            entries.sort(key=lambda e: _rule_key(e[0]))
        TURN_BASED[step] = [f for _, f in entries]
        return fn

    return add


def state_based(order: int) -> Callable[[Callable[[Any], bool]], Callable[[Any], bool]]:
    """Decorator: ``fn(game) -> acted`` runs in every state-based-action check (704.3), after
    the core's own checks, in ``order`` (lowest first; all are performed simultaneously, the
    order only fixes which event is logged first)."""

    def add(fn: Callable[[Any], bool]) -> Callable[[Any], bool]:
        if all(f is not fn for _, f in _STATE_BASED_ORDER):
            _STATE_BASED_ORDER.append((order, fn))
            _STATE_BASED_ORDER.sort(key=lambda e: e[0])
        STATE_BASED[:] = [f for _, f in _STATE_BASED_ORDER]
        return fn

    return add


class Hooks:
    """Named functions a lower layer calls and exactly one higher module provides.

    Each slot is a hook point; the comment says who fills it (``provide`` refuses an unknown
    name, so a typo fails at import, not mid-game)."""

    __slots__ = (
        # rules_engine.effects (resolution, 608)
        "resolve_spell", "resolve_ability", "targets_still_legal", "run", "resolve_ref",
        "amount", "choose_modes", "regenerate",
        # rules_engine.effects.described (amounts in words, 107.1)
        "described_amount", "amount_understood", "matching", "parse_counted", "times_resolved",
        # rules_engine.effects.costs (118, 602.2b)
        "other_cost_kinds", "cost_refusal", "pay_costs",
        # rules_engine.effects.replacement (614): Game.move asks these
        "zone_change_replacement", "after_zone_change",
        # rules_engine.effects.turns (500.7: "that turn")
        "extra_turn_taken", "turn_started", "that_turn_matches",
        # rules_engine.triggers (603): the Game's event log feeds it
        "trigger_check", "trigger_watched_events", "trigger_ignored_events",
        "trigger_verify_index",
        # rules_engine.statics (613)
        "player_restrictions", "restricted",
        "target_refused",  # rules_engine.statics_more: "~ can't be the target of ..." (115.4)
        # rules_engine.permanents (permanents entering, 403, 614.12)
        "enter_battlefield",
        # mechanics (each names its rules in its module)
        "prepare_remove_copy", "prepare_become_prepared", "prepare_copy_cast",
        "prepare_unprepare_on_cast", "prepare_is_kept_copy",  # prepare (722)
        "miracle_first_draw",                     # miracle (702.94)
        "dredge_draw",                            # dredge (702.52): Game.draw asks it
        "madness_discard",                        # madness (702.35): Game.discard asks it
        "attack_costs",                           # enlist (702.154): declare_attackers
        "declare_bands", "band_blocks", "banding_division",  # banding (702.22): combat.py
        "day_night_bound_checks",                 # day/night (731, 702.145)
        "inherent_triggers_initiative",           # initiative and dungeons (726, 309)
        "leave_game",                             # leaving the game (104.3, 800.4)
        "saga_entry_lore", "saga_must_sacrifice", "saga_sacrifice", "triggered_sagas",  # 714
        "rooms_door_face", "rooms_half_index", "rooms_is_room", "rooms_set_doors",  # 709.5
        "end_turn_finish", "end_turn_finish_combat", "cleanup_step",  # 724, 514
        "extra_phases_next_step",                 # 500.8
        "paradigm_has", "paradigm_note_resolved", "paradigm_resolved",  # 702.192
        "resolved_spell_zone",                    # rebound (702.88): turn.resolve_top asks it
        "bestow_entering", "bestow_target_illegal", "bestow_falls_off",  # bestow (702.103)
        "prototype_entering",                     # prototype (718.3b): permanents asks it
        "mutate_spell_targets", "mutate_target_illegal", "mutate_merge",  # mutate (702.140)
        "mutate_left_battlefield",                # merged permanents (730.3): Game.move
        "exile_until_leaves",                     # exile "until ~ leaves" (610.3)
        "case_is_solved",                         # Cases (719.3b)
        # rules_engine.effects.replace_events (614.1a, 616.1): Game.gain_life, put_counters,
        # combat.deal_damage, effects/tokens and effects/dice ask it
        "replace_event",
    )


hooks = Hooks()


def provide(**fns: Any) -> None:
    """Fill hook points by name (see :class:`Hooks`)."""
    for name, fn in fns.items():
        if name not in Hooks.__slots__:
            raise AttributeError(f"no hook point named {name!r} in rules_engine.registry.Hooks")
        setattr(hooks, name, fn)


# 601.2b: ``fn(game, player, spell, cost_text, x) -> (cost_text, cost parts, choices)`` - an
# optional cost the caster announces (the mana joins the total cost, 601.2f; the other parts are
# paid with the rest, 601.2h; ``choices`` go to the spell's ``choices_made``), in this order.
CAST_ANNOUNCEMENTS: list[Callable[..., tuple[str, tuple[Any, ...], dict[str, Any]]]] = []


def register_cast_announcement(fn: Callable[..., tuple[str, tuple[Any, ...], dict[str, Any]]]
                               ) -> Callable[..., tuple[str, tuple[Any, ...], dict[str, Any]]]:
    """Decorator: add a 601.2b announcement (once)."""
    if fn not in CAST_ANNOUNCEMENTS:
        CAST_ANNOUNCEMENTS.append(fn)
    return fn
