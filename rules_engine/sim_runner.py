"""Complete simulated games between two decks, recorded from the engine's event log.

This wraps the public pieces of :mod:`rules_engine.simulate` (``new_game``,
``candidate_moves``, ``apply_move``) into whole games with a stopping rule and a record:

- a game ends when the engine says so (a player lost: 104.3, 704.5a/b), or at a turn or move
  limit (recorded as a draw with that reason);
- a game that reaches a clause the compiler could not read (an ``UnsupportedEffect`` the engine
  skips, or a card whose printed text has an ``Unsupported`` ability entering play) stops there
  and is recorded with ``reason = "unsupported: ..."``; an unexpected Python error inside the
  engine is recorded as ``"engine error: ..."``. Neither crashes the run;
- every game gets its own seed derived from the run seed and the game's index
  (:func:`game_seed`), so a run's rows do not depend on how games are spread over workers.

Policies: ``random`` (the engine's random legal-move idea: pass half the time, else a random
legal move) and ``greedy`` (play a land, cast the costliest spell it can, attack with
everything, make safe blocks; answers "may" with yes; never plays what would make it lose the
game, and keeps "end the turn" effects for the opponent's combat, where they work as a fog).
Decisions inside spells (targets, choices) are random in both.
"""

from __future__ import annotations

import gc
import hashlib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine import combat, compiled, turn
from rules_engine import simulate as sim
from rules_engine.cards import CardLibrary, DictCardSource
from rules_engine.errors import IllegalActionError, RulesEngineError
from rules_engine.game import Game

POLICIES = ("random", "greedy")
PLAYERS = ("a", "b")
DEFAULT_MAX_TURNS = 40
DEFAULT_MAX_MOVES = 6000

# Events kept in ``sim_events``: the scenario spec's named events plus a few for game shape.
RECORDED_EVENTS = frozenset({
    "became_day", "became_night", "day_became_night", "night_became_day", "transformed",
    "initiative_taken", "ventured", "dungeon_completed", "prepared", "unprepared",
    "spell_cast", "turn_ended", "lost_game", "won_game", "turn_began", "dies",
})
DAY_NIGHT_EVENTS = frozenset({"became_day", "became_night", "day_became_night",
                              "night_became_day"})
_UNSUPPORTED_NOTE = "unsupported effect skipped"


@dataclass
class GameRecord:
    """One finished (or stopped) game: the ``sim_games`` row and its ``sim_events`` rows."""

    game: int
    seed: int
    first: str  # "a" or "b": which deck took the first turn
    winner: str | None  # "a", "b" or None (draw / stopped)
    turns: int
    reason: str
    moves: int
    day_night_changes: int = 0
    initiative_changes: int = 0
    dungeons_completed: int = 0
    prepare_spells_cast: int = 0
    turns_ended_early: int = 0
    events: list[tuple[int, str, str, str | None, str | None]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)  # the whole engine log, only when asked for


