"""The rules engine: plays scenarios (scripted sample games) and simulated games.

Layout, in layers each importing only those below it (docs/architecture.md, enforced by
tests/test_architecture.py): *base* (:mod:`abilities`, :mod:`cards`, :mod:`registry`, the
Oracle-text compiler :mod:`text`), *state* (:mod:`game`, :mod:`objects`, :mod:`context`,
:mod:`mana`), *characteristics* (:mod:`statics`, :mod:`targeting`, :mod:`amounts`,
:mod:`conditions`), *rules core* (:mod:`turn`, :mod:`casting`, :mod:`sba`, :mod:`triggers`,
:mod:`combat`, :mod:`permanents`), which reaches the *effects* (:mod:`effects`, one module per
family) and the *mechanics* (:mod:`mechanics`, one module per mechanic) only through the tables
of :mod:`registry`; *runners* on top: :mod:`scenario` (the YAML runner behind ``mtgkit play``),
:mod:`simulate` and :mod:`sim_runner` (random legal games), :mod:`support` (the coverage audit).
Cards come through the :class:`~rules_engine.cards.CardSource` protocol; no SQL, no HTTP here.

Default answers (a non-strict scenario, a decision the script did not answer): the first legal
option in this order, and the log says so:

- "you may" questions: no (603.5);
- targets: players in turn order starting with the active player, then permanents in the order
  they came onto the battlefield, then spells from the bottom of the stack;
- rooms: the first arrow in the dungeon card's printed order; dungeons: printed order of
  Lost Mine of Phandelver, Tomb of Annihilation, Dungeon of the Mad Mage;
- cards to choose from a zone (search, discard, "one of them"): that zone's order
  (library top first, hand in the order drawn);
- simultaneous triggered abilities of one player: the order they triggered;
- the legend rule (704.5j): keep the one that came onto the battlefield first;
- tap or untap: the one that changes the permanent (tap it if untapped);
- mana of any colour: W, U, B, R, G in that order.
"""

# Fill the effect/mechanic registries the rules core calls through (rules_engine.registry).
from rules_engine import registry_setup as _registry_setup  # noqa: E402,F401
