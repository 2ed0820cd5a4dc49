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
    choose_among,  # 608.2c-d choosing among the cards looked at
    copy_except,  # 707.9b enter as a copy, except ...
    dice,  # 706 rolling dice
    doubling,  # 701.10e
    keyword_actions2,  # 701 amass, incubate ...
    mana_could,  # 106.7 mana a permanent could produce
    oneshot,  # 601.2d distributing counters
    player_choices,
    players,  # 119.5 life totals becoming a number
    prevent_next,  # 615.7
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
    bestow,
    cases,
    cipher,
    day_night,
    dk_keywords,
    dredge,
    earthbend,
    emblems,
    end_turn,
    enlist,
    exile_until,
    extra_phases,
    face_down,
    filter_words,
    foretell,
    gift,
    graveyard_abilities,
    graveyard_casts,
    graveyard_keywords,
    hideaway,
    initiative,
    keywords_costs,
    keywords_counters,
    keywords_kw,
    keywords_more,
    leave_game,
    madness,
    miracle,
    next_end_step,
    ninjutsu,
    opening_hand,
    paradigm,
    phasing,
    prepare,
    prototype,
    rebound,
    reconfigure,
    roles,
    rooms,
    sagas,
    splice,
    split,
    state_triggers,
    suspend,
    tail_rules,
    the_ring,
    trigger_events,  # 603.2: trigger events of text/triggers_more.py
    turn_conditions,
    upkeep_costs,
    warp,
    web_slinging,
)