def game_seed(run_seed: int, index: int) -> int:
    """A game's seed from the run seed and its index: stable across processes and platforms."""
    digest = hashlib.blake2b(f"mtgkit-sim:{run_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


# -- policies -----------------------------------------------------------------------------------

class RandomPolicy:
    """Pass half the time; otherwise try the legal moves in random order (pass if none works)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, player: str, prompt: str, options: Any) -> Any:
        return options[self.rng.randrange(len(options))]

    def step(self, game: Game) -> bool:
        """Make one move for the priority holder; True if a move other than pass was made."""
        if self.rng.random() >= 0.5:  # decide first: half the moves need no candidate list
            others = sim.candidate_moves(game)[1:]
            self.rng.shuffle(others)
            for move in others:
                if _try(game, move):
                    return True
        turn.pass_priority(game)
        return False


class GreedyPolicy(RandomPolicy):
    """A simple, fast heuristic player (not a strong one).

    Main phases of its own turn: play a land, cast the spell with the highest mana value it can
    pay for (prepare copies and flashback included), else a card face down (morph, disguise),
    activate abilities and turn face-down permanents face up only in the second main phase;
    attack with every creature able to; block an attacker with a creature that survives the
    hit. "May" questions are answered yes; other decisions are random.
    """

    name = "greedy"

    def decide(self, player: str, prompt: str, options: Any) -> Any:
        if len(options) == 2 and options[0] is False and options[1] is True:
            return True
        return options[self.rng.randrange(len(options))]

    def step(self, game: Game) -> bool:
        p = game.priority
        mine = game.active is p
        if mine and game.step in ("main1", "main2") and not game.stack:
            moves = sim.candidate_moves(game)
            lands = [m for m in moves if m[0] == "play_land"]
            if lands and _try(game, lands[0]):
                return True
            spells = [m for m in moves if m[0] in ("cast", "cast_exile", "cast_graveyard")
                      and not _effect_kinds(m) & _NEVER_ON_OWN_TURN]
            spells.sort(key=lambda m: -game.mana_value_of(m[1]))
            for move in spells:
                if _try(game, move):
                    return True
            for move in moves:  # then a morph or disguise card face down for {3} (702.37c)
                if move[0] == "cast_face_down" and _try(game, move):
                    return True
            if game.step == "main2":
                for move in moves:
                    if move[0] == "turn_face_up" and _try(game, move):  # 702.37e, 701.40b
                        return True
                    if move[0] == "activate" and not _effect_kinds(move) & _NEVER_ON_OWN_TURN:
                        if _try(game, move):
                            return True
        elif (not mine and game.step == "declare_attackers" and combat.attackers(game)
              and not any(getattr(o, "controller", None) is p for o in game.stack)):
            # "end the turn" as a fog: it ends the opponent's turn before combat damage (724.1)
            for move in sim.candidate_moves(game):
                kinds = _effect_kinds(move)
                if "EndTurn" in kinds and "LoseGame" not in kinds and _try(game, move):
                    return True
        if mine and game.step == "beginning_of_combat" and not game.stack:
            if any(o.controller is p and o.is_creature and not o.tapped
                   for o in game.battlefield):
                if _try(game, ("attack", None)):
                    return True
        elif (not mine and game.step == "declare_attackers" and not game.stack
              and game.pending_blocks is None):
            game.pending_blocks = _safe_blocks(game, p)
        turn.pass_priority(game)
        return False


_NEVER_ON_OWN_TURN = frozenset({"EndTurn", "LoseGame"})
_KINDS_CACHE: dict[int, tuple[Any, frozenset[str]]] = {}


def _effect_kinds(move: sim.Move) -> frozenset[str]:
    """Class names of every effect record a cast or activation would run (cached per record)."""
    kind, arg = move
    if kind in ("cast", "cast_exile", "cast_graveyard"):
        compiled.face_abilities(arg.card, arg.face)
        items: Any = arg.face.abilities or ()
    elif kind == "activate":
        obj, i = arg
        found = compiled.activated_abilities(obj)
        items = found[i - 1] if 0 < i <= len(found) else ()
    else:
        return frozenset()
    key = id(items)
    hit = _KINDS_CACHE.get(key)
    if hit is not None and hit[0] is items:
        return hit[1]
    names: set[str] = set()
    _walk_kinds(items, names, 0)
    result = frozenset(names)
    _KINDS_CACHE[key] = (items, result)
    return result


def _walk_kinds(value: Any, out: set[str], depth: int) -> None:
    if depth > 12 or value is None or isinstance(value, str | int | float | bool):
        return
    if isinstance(value, list | tuple):
        for item in value:
            _walk_kinds(item, out, depth + 1)
        return
    slots = getattr(type(value), "__dataclass_fields__", None)
    if slots is None:
        return
    out.add(type(value).__name__)
    for name in slots:
        _walk_kinds(getattr(value, name, None), out, depth + 1)


def _try(game: Game, move: sim.Move) -> bool:
    try:
        return sim.apply_move(game, move)
    except IllegalActionError:
        return False
    except RulesEngineError:
        return False


def _safe_blocks(game: Game, player: Any) -> dict[Any, Any]:
    """Blocks where the blocker survives (its toughness exceeds the attacker's power)."""
    blocks: dict[Any, Any] = {}
    used: set[int] = set()
    for att in combat.attackers(game):
        if att.attacking is not player or compiled.has_keyword(att, "menace"):
            continue
        for blk in game.battlefield:
            if (blk.controller is not player or not blk.is_creature or blk.tapped
                    or blk.oid in used or blk.toughness <= att.power):
                continue
            try:
                combat.can_block(game, blk, att)
            except IllegalActionError:
                continue
            blocks[blk] = att
            used.add(blk.oid)
            break
    return blocks


def make_policy(name: str, rng: random.Random) -> RandomPolicy:
    if name == "random":
        return RandomPolicy(rng)
    if name == "greedy":
        return GreedyPolicy(rng)
    raise ValueError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)})")


# -- one game -----------------------------------------------------------------------------------

class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _unsupported_in(events: list[Any], start: int) -> str | None:
    """The first unsupported clause reached by ``events`` from ``start`` on, if any."""
    for i in range(start, len(events)):
        ev = events[i]
        name = ev.name
        if name not in _LOOKED_AT:
            continue
        if name == "note":
            text = ev.data.get("text", "")
            if text.startswith(_UNSUPPORTED_NOTE):
                return text[len(_UNSUPPORTED_NOTE):].lstrip(": ").strip()
        else:
            obj = ev.data.get("obj")
            face = getattr(obj, "face", None)
            if face is None:
                continue
            if face.abilities is None:  # (compiling is what fills face.unsupported)
                compiled.face_abilities(getattr(obj, "card", None), face)
            if face.unsupported:
                return f"{face.name}: {face.unsupported[0]!r}"
    return None


