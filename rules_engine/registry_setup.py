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
from rules_engine.mechanics import (  # noqa: F401
    cipher,
    day_night,
    dredge,
    earthbend,
    emblems,
    end_turn,
    enlist,
    extra_phases,
    gift,
    initiative,
    keywords_costs,
    keywords_static,
    leave_game,
    madness,
    miracle,
    paradigm,
    phasing,
    prepare,
    rooms,
    sagas,
    splice,
    split,
    warp,
)
