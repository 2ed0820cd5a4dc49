"""Running effects (608.2, 609): one handler per effect record of :mod:`rules_engine.abilities`.

Split by family, each module registering its handlers in :data:`rules_engine.registry.
EFFECT_HANDLERS` as it is imported: :mod:`.core` (resolution and references), :mod:`.described`
(amounts in words), :mod:`.library`, :mod:`.life` (damage and life), :mod:`.changes`
(characteristics, 613), :mod:`.counters`, :mod:`.tokens`, :mod:`.zones`, :mod:`.spells`
(counter, copy, permissions), :mod:`.control` (tap, control, attach), :mod:`.flow` (may, if,
modes, delayed triggers), :mod:`.restrictions`, :mod:`.replacement` (614), :mod:`.keyword_actions`
(701), :mod:`.turns` (extra turns), :mod:`.mana`, :mod:`.costs`, and :mod:`.audit` (what the
support audit asks). Mechanics register the handlers of their own effects (day/night,
initiative, prepare ...). This package re-exports every name the one-module ``effects.py`` had.
"""

from __future__ import annotations

from rules_engine.context import Ctx, _source_obj  # noqa: F401
from rules_engine.effects.audit import (  # noqa: F401
    _move_calls_after,
    _move_calls_us,
    not_run_reason,
    static_run,
)
from rules_engine.effects.changes import (  # noqa: F401
    _COLOR_LETTERS,
    _VALUE_OPTIONS,
    _class_triggers,
    _faces_named,
    _with_chosen,
    card_name_refusal,
    copy_source_card,
    h_animate,
    h_become_copy,
    h_choose_value,
    h_grant,
    h_lose_ability,
    h_pump,
    h_set_class_level,
    h_set_pt,
    h_set_types,
)
from rules_engine.effects.control import (  # noqa: F401
    can_attach,
    h_attach,
    h_gain_control,
    h_goad,
    h_monarch,
    h_tap,
    h_tap_or_untap,
    h_untap,
)
from rules_engine.effects.core import (  # noqa: F401
    HANDLERS,
    _amount_for,
    _by_index,
    _choose_among,
    _lki_of,
    _objects,
    _players,
    _remembered,
    _triggering,
    _until,
    _up_to,
    _without_zone,
    amount,
    h_unsupported,
    resolve_ability,
    resolve_ref,
    resolve_spell,
    run,
    targets_for,
    targets_still_legal,
)
from rules_engine.effects.costs import (  # noqa: F401
    OTHER_COST_KINDS,
    _cost_count,
    _cost_options,
    _from_single_graveyard,
    _single_graveyards,
    cost_refusal,
    pay_costs,
)
from rules_engine.effects.counters import (  # noqa: F401
    h_counters,
    h_put_counters_of,
    h_remove_counters,
)
from rules_engine.effects.described import (  # noqa: F401
    _BASIC_TYPES,
    _CARD_TYPES,
    _DESCRIBED,
    _FILTERS,
    _MORE_AMOUNTS,
    _NUMBER_WORDS,
    _OWN_PREFIXES,
    _PLUS_AFTER,
    _PLUS_BEFORE,
    _WITH_COUNTER,
    _ZONES,
    _count_described,
    _counters_on,
    _died,
    _distinct_among,
    _greatest,
    _mana_spent,
    _matching,
    _more_amount,
    _more_understood,
    _parse_counted,
    _parse_filter,
    _pool,
    _speed,
    _spells_before,
    _spells_cast,
    _sum_of,
    _targets_counted,
    _that_many,
    _they,
    _this_turn,
    _times_resolved,
    amount_understood,
    described_amount,
    spent_on,
)
from rules_engine.effects.flow import (  # noqa: F401
    Mode,
    _printed_modes,
    choose_modes,
    h_choose_target,
    h_conditional,
    h_delayed,
    h_may,
    h_modal,
    h_noop_log,
    h_repeat,
    h_roll_die,
    h_with_x,
)
from rules_engine.effects.keyword_actions import (  # noqa: F401
    KEYWORD_ACTION_HANDLERS,
    KEYWORD_ACTIONS,
    _designated,
    _ka_adapt,
    _ka_bolster,
    _ka_cascade,
    _ka_connive,
    _ka_flip,
    _ka_learn,
    _ka_monstrosity,
    _ka_proliferate,
    _ka_regenerate,
    _ka_saddle,
    _poison_of,
    h_keyword_action,
    regenerate,
)
from rules_engine.effects.library import (  # noqa: F401
    _any_number,
    h_choose_card,
    h_conjure,
    h_discard,
    h_draw,
    h_explore,
    h_look,
    h_mill,
    h_reveal,
    h_reveal_until,
    h_scry,
    h_search,
    h_shuffle,
)
from rules_engine.effects.life import (  # noqa: F401
    _divided_damage,
    h_damage,
    h_fight,
    h_gain,
    h_lose,
    h_prevent,
)
from rules_engine.effects.mana import (  # noqa: F401
    h_add_mana,
)
from rules_engine.effects.name_search import h_search_exile_name  # noqa: F401
from rules_engine.effects.replacement import (  # noqa: F401
    _ZONE_EVENTS,
    _event_matches,
    _instead_zone,
    _other_replacers,
    _own_replacements,
    after_zone_change,
    h_replacement,
    other_zone_replacement,
    zone_change_replacement,
)
from rules_engine.effects.restrictions import (  # noqa: F401
    _OBJECT_RESTRICTIONS,
    h_restriction,
    h_skip,
)
from rules_engine.effects.spells import (  # noqa: F401
    _new_targets,
    _pay_any_number,
    _pays,
    cant_be_countered,
    h_cast_free,
    h_cast_permission,
    h_copy_spell,
    h_counter,
    h_next_spell_alternative,
    h_pay_cost,
    h_play_permission,
    h_unless,
    uncopyable,
)
from rules_engine.effects.tokens import (  # noqa: F401
    _PREDEFINED,
    _letters,
    _with_exceptions,
    copy_card_of,
    copy_face_of,
    h_enter_as_copy,
    h_token,
    predefined_token,
    token_face,
)
from rules_engine.effects.turns import (  # noqa: F401
    extra_turn_taken,
    h_extra_turn,
    that_turn_matches,
    turn_started,
)
from rules_engine.effects.zones import (  # noqa: F401
    _exile_chosen_from_zone,
    h_destroy,
    h_exile,
    h_move,
    h_sacrifice,
)