_LOOKED_AT = frozenset({"note", "spell_cast", "entered"})


def play_game(library: CardLibrary, deck_a: list[str], deck_b: list[str], *, index: int,
              seed: int, policy: str = "random", max_turns: int = DEFAULT_MAX_TURNS,
              max_moves: int = DEFAULT_MAX_MOVES, keep_events: bool = True,
              keep_log: bool = False) -> GameRecord:
    """Play one complete game; never raises for what happens inside the game."""
    first = PLAYERS[index % 2]  # alternate who starts, so neither deck gets the edge
    order = [first, PLAYERS[1 - PLAYERS.index(first)]]
    decks = {"a": deck_a, "b": deck_b}
    rng = random.Random(seed ^ 0x5EED)
    moves = 0
    game: Game | None = None
    reason = ""
    try:
        pol = make_policy(policy, rng)
        game = sim.new_game(library, {name: decks[name] for name in order}, seed=seed,
                            decide=pol.decide)
        game.decider.log = _no_log
        # the events _unsupported_in looks at, collected by the game as they are logged
        flagged = game.face_events = [ev for ev in game.events if ev.name in _LOOKED_AT]
        step = pol.step
        while not game.game_over:
            if game.turn > max_turns:
                raise _Stop(f"turn limit ({max_turns})")
            if moves >= max_moves:
                raise _Stop(f"move limit ({max_moves})")
            if game.priority is None:
                raise _Stop("engine error: no player has priority")
            step(game)
            moves += 1
            if flagged:
                found = _unsupported_in(flagged, 0)
                flagged.clear()
                if found is not None:
                    raise _Stop(f"unsupported: {found}")
        reason = _end_reason(game)
    except _Stop as stop:
        reason = stop.reason
    except Exception as exc:  # noqa: BLE001 - a broken game is recorded, never a crash
        reason = f"engine error: {type(exc).__name__}: {exc}"
    rec = _record(game, index, seed, first, reason, moves, keep_events)
    if keep_log and game is not None:
        rec.log = [ev.describe() for ev in game.events]
    return rec


def _no_log(_msg: str) -> None:
    return None


def _end_reason(game: Game) -> str:
    for ev in reversed(game.events):
        if ev.name == "lost_game":
            who = getattr(ev.data.get("player"), "name", "?")
            return f"{who} lost: {ev.data.get('reason') or 'lost the game'}"
    return "game over"


def _record(game: Game | None, index: int, seed: int, first: str, reason: str, moves: int,
            keep_events: bool) -> GameRecord:
    if game is None:
        return GameRecord(index, seed, first, None, 0, reason, moves)
    winner = None
    if game.game_over and not reason.startswith(("unsupported", "engine error")):
        winners = [p.name for p in game.players if getattr(p, "won", False)]
        winner = winners[0] if len(winners) == 1 else None
    rec = GameRecord(index, seed, first, winner, game.turn, reason, moves)
    holder = None
    for ev in game.events:
        name = ev.name
        if name not in RECORDED_EVENTS:
            continue
        data = ev.data
        player = data.get("player")
        obj = data.get("obj")
        if player is None and obj is not None:
            player = getattr(obj, "controller", None)
        if name in DAY_NIGHT_EVENTS:
            rec.day_night_changes += 1
        elif name == "initiative_taken":
            if player is not holder:
                rec.initiative_changes += 1
            holder = player
        elif name == "dungeon_completed":
            rec.dungeons_completed += 1
        elif name == "turn_ended":
            rec.turns_ended_early += 1
        elif name == "spell_cast" and obj is not None and (
                getattr(obj, "is_prepare_spell", False) or getattr(obj, "copy_for", None)):
            rec.prepare_spells_cast += 1
        if keep_events:
            rec.events.append((ev.turn, ev.step, name, getattr(player, "name", None),
                               None if "obj" in data.get("hidden", ()) else
                               _card_of(obj, data)))  # (a face-down object: hidden, 708.5)
    return rec


def _card_of(obj: Any, data: dict[str, Any]) -> str | None:
    """The card an event is about; for dungeon events the dungeon and room ("Undercity: Forge")."""
    if obj is not None:
        return getattr(obj, "name", None)
    dungeon = data.get("dungeon")
    if dungeon is None:
        return None
    room = data.get("room")
    return f"{dungeon}: {room}" if room else str(dungeon)


# -- many games, optionally in parallel ---------------------------------------------------------

