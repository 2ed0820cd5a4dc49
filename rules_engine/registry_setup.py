"""Fill the registries: import every effect family and mechanic once, on ``import rules_engine``.

The rules core never imports these modules (that would be a circle); each registers its effect
handlers, keyword actions, turn-based actions and hook functions into
:mod:`rules_engine.registry` as it is imported. ``rules_engine/__init__.py`` imports this module,
so any ``import rules_engine.x`` has the tables full before its first game. A new effect family
or mechanic module is added to the imports below.
"""

from __future__ import annotations

from rules_engine import (  # noqa: F401  (imported for their registrations)
    casting,
    combat,
    effects,
    permanents,
    sba,
    statics,
    triggers,
    turn,
)
from rules_engine.effects import (  # noqa: F401  (keyword actions of their own)
    cast_from_hand,  # 608.2g casting a card from the hand during a resolution
    change_targets,  # 115.7 "you may choose new targets for target spell"
    choose_among,  # 608.2c-d choosing among the cards looked at
    choose_instruction,  # 608.2d "discards a card or sacrifices a creature"
    chosen_color,  # 105.3 "becomes the color of your choice"
    combat_actions,  # 509.1h "target unblocked attacking creature becomes blocked"
    copy_except,  # 707.9b enter as a copy, except ...
    cost_effects,  # 611.2a resolved "... you cast this turn cost {1} less" (601.2f)
    damaged_by,  # "dealt damage by ~ this turn"
    descend,  # 700.11 "descended this turn"
    dice,  # 706 rolling dice
    distribute,  # 601.2d counters divided among targets
    doubling,  # 701.10e
    excess_damage,  # 120.4a excess damage dealt elsewhere
    keyword_actions2,  # 701 amass, incubate ...
    mana_could,  # 106.7 mana a permanent could produce
    move_counters,  # 122.5 moving a counter from one object onto another
    oneshot,  # 601.2d distributing counters
    player_choices,
    players,  # 119.5 life totals becoming a number
    prevent_next,  # 615.7
    replace_events,  # 614.1a, 616.1 replacements that modify an event
    stat_effects,  # 602.2b activation cost changes (applied before resolution)
    switch_pt,  # 613.4d
    tail_effects,  # small families: a chosen type until end of turn
    untap_others,  # 502.3 untap during each other player's untap step
    votes,  # 701.38 voting
    zones_more,  # 701.23 searching any library, "revealed this way" (608.2c), at random
)
from rules_engine.mechanics import (  # noqa: F401
    airbend,
    alt_costs,
    alt_costs_more,
    assist,
    banding,
    become_plotted,  # 702.170c: an effect makes a card in exile plotted
    bestow,
    cases,
    cipher,
    coin_flips,  # 705: "whenever you win a coin flip"
    day_night,
    deed_conditions,  # deeds of players and objects this turn (text/conditions_deeds.py)
    dk_keywords,
    dredge,
    earthbend,
    emblems,
    end_turn,
    endure,  # 701.63
    enlist,
    epic,  # 702.50
    exile_until,
    expend,  # 700.14: "whenever you expend N"
    extra_phases,
    face_down,
    filter_deeds,
    filter_words,
    foretell,
    fortify,  # 702.67
    gift,
    graveyard_abilities,
    graveyard_casts,
    graveyard_keywords,
    graveyard_permissions,
    haunt,  # 702.55
    hideaway,
    initiative,
    keywords_costs,
    keywords_counters,
    keywords_kw,
    keywords_more,
    leave_game,
    madness,
    miracle,
    mutate,  # 702.140, 730
    next_end_step,
    ninjutsu,
    opening_hand,
    paradigm,
    phasing,
    plotted,  # 702.170: "when this card becomes plotted"
    prepare,
    prototype,
    rebound,
    reconfigure,
    ripple,  # 702.60
    roles,
    rooms,
    sagas,
    soulbond,  # 702.95
    splice,
    split,
    state_triggers,
    suspend,
    tail_rules,
    the_ring,
    trigger_activate,  # 602.2: "Whenever you activate a boast ability" (text/triggers_activate)
    trigger_batches,  # 603.2c: "one or more" trigger events of text/triggers_batch.py
    trigger_events,  # 603.2: trigger events of text/triggers_more.py
    trigger_tail,  # 603.2: zones, amounts, exact counts (text/triggers_tail.py)
    turn_conditions,
    upkeep_costs,
    warp,
    web_slinging,
)
