"""Property tests: random legal action sequences keep the engine's invariants.

- day/night never returns to neither once it was day or night (731.1);
- at most one player has the initiative, and it is a player still in the game (726.3, 726.4);
- a prepared permanent on the battlefield has exactly one prepare-spell copy in exile, and every
  such copy belongs to a prepared permanent (722.3c);
- no object is in two zones, and every object's zone says where it is.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import simulate
from rules_engine.game import Game

DECK = (["Mountain"] * 6 + ["Forest"] * 6 + ["Plains"] * 5 + ["Island"] * 5 + [
    "Tavern Ruffian", "Celestus Sanctifier", "The Celestus", "Unnatural Moonrise",
    "Elite Interceptor", "Studious First-Year", "Encouraging Aviator", "Emeritus of Woe",
    "Croaking Counterpart", "Time Stop", "Glorious End", "Sundial of the Infinite",
    "Goliath Paladin", "Passageway Seer", "Aarakocra Sneak", "Veteran Dungeoneer",
    "Grizzly Bears", "Lightning Bolt", "Shock", "Day's Undoing",
])


class Invariants:
    def __init__(self) -> None:
        self.seen_day_night = False

    def __call__(self, game: Game) -> None:
        if game.day_night != "neither":
            self.seen_day_night = True
        elif self.seen_day_night:
            raise AssertionError("day/night returned to neither (731.1)")
        holder = game.initiative
        assert holder is None or not holder.left, "the initiative is held by a departed player"
        copies: Counter[int] = Counter()
        for p in game.players:
            for obj in p.exile:
                if obj.copy_for is not None:
                    copies[id(obj.copy_for)] += 1
                    assert obj.copy_for.prepared and obj.copy_for.zone == "battlefield", \
                        "a prepare copy outlived its prepared permanent (722.3c)"
        for obj in game.battlefield:
            if obj.prepared and not obj.phased_out:
                assert copies[id(obj)] == 1, f"{obj.name}: {copies[id(obj)]} copies in exile"
        seen: set[int] = set()
        for obj in game.all_objects():
            assert id(obj) not in seen, f"{obj} is in two zones"
            seen.add(id(obj))
        for obj in game.battlefield:
            assert obj.zone == "battlefield"
        for p in game.players:
            for zone in ("library", "hand", "graveyard", "exile"):
                for obj in getattr(p, zone):
                    assert obj.zone == zone, f"{obj} listed in {zone} says {obj.zone}"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_random_games_keep_invariants(seed: int, cards) -> None:
    deck = [n for n in DECK if cards.get(n) is not None]
    game = simulate.new_game(cards, {"alice": deck, "bob": deck}, seed=seed)
    check = Invariants()
    check(game)
    simulate.play_random(game, seed, max_moves=150, check=check)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_three_player_games_with_a_concession(seed: int, cards) -> None:
    """A player leaving mid-game keeps the initiative with someone still playing (726.4)."""
    deck = [n for n in DECK if cards.get(n) is not None]
    game = simulate.new_game(cards, {"alice": deck, "bob": deck, "carol": deck}, seed=seed)
    check = Invariants()
    simulate.play_random(game, seed, max_moves=60, check=check)
    from rules_engine.mechanics import initiative, leave_game

    if not game.game_over:
        initiative.take(game, game.players[seed % 3])
        leave_game.lose(game, game.players[seed % 3], "test concession")
        check(game)
        assert game.initiative is None or not game.initiative.left
        simulate.play_random(game, seed + 1, max_moves=60, check=check)