@dataclass(frozen=True)
class RunSpec:
    """Everything a worker needs to play games: plain data, picklable."""

    cards: tuple[dict[str, Any], ...]
    deck_a: tuple[str, ...]
    deck_b: tuple[str, ...]
    seed: int
    policy: str = "random"
    max_turns: int = DEFAULT_MAX_TURNS
    max_moves: int = DEFAULT_MAX_MOVES
    keep_events: bool = True

    def key(self) -> str:
        """A digest of everything that decides the games: the card texts, both decks, the seed,
        the policy and the limits. Two runs with the same key play identical games, which is
        what lets an interrupted run be resumed (only the missing game numbers are played)."""
        import orjson

        payload = orjson.dumps(
            {"cards": self.cards, "deck_a": self.deck_a, "deck_b": self.deck_b,
             "seed": self.seed, "policy": self.policy, "max_turns": self.max_turns,
             "max_moves": self.max_moves, "keep_events": self.keep_events},
            option=orjson.OPT_SORT_KEYS)
        return hashlib.blake2b(payload, digest_size=16).hexdigest()


def card_dicts_for(lookup: Callable[[str], dict[str, Any] | None],
                   names: Iterable[str]) -> tuple[dict[str, Any], ...]:
    """The Scryfall objects a run needs (deck cards + dungeons), resolved once in the parent."""
    from rules_engine.mechanics.initiative import UNDERCITY, other_dungeon_names

    found: dict[str, dict[str, Any]] = {}
    for name in list(dict.fromkeys(names)) + [UNDERCITY, *other_dungeon_names()]:
        data = lookup(name)
        if data is not None:
            found.setdefault(data.get("name", name), data)
    return tuple(found.values())


_WORKER: dict[str, Any] = {}


# A game allocates many short-lived objects (events, their data dicts, move lists), so
# CPython's default gen-0 threshold of 700 runs a collection every few moves; each one also
# walks the long-lived card library. Games make few reference cycles, so a higher threshold
# and the library frozen out of collections cut the collector's share of a run from ~4% to ~1%.
GC_THRESHOLD0 = 10_000


def tune_gc() -> tuple[int, int, int]:
    """Freeze what exists now (the card library) and raise the gen-0 threshold; returns the
    previous thresholds for :func:`restore_gc`. Only the simulate runner and its bench use it."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(before[0], GC_THRESHOLD0), before[1], before[2])
    return before


def restore_gc(before: tuple[int, int, int]) -> None:
    gc.set_threshold(*before)
    gc.unfreeze()


def _init_worker(spec: RunSpec) -> None:
    _WORKER["spec"] = spec
    _WORKER["library"] = CardLibrary(DictCardSource(spec.cards))
    tune_gc()  # a pool worker only plays games: no need to restore


def _init_pool_worker(spec: RunSpec) -> None:
    """A pool worker leaves Ctrl-C to the parent, which stores what is done and stops them."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _init_worker(spec)


def _play_index(index: int) -> GameRecord:
    spec: RunSpec = _WORKER["spec"]
    return play_game(_WORKER["library"], list(spec.deck_a), list(spec.deck_b), index=index,
                     seed=game_seed(spec.seed, index), policy=spec.policy,
                     max_turns=spec.max_turns, max_moves=spec.max_moves,
                     keep_events=spec.keep_events)


def replay_game(spec: RunSpec, index: int) -> GameRecord:
    """Play game ``index`` of a run alone (same seed as in the run), with the whole engine log."""
    library = CardLibrary(DictCardSource(spec.cards))
    return play_game(library, list(spec.deck_a), list(spec.deck_b), index=index,
                     seed=game_seed(spec.seed, index), policy=spec.policy,
                     max_turns=spec.max_turns, max_moves=spec.max_moves, keep_log=True)


def run_games(spec: RunSpec, games: int, workers: int = 1,
              indexes: Sequence[int] | None = None) -> Iterator[GameRecord]:
    """Play games ``0..games-1`` (or only ``indexes``, e.g. the games an interrupted run still
    lacks), yielding records in that order whatever ``workers`` is."""
    todo = list(range(games)) if indexes is None else list(indexes)
    if workers <= 1 or len(todo) <= 1:
        before = gc.get_threshold()
        _init_worker(spec)
        try:
            for i in todo:
                yield _play_index(i)
        finally:  # this process goes on after the run (the CLI stores rows, tests continue)
            restore_gc(before)
        return
    import multiprocessing as mp

    ctx = mp.get_context("spawn" if not hasattr(mp, "get_all_start_methods")
                         or "fork" not in mp.get_all_start_methods() else "fork")
    chunk = max(1, min(16, len(todo) // (workers * 4) or 1))
    with ctx.Pool(workers, initializer=_init_pool_worker, initargs=(spec,)) as pool:
        yield from pool.imap(_play_index, todo, chunksize=chunk)
