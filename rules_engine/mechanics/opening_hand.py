"""Opening-hand actions (103.6): "If this card is in your opening hand, you may begin the game
with it on the battlefield" (the Leylines).

103.6: after mulligans, before the first turn, each player in turn order (starting player first,
103.6a) may take the actions their opening-hand cards allow. The card is put onto the battlefield
without entering it during a turn: it was never cast (so no "when you cast") and no ability
triggers on it (the game has not begun; the event log is cleared before the first turn). The
card says so with a static ability the compiler records as a Restriction of kind
``begin_game_on_battlefield`` (it does nothing once on the battlefield); this module reads it.
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import compiled
from rules_engine.game import Game
from rules_engine.objects import GameObject


def may_begin_on_battlefield(obj: GameObject) -> bool:
    """Whether the card has 103.6's "you may begin the game with it on the battlefield"."""
    for abl in compiled.face_abilities(obj.card, obj.face) or ():
        if isinstance(abl, ab.StaticAbility):
            for restriction in abl.effects:
                if isinstance(restriction, ab.Restriction) and \
                        restriction.kind == "begin_game_on_battlefield":
                    return True
    return False


def opening_hand_actions(game: Game) -> int:
    """103.6: each player in turn order may put such cards from their opening hand onto the
    battlefield (a "you may" per card); returns how many were put there."""
    moved = 0
    for p in game.apnap():
        for card in [c for c in p.hand if may_begin_on_battlefield(c)]:
            if game.decider.may(p.name, f"begin the game with {card.name} on the battlefield "
                                        "(103.6)"):
                game.move(card, "battlefield", controller=p)
                game.log("begun_on_battlefield", obj=card, player=p)
                moved += 1
    return moved
