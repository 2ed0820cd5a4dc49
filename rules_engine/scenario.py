"""The scenario runner: YAML sample games (see ../shared/spec/scenarios.md in the project docs).

A scenario is a starting state, a script of actions and expectations. :func:`run_file` loads a
file (one scenario or a list), :func:`run_scenario` plays one and returns a
:class:`ScenarioResult` whose ``failures`` say what did not hold, expected vs actual, with the
last events of the game log, and the rule behind an illegal action.
"""

from __future__ import annotations

import copy
import functools
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_engine import casting, combat, turn
from rules_engine.cards import (
    CardLibrary,
    CardSource,
    ChainCardSource,
    DictCardSource,
    read_card_file,
)
from rules_engine.errors import DecisionError, IllegalActionError, RulesEngineError, ScenarioError
from rules_engine.game import STEPS, Game
from rules_engine.mana import parse_mana
from rules_engine.mechanics import extra_phases
from rules_engine.objects import GameObject, Player
from rules_engine.scenario_yaml import duplicate_keys, line_of, load_documents

STEP_ALIASES = {"main": "main1", "precombat_main": "main1", "postcombat_main": "main2",
                "first_main": "main1", "second_main": "main2", "main_1": "main1",
                "main_2": "main2", "precombat_main_phase": "main1",
                "postcombat_main_phase": "main2", "combat": "beginning_of_combat",
                "end_step": "end", "end_of_turn": "end", "first_strike": "first_strike_damage",
                "damage": "combat_damage", "beginning_of_combat_step": "beginning_of_combat",
                "declare_attackers_step": "declare_attackers"}


def step_name(value: Any) -> str:
    """A step as the format names it (``main1``, ``declare_attackers``...), from the ways a
    person writes one: any case, spaces or hyphens, a trailing "step"/"phase" ("Main 2",
    "end step", "precombat main phase", "declare-blockers")."""
    text = "_".join(str(value).strip().lower().replace("-", " ").split())
    if text in STEP_ALIASES:
        return STEP_ALIASES[text]
    for suffix in ("_step", "_phase"):
        if text.endswith(suffix) and text[: -len(suffix)] in STEPS:
            return text[: -len(suffix)]
    return STEP_ALIASES.get(text, text)


PLAYER_ACTIONS = ("cast", "activate", "play_land", "pass", "attack", "block", "concede",
                  "phase_out", "phase_in", "unlock", "turn_face_up")
LAST_EVENTS = 12
# The keys of the public format (spec/scenarios.md) and the engine's documented extensions
# (tests/scenarios/README.md). Any other key is reported as a warning, never an error: the
# format lets files carry more ("extra keys"), but a misspelt key must not pass unnoticed.
TOP_KEYS = frozenset({"name", "source", "cards", "players", "strict", "state", "actions",
                      "expect"})
STATE_KEYS = frozenset({"turn", "active", "step", "day_night", "initiative",
                        "spells_cast_this_turn", "players"})
PLAYER_STATE_KEYS = frozenset({"life", "mana_pool", "hand", "library", "graveyard", "exile",
                               "battlefield", "dungeon"})
ENTRY_KEYS = frozenset({"card", "id", "count", "face", "tapped", "phased_out", "prepared",
                        "token", "summoning_sick", "counters", "owner", "controller",
                        "attached_to", "unlocked", "face_down"})
SPEC_EVENTS = frozenset({"became_day", "became_night", "day_became_night", "night_became_day",
                        "transformed", "initiative_taken", "ventured", "dungeon_completed",
                        "prepared", "unprepared", "spell_cast", "turn_ended", "lost_game"})
ACTION_OPTIONS = frozenset({"from", "targets", "x", "choices", "ability", "expect_error",
                            "door", "face_down", "how"})


@dataclass
class ScenarioResult:
    file: str
    name: str
    passed: bool
    failures: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    actions: int = 0
    warnings: list[str] = field(default_factory=list)
    loaded: bool = True  # False: the file (or this item of it) is not a scenario at all

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.file, "name": self.name, "passed": self.passed,
                               "failures": self.failures}
        if self.warnings:
            out["warnings"] = self.warnings
        return out


class ExpectationFailed(Exception):
    pass


def load_file(path: Path | str) -> list[dict[str, Any]]:
    """The scenarios of one YAML file (a mapping, a list of mappings, or several documents);
    :class:`ScenarioError` naming the file and line when it holds anything else."""
    path = Path(path)
    items = load_documents(path)
    for item, line in items:
        if not isinstance(item, dict):
            raise ScenarioError(f"{path}: line {line}: a scenario is a mapping, not {item!r}")
    return [item for item, _ in items]


def scenario_files(paths: list[Path | str]) -> list[Path]:
    """Files named, and every .yaml/.yml under directories named (sorted); a file reached
    twice (named and inside a directory named, or two overlapping directories) runs once."""
    out: list[Path] = []
    seen: set[Path] = set()
    for p in paths:
        p = Path(p)
        found = sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")) \
            if p.is_dir() else [p]
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out


def _norm_name(name: str) -> str:
    n = str(name).strip().lower()
    return n[:-6] if n.endswith(" token") else n


def _int(value: Any, where: str) -> int:
    """A whole number from the file, or a :class:`ScenarioError` naming the field."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ScenarioError(f"{where}: expected a whole number, got {value!r}")
    try:
        return int(value)
    except ValueError:
        raise ScenarioError(f"{where}: expected a whole number, got {value!r}") from None


def _mapping(value: Any, where: str) -> dict[Any, Any]:
    """A mapping from the file (absent or null: empty), or an error naming the field."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(f"{where}: expected a mapping, got {value!r}")
    return value


def _entries(value: Any, where: str) -> list[Any]:
    """A list of card entries; one entry alone (``hand: Plains``) is accepted as a list of one."""
    if value is None:
        return []
    if isinstance(value, (str, dict)):
        return [value]
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list of cards, got {value!r}")
    return value


class Runner:
    """Plays one scenario against a card source."""

    def __init__(self, scn: dict[str, Any], source: CardSource, file: Path | None = None) -> None:
        self.scn = scn
        self.file = file
        self.source = source
        self.library = CardLibrary(source)
        self.game: Game | None = None
        self.checkpoint = 0
        self.failures: list[str] = []
        self.warnings: list[str] = []
        self.labels: dict[str, GameObject] = {}
        self._attachments: list[tuple[GameObject, str]] = []  # (aura, id or player) from setup
        self.actions = 0
        self.line: int | None = line_of(scn, None)  # where in the file the runner is reading
        self._pending_step: str | None = None  # a set-up untap/cleanup step not yet begun

    def _at(self, container: Any, key: Any) -> None:
        """Remember the line of ``container[key]``: errors from here on name it."""
        line = line_of(container, key)
        if line is not None:
            self.line = line

    def _unknown_keys(self, mapping: Any, known: frozenset[str], where: str) -> None:
        """Warn about keys the format does not know (ignored, so a typo is visible)."""
        if not isinstance(mapping, dict):
            return
        for key in mapping:
            if key not in known:
                line = line_of(mapping, key)
                at = f"line {line}: " if line is not None else ""
                self.warnings.append(f"{at}{where}: unknown key {key!r} ignored")

    def _load_cards(self) -> None:
        """The scenario's own ``cards:`` files, looked up before the other sources."""
        files = self.scn.get("cards")
        if not files:
            return
        if isinstance(files, str):
            files = [files]
        if not isinstance(files, list):
            raise ScenarioError(f"cards: expected a list of card files, got {files!r}")
        extra = []
        for i, rel in enumerate(files):
            self._at(files, i)
            path = (self.file.parent / str(rel)) if self.file is not None else Path(str(rel))
            extra.extend(read_card_file(path))
        if extra:
            own = DictCardSource(c for c in extra if c.get("lang", "en") != "ja")
            own.add_japanese(c for c in extra if c.get("printed_name"))
            self.source = ChainCardSource([own, self.source])
            self.library = CardLibrary(self.source)

    def _translate_japanese(self) -> None:
        """Japanese card names (as printed on Japanese cards, e.g. from the Japanese wiki) are
        read as the cards' English names everywhere in the scenario (an engine extension:
        the card sources know Japanese printings; ids and player names are left alone)."""
        finder = getattr(self.source, "english_name", None)
        if finder is None:
            return
        scn = self.scn
        keep: set[str] = set(map(str, scn.get("players") or []))

        def collect_ids(value: Any) -> None:
            if isinstance(value, dict):
                if value.get("id") is not None:
                    keep.add(str(value["id"]))
                for v in value.values():
                    collect_ids(v)
            elif isinstance(value, list):
                for v in value:
                    collect_ids(v)

        collect_ids(scn.get("state"))
        cache: dict[str, str] = {}

        def english(text: Any) -> Any:
            if not isinstance(text, str) or text.isascii() or text in keep:
                return text
            if text not in cache:
                cache[text] = finder(text) or text
            return cache[text]

        def walk(value: Any) -> None:
            if isinstance(value, list):
                for i, v in enumerate(value):
                    value[i] = english(v)
                    walk(value[i])
            elif isinstance(value, dict):
                for key in list(value):
                    new = english(key)
                    if new != key:
                        value[new] = value.pop(key)
                        lines = getattr(value, "key_lines", None)
                        if lines is not None and key in lines:
                            lines[new] = lines.pop(key)
                for key, v in value.items():
                    if key == "id":
                        continue
                    value[key] = english(v)
                    walk(value[key])

        for part in ("state", "actions", "expect"):
            walk(scn.get(part))

    # -- setup -------------------------------------------------------------------------------
    def setup(self) -> Game:
        scn = self.scn
        self._unknown_keys(scn, TOP_KEYS, "scenario")
        self._load_cards()
        self._translate_japanese()
        self._at(scn, "players")
        players = scn.get("players") or ["alice", "bob"]
        if not isinstance(players, list):
            raise ScenarioError(f"players: expected a list of names, got {players!r}")
        names = [str(n) for n in players]
        if len(names) < 2:
            raise ScenarioError("players: two or more names are needed")
        if len(set(names)) != len(names):
            raise ScenarioError(f"players: a name is given twice: {names}")
        game = Game(names, self.library, strict=bool(scn.get("strict", False)))
        self.game = game
        self._at(scn, "state")
        state = _mapping(scn.get("state"), "state")
        self._unknown_keys(state, STATE_KEYS, "state")
        self._at(state, "turn")
        game.turn = _int(state.get("turn", 1), "state.turn")
        if game.turn < 1:
            raise ScenarioError(f"state.turn: turns are numbered from 1, got {game.turn}")
        self._at(state, "active")
        active = state.get("active", names[0])
        if str(active) not in game.by_name:
            raise ScenarioError(f"state.active: unknown player {active!r}")
        game.active = game.by_name[str(active)]
        self._at(state, "step")
        step = step_name(state.get("step", "main1"))
        if step not in STEPS:
            raise ScenarioError(f"state.step: unknown step {step!r} (one of {', '.join(STEPS)})")
        game.step = step
        self._at(state, "day_night")
        dn = state.get("day_night", "neither") or "neither"
        if dn not in ("neither", "day", "night"):
            raise ScenarioError(f"state.day_night: {dn!r} is not neither, day or night")
        game.day_night = dn
        # players before the active one in turn order have had a first turn already
        game.first_player = game.players[0]
        if game.turn > 1:
            # 502.2 looks at the previous turn's active player: the one before in turn order
            # (who, as far as the set-up says, cast no spell in that turn)
            index = game.players.index(game.active)
            game.prev_active = game.players[index - 1]
            game.prev_active_spells = 0
        self._at(state, "spells_cast_this_turn")
        spells = _mapping(state.get("spells_cast_this_turn"), "state.spells_cast_this_turn")
        for pname, n in spells.items():
            self._player(pname, "state.spells_cast_this_turn").spells_cast_this_turn = _int(
                n, f"state.spells_cast_this_turn.{pname}")
        self._at(state, "players")
        pstate = _mapping(state.get("players"), "state.players")
        for pname, pdata in pstate.items():
            self._at(pstate, pname)
            player = self._player(pname, "state.players")
            pdata = _mapping(pdata, f"state.players.{pname}")
            self._unknown_keys(pdata, PLAYER_STATE_KEYS, f"state.players.{pname}")
            if "life" in pdata:
                self._at(pdata, "life")
                player.life = _int(pdata["life"], f"state.players.{pname}.life")
            if pdata.get("mana_pool"):
                self._at(pdata, "mana_pool")
                player.mana_pool = parse_mana(str(pdata["mana_pool"]))
            for zone in ("library", "hand", "graveyard", "exile", "battlefield"):
                self._at(pdata, zone)
                where = f"state.players.{pname}.{zone}"
                entries = _entries(pdata.get(zone), where)
                for k, entry in enumerate(entries):
                    self._at(entries, k)
                    self._place(player, zone, entry, f"{where}[{k + 1}]")
            if pdata.get("dungeon"):
                from rules_engine.mechanics import initiative

                self._at(pdata, "dungeon")
                d = _mapping(pdata["dungeon"], f"state.players.{pname}.dungeon")
                if "name" not in d or "room" not in d:
                    raise ScenarioError(f"state.players.{pname}.dungeon: give name and room")
                initiative.set_dungeon(game, player, d["name"], d["room"])
        for aura, key in self._attachments:  # engine extension: `attached_to: id-or-player`
            aura.attached_to = game.by_name.get(key) or self.obj(key, "battlefield")
        self._at(state, "initiative")
        init = state.get("initiative")
        if init:
            game.initiative = self._player(init, "state.initiative")
        game.events.clear()
        game.pending_triggers.clear()
        game.bound_key = None
        self._note_unsupported()
        self.line = line_of(scn, None)
        if step in ("untap", "cleanup"):
            # No player gets priority in these steps (502.4, 514.3): the game stands at the
            # start of the step; it begins (its turn-based actions, then on to the next
            # priority) with the first action or checkpoint, whose choices answer its
            # decisions (e.g. which cards to discard to hand size, 514.1).
            self._pending_step = step
            game.priority = None
            return game
        turn.give_priority(game, game.active)
        return game

    def _begin_pending_step(self) -> bool:
        """Begin a set-up untap or cleanup step now; whether there was one."""
        step, self._pending_step = self._pending_step, None
        if step is None:
            return False
        turn.begin_step(self.game, step)
        return True

    def _note_unsupported(self) -> None:
        """Say in the log which clauses of the scenario's cards the compiler left unsupported."""
        from rules_engine import compiled

        game = self.game
        seen: set[str] = set()
        for obj in game.all_objects():
            card = getattr(obj, "card", None)
            if card is None or card.name in seen:
                continue
            seen.add(card.name)
            compiled.ensure_compiled(card)
            for face in (card.front, card.back, card.prepare):
                for text in (face.unsupported if face is not None else ()):
                    game.note(f"{face.name}: not supported by the text compiler: {text!r}")

    def _player(self, name: Any, where: str) -> Player:
        assert self.game is not None
        if str(name) not in self.game.by_name:
            raise ScenarioError(f"{where}: unknown player {name!r}")
        return self.game.by_name[str(name)]

    def _place(self, player: Player, zone: str, entry: Any, where: str) -> None:
        game = self.game
        assert game is not None
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict) or "card" not in entry:
            raise ScenarioError(f"{where}: bad card entry {entry!r} (a card name or a mapping "
                                "with 'card')")
        self._unknown_keys(entry, ENTRY_KEYS, where)
        count = _int(entry.get("count", 1), f"{where}.count")
        if count > 1 and entry.get("id") is not None:
            raise ScenarioError(f"{where}: an entry with count {count} can't have an id (an id "
                                "names one object)")
        owner = self._player(entry.get("owner", player.name), f"{where}.owner")
        controller = self._player(entry.get("controller", player.name), f"{where}.controller")
        counters = _mapping(entry.get("counters"), f"{where}.counters")
        face_side = str(entry.get("face", "front") or "front").lower()
        if face_side not in ("front", "back"):
            raise ScenarioError(f"{where}.face: {entry['face']!r} is not front or back")
        for _ in range(count):
            card = game.card_def(str(entry["card"]))
            obj = game.new_object(card, owner, zone if zone != "battlefield" else "battlefield",
                                  label=entry.get("id"))
            if entry.get("id"):
                self.labels[str(entry["id"]).lower()] = obj
            if entry.get("token"):
                obj.token = True
                game.copies_exist = True
            if zone != "battlefield":
                continue
            obj.controller = controller
            if face_side == "back":
                if card.back is None:
                    raise ScenarioError(f"{card.name} has no back face")
                obj.transformed = True
            obj.tapped = bool(entry.get("tapped", False))
            obj.sick = bool(entry.get("summoning_sick", False))
            for kind, n in counters.items():
                obj.counters[str(kind)] = _int(n, f"{where}.counters.{kind}")
            if obj.has_type("Planeswalker") and "loyalty" not in obj.counters and \
                    obj.face.loyalty is not None:
                obj.counters["loyalty"] = obj.face.loyalty
            if entry.get("attached_to") is not None:
                self._attachments.append((obj, str(entry["attached_to"])))
            self._set_up_room(obj, entry.get("unlocked"), where)
            if entry.get("face_down"):
                # engine extension: set up face down (708); true, or the rule that made it so
                # (morph, megamorph, disguise, manifest, cloak)
                from rules_engine.mechanics import face_down

                by = entry["face_down"]
                by = str(by).lower() if isinstance(by, str) else face_down.cast_keyword(obj)
                face_down.turn_face_down(game, obj, by)
            if entry.get("phased_out"):
                obj.phased_out = True
                obj.phased_controller = controller
            if entry.get("prepared"):
                from rules_engine.mechanics import prepare

                if not prepare.has_prepare_spell(obj):
                    raise ScenarioError(f"{card.name} has no prepare spell; it can't be set up "
                                        "prepared (722.3a)")
                obj.prepared = True
                if not obj.phased_out:
                    prepare.make_copy(game, obj)

    @staticmethod
    def _set_up_room(obj: GameObject, unlocked: Any, where: str) -> None:
        """A Room set up on the battlefield has the unlocked designations of the doors named in
        ``unlocked`` (engine extension; none by default, as one put onto the battlefield
        without being cast, 709.5d) and only their characteristics (709.5)."""
        from rules_engine.mechanics import rooms, split

        if not rooms.is_room(obj.card):
            if unlocked:
                raise ScenarioError(f"{where}.unlocked: {obj.name} is not a Room")
            return
        names = [str(n).lower() for n in _as_list(unlocked) or []]
        halves = split.halves(obj.card)
        unknown = set(names) - {h.name.lower() for h in halves}
        if unknown:
            raise ScenarioError(f"{where}.unlocked: no door named {sorted(unknown)}")
        obj.doors = sum(1 << i for i, h in enumerate(halves) if h.name.lower() in names)
        obj.face = rooms.door_face(obj.card, obj.doors)

    # -- running -----------------------------------------------------------------------------
    def run(self) -> ScenarioResult:
        name = self.scn.get("name")
        file = str(self.file) if self.file else "<scenario>"
        try:
            dups = duplicate_keys(self.scn)
            if dups:
                raise ScenarioError("; ".join(dups))
            if name is None or not str(name).strip():
                raise ScenarioError("key 'name' is required (one line saying what is checked)")
            self.setup()
            self._at(self.scn, "actions")
            actions = self.scn.get("actions") or []
            if not isinstance(actions, list):
                raise ScenarioError(f"actions: expected a list of actions, got {actions!r}")
            for i, action in enumerate(actions, 1):
                self._at(actions, i - 1)
                self.do_action(i, action)
            self._at(self.scn, "expect")
            self._begin_pending_step()
            self.check_expect(_mapping(self.scn.get("expect"), "expect"), "expect")
        except ScenarioError as exc:
            self.failures.append(f"scenario error: {self._line_prefix(exc)}{exc}")
        except RulesEngineError as exc:
            self.failures.append(f"{self._line_prefix(exc)}{type(exc).__name__}: {exc}")
        except Exception as exc:  # noqa: BLE001 - an engine bug must fail this scenario only
            import traceback

            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.failures.append(f"{self._line_prefix(exc)}internal error "
                                 f"{type(exc).__name__}: {exc} "
                                 f"(at {Path(where.filename).name}:{where.lineno})")
        if self.failures and self.game is not None and self.game.events:
            self.failures.append("last events:\n" + "\n".join(
                "    " + e.describe() for e in self.game.events[-LAST_EVENTS:]))
        log = [e.describe() for e in self.game.events] if self.game else []
        return ScenarioResult(file, str(name) if name is not None else "(no name)",
                              not self.failures, self.failures, log, self.actions,
                              self.warnings)

    def _line_prefix(self, exc: Exception) -> str:
        """``line N: `` for an error, unless its message already names a line."""
        if self.line is None or str(exc).startswith("line "):
            return ""
        return f"line {self.line}: "

    def do_action(self, i: int, action: Any) -> None:
        if isinstance(action, str) and action.strip() in ("resolve", "advance"):
            action = {action.strip(): {}}  # "- resolve" written without its empty mapping
        if not isinstance(action, dict) or len([k for k in action if k != "expect_error"]) != 1:
            raise ScenarioError(f"action {i}: one key (a player name, resolve, advance or "
                                f"expect), got {action!r}")
        key = next(k for k in action if k != "expect_error")
        body = action[key]
        if key == "expect":
            self._begin_pending_step()
            self.check_expect(_mapping(body, f"action {i} (expect)"), f"action {i} (expect)")
            return
        expect_error = action.get("expect_error")
        if isinstance(body, dict) and "expect_error" in body:
            expect_error = body["expect_error"]
        game = self.game
        assert game is not None
        snapshot = None
        if expect_error is not None:
            snapshot = copy.deepcopy((game, self.labels), {id(game.cards): game.cards})
        try:
            self._dispatch(i, key, body)
            leftover = game.decider.leftover()
            if leftover and game.decider.strict:
                raise DecisionError(f"answers left unused: {leftover}")
        except (IllegalActionError, DecisionError) as exc:
            game.decider.clear()
            if expect_error is None:
                raise ScenarioError(f"action {i} ({key}: {body}) was refused: {exc}") from exc
            if str(expect_error).lower() not in str(exc).lower():
                self.failures.append(f"action {i}: expected an error containing "
                                     f"{expect_error!r}, got: {exc}")
            assert snapshot is not None
            self.game, self.labels = snapshot
            self.game.decider.clear()
            return
        game.decider.clear()
        self.actions += 1
        if expect_error is not None:
            self.failures.append(f"action {i} ({key}): expected an error containing "
                                 f"{expect_error!r}, but the action was allowed")

    def _dispatch(self, i: int, key: str, body: Any) -> None:
        game = self.game
        assert game is not None
        if key == "resolve":
            body = _mapping(body, f"action {i} (resolve)")
            self._unknown_keys(body, frozenset({"choices", "expect_error"}), f"action {i}")
            self._load_choices(body.get("choices"))
            if not self._begin_pending_step():  # (beginning it reaches the next priority)
                self.resolve()
            return
        if key == "advance":
            body = _mapping(body, f"action {i} (advance)")
            self._unknown_keys(body, frozenset({"turn", "step", "choices", "expect_error"}),
                               f"action {i}")
            self._load_choices(body.get("choices"))
            self._begin_pending_step()
            self.advance(body)
            return
        if key not in game.by_name:
            raise ScenarioError(f"action {i}: {key!r} is not a player, resolve, advance or expect")
        player = game.by_name[key]
        if isinstance(body, str):
            body = {body: True}
        if not isinstance(body, dict):
            raise ScenarioError(f"action {i}: {key}: expected a mapping or 'pass'/'concede'")
        verbs = [k for k in body if k in PLAYER_ACTIONS]
        if len(verbs) != 1:
            raise ScenarioError(f"action {i}: {key}: one of {', '.join(PLAYER_ACTIONS)}, got "
                                f"{sorted(map(str, body))}")
        verb = verbs[0]
        self._unknown_keys(body, frozenset(PLAYER_ACTIONS) | ACTION_OPTIONS, f"action {i}")
        self._label_nth(body.get("targets"))
        if isinstance(body.get("choices"), dict):
            # engine extension: {player: [answers]} when others decide during the action too
            # (an assisting player's payment, 702.132a)
            self._load_choices(body["choices"])
        elif body.get("choices") is not None:
            self._label_nth(body.get("choices"))
            game.decider.load(player.name, _as_list(body["choices"]))
        self._begin_pending_step()
        if verb == "pass":
            if game.priority is not player:
                holder = game.priority.name if game.priority else "nobody"
                raise IllegalActionError("117.3d", f"{player.name} can't pass: {holder} "
                                                   "has priority")
            turn.pass_priority(game)
        elif verb == "concede":
            from rules_engine.mechanics import leave_game

            holder = game.priority
            leave_game.lose(game, player, "104.3a: conceded")
            if not game.game_over:
                # 800.4: play continues; waiting triggers go on the stack before priority
                if holder is None or holder.left:
                    holder = game.next_player(player)
                turn.give_priority(game, holder)
        elif verb == "cast" and body.get("face_down"):
            # engine extension: cast face down with morph, megamorph or disguise (702.37c)
            from rules_engine.mechanics import face_down

            face_down.cast_face_down(game, player, str(body["cast"]),
                                     from_zone=body.get("from", "hand"),
                                     targets=_as_list(body.get("targets")))
        elif verb == "turn_face_up":
            # engine extension: the special action of 702.37e / 702.168d / 701.40b; `how`:
            # morph, disguise or mana (when there is a choice)
            from rules_engine.mechanics import face_down

            face_down.turn_face_up_action(game, player,
                                          self.obj(str(body["turn_face_up"]), "battlefield"),
                                          body.get("how"), _int(body.get("x", 0),
                                                                f"action {i}: x"))
        elif verb == "cast":
            casting.cast(game, player, str(body["cast"]), from_zone=body.get("from", "hand"),
                         targets=_as_list(body.get("targets")),
                         x=_int(body.get("x", 0), f"action {i}: x"))
        elif verb == "play_land":
            casting.play_land(game, player, str(body["play_land"]))
        elif verb == "activate" and body.get("from") == "hand":
            # engine extension: an ability that works in the hand (cycling, 702.29a)
            casting.activate_in_hand(game, player, str(body["activate"]),
                                     _int(body.get("ability", 1), f"action {i}: ability"))
        elif verb == "activate" and body.get("from") == "graveyard":
            # engine extension: an ability that works in a graveyard (unearth, 702.84a)
            from rules_engine.mechanics import graveyard_abilities

            graveyard_abilities.activate_from_graveyard(
                game, player, str(body["activate"]),
                _int(body.get("ability", 1), f"action {i}: ability"),
                targets=_as_list(body.get("targets")), x=_int(body.get("x", 0), f"action {i}: x"))
        elif verb == "activate":
            casting.activate(game, player, str(body["activate"]),
                             _int(body.get("ability", 1), f"action {i}: ability"),
                             targets=_as_list(body.get("targets")),
                             x=_int(body.get("x", 0), f"action {i}: x"))
        elif verb == "attack":
            self.attack(player, _mapping(body["attack"], f"action {i}: attack"))
        elif verb == "block":
            self.block(player, _mapping(body["block"], f"action {i}: block"))
        elif verb == "unlock":
            # engine extension: the Room special action (709.5e), `door` naming the half
            from rules_engine.mechanics import rooms

            rooms.unlock_action(game, player, self.obj(str(body["unlock"]), "battlefield"),
                                body.get("door"))
        elif verb in ("phase_out", "phase_in"):
            from rules_engine.mechanics import phasing

            obj = self.obj(str(body[verb]))
            (phasing.phase_out if verb == "phase_out" else phasing.phase_in)(game, obj)
            turn.give_priority(game, game.priority or game.active)

    def _load_choices(self, choices: Any) -> None:
        if not choices:
            return
        if not isinstance(choices, dict):
            raise ScenarioError("choices of resolve/advance: a mapping {player: [answers]}")
        for pname, answers in choices.items():
            self._label_nth(answers)
            self.game.decider.load(self._player(pname, "choices").name, _as_list(answers))

    def _label_nth(self, values: Any) -> None:
        """Engine extension: an answer "Name #n" names the n-th object of that name (creation
        order); the object gets that label so targets and choices can use it like an id."""
        for value in _as_list(values) or []:
            if not isinstance(value, str) or value.lower() in self.labels:
                continue
            nth = _NTH.match(value)
            if nth is None or self.game.find_objects(value):
                continue
            same = sorted((o for o in self.game.find_objects(nth.group(1))
                           if o.zone != "gone"), key=lambda o: o.oid)
            index = int(nth.group(2))
            if 1 <= index <= len(same) and same[index - 1].label is None:
                same[index - 1].label = value
                self.labels[value.lower()] = same[index - 1]

    def obj(self, key: str, zone: str | None = None) -> GameObject:
        game = self.game
        found = game.find_objects(key)
        if zone:
            found = [o for o in found if o.zone == zone]
        if not found and key.lower() in self.labels:
            return self.labels[key.lower()]
        if not found:
            raise IllegalActionError("109.1", f"no object named {key!r}"
                                              + (f" on the {zone}" if zone else ""))
        if len(found) > 1 and not all(o is found[0] for o in found):
            labelled = [o for o in found if o.label and str(o.label).lower() == key.lower()]
            if len(labelled) == 1:
                return labelled[0]
        return found[0]

    # -- game-level actions ------------------------------------------------------------------
    def resolve(self) -> None:
        game = self.game
        if not game.stack:
            game.note("resolve: the stack is empty; nothing to resolve")
            return
        top = game.stack[-1]
        for _ in range(1000):
            if top not in game.stack or game.game_over or game.priority is None:
                return
            turn.pass_priority(game)
        raise ScenarioError("resolve: the top object never resolved")

    def advance(self, body: dict[str, Any]) -> None:
        """Pass priority (resolving what is on the stack) until the named step of the named
        turn begins. Without ``turn``: the next time that step begins (this turn if it is
        still ahead, else the next turn). ``untap`` and ``cleanup`` have no priority (502.4,
        514.3): advancing to them stops at the first priority at or after their beginning
        (the upkeep after an untap step; after a cleanup step, the next turn's upkeep or a
        cleanup priority when something triggered, 514.3a)."""
        game = self.game
        step = step_name(body.get("step", "upkeep"))
        if step not in STEPS:
            raise ScenarioError(f"advance: unknown step {step!r} (one of {', '.join(STEPS)})")
        here = (game.turn, STEPS.index(game.step))
        if "turn" in body and body["turn"] is not None:
            target_turn = _int(body["turn"], "advance.turn")
        else:
            target_turn = game.turn if STEPS.index(step) > here[1] else game.turn + 1
        there = (target_turn, STEPS.index(step))
        no_priority = step in ("untap", "cleanup")
        if target_turn == game.turn and not no_priority and extra_phases.pending(game):
            self._advance_to_next(step)  # 500.8: added phases repeat steps of this turn
            return
        if there == here:
            return
        if there < here:
            raise ScenarioError(f"advance: turn {target_turn} {step} is in the past "
                                f"(now turn {game.turn} {game.step})")
        if no_priority:
            game.note(f"advance: nobody receives priority in the {step} step (502.4, 514.3); "
                      "stopping at the first priority after it begins")
        for _ in range(5000):
            if game.game_over:
                return
            now = (game.turn, STEPS.index(game.step))
            if now == there or (no_priority and now > there):
                return
            if now > there:
                raise ScenarioError(f"advance: turn {target_turn} {step} did not happen (the "
                                    f"game is at turn {game.turn} {game.step}; skipped steps: "
                                    "506.1, 508.8, 510.4, 724.1d)")
            if game.priority is None:
                raise ScenarioError("advance: nobody has priority")
            turn.pass_priority(game)
        raise ScenarioError("advance: did not arrive")

    def _advance_to_next(self, step: str) -> None:
        """Pass priority until ``step`` next begins in this turn (a turn with added phases,
        500.8, may begin a step again after a later one)."""
        game = self.game
        serial = game.step_serial
        turn_now = game.turn
        for _ in range(5000):
            if game.game_over:
                return
            if game.turn != turn_now:
                raise ScenarioError(f"advance: turn {turn_now} {step} did not happen again (the "
                                    f"game is at turn {game.turn} {game.step})")
            if game.step == step and game.step_serial != serial:
                return
            if game.priority is None:
                raise ScenarioError("advance: nobody has priority")
            turn.pass_priority(game)
        raise ScenarioError("advance: did not arrive")

    def attack(self, player: Player, spec: dict[str, Any]) -> None:
        game = self.game
        if player is not game.active:
            raise IllegalActionError("508.1", f"{player.name} is not the active player")
        if game.step == "main1" and not game.stack:
            self._pass_until(lambda: game.step == "beginning_of_combat")
        if game.step != "beginning_of_combat" or game.stack:
            raise IllegalActionError("508.1", "attackers are declared from the beginning of combat "
                                              "step with an empty stack")
        attacks: dict[GameObject, Any] = {}
        for att_key, def_key in spec.items():
            att = self.obj(str(att_key), "battlefield")
            combat.can_attack(game, att)
            if str(def_key) in game.by_name:
                defender: Any = game.by_name[str(def_key)]
                if defender is player:
                    raise IllegalActionError("508.1b", "a player can't attack themselves")
            else:
                defender = self.obj(str(def_key), "battlefield")
            attacks[att] = defender
        combat.attack_requirements(game, attacks)  # 508.1d: "attacks each combat if able", goad
        game.pending_attacks = attacks
        self._pass_until(lambda: game.step == "declare_attackers")

    def block(self, player: Player, spec: dict[str, Any]) -> None:
        game = self.game
        if game.step != "declare_attackers" or game.stack:
            raise IllegalActionError("509.1", "blockers are declared from the declare attackers "
                                              "step with an empty stack")
        blocks: dict[GameObject, Any] = {}
        for blk_key, att_key in spec.items():
            blk = self.obj(str(blk_key), "battlefield")
            # engine extension: a list of attackers for a creature that can block more (509.1a)
            keys = att_key if isinstance(att_key, list) else [att_key]
            atts = [self.obj(str(k), "battlefield") for k in keys]
            if blk.controller is not player:
                raise IllegalActionError("509.1a", f"{player.name} doesn't control {blk.name}")
            for att in atts:
                combat.can_block(game, blk, att)
            if len(atts) > 1 and len(atts) > combat.block_limit(game, blk):
                raise IllegalActionError("509.1a", f"{blk.name} can block only "
                                                   f"{combat.block_limit(game, blk)} creature(s)")
            blocks[blk] = atts[0] if len(atts) == 1 else atts
        counts = Counter(id(a) for v in blocks.values() for a in combat.blocked_by(v))
        for att in {a for v in blocks.values() for a in combat.blocked_by(v)}:
            from rules_engine import compiled

            if compiled.has_keyword(att, "menace") and counts[id(att)] < 2:
                raise IllegalActionError("702.111b", f"{att.name} has menace: it can't be "
                                                     "blocked except by two or more creatures")
        broken = combat.block_requirement_violation(game, blocks)
        if broken:
            raise IllegalActionError("509.1c", broken)
        game.pending_blocks = blocks
        self._pass_until(lambda: game.step == "declare_blockers")

    def _pass_until(self, cond: Any) -> None:
        game = self.game
        for _ in range(1000):
            if cond() or game.game_over:
                return
            if game.priority is None:
                raise ScenarioError("nobody has priority")
            turn.pass_priority(game)
        raise ScenarioError("the game did not get there")

    # -- expectations ------------------------------------------------------------------------
    def check_expect(self, exp: dict[str, Any], where: str) -> None:
        game = self.game
        fails: list[str] = []

        def want(label: str, expected: Any, actual: Any) -> None:
            if expected != actual:
                fails.append(f"{where}: {label}: expected {expected!r}, actual {actual!r}")

        events = game.events[self.checkpoint:]
        names = [e.name for e in events if e.name != "note"]
        for key, value in exp.items():
            before = len(fails)
            self._at(exp, key)
            try:
                self._check_key(key, value, where, want, fails, names)
            except (ValueError, TypeError, AttributeError, KeyError) as exc:
                raise ScenarioError(f"{where}.{key}: malformed value {value!r} ({exc})") from exc
            line = line_of(exp, key)
            if line is not None:
                fails[before:] = [f"line {line}: {f}" for f in fails[before:]]
        self.checkpoint = len(game.events)
        self.failures.extend(fails)

    def _check_key(self, key: str, value: Any, where: str, want: Any, fails: list[str],
                   names: list[str]) -> None:
        """One ``expect`` key against the game (failures appended to ``fails``)."""
        game = self.game
        if key in ("events", "events_absent", "stack", "lost"):
            value = _as_list(value) or []
        if key in ("life", "zones", "zones_include", "objects", "dungeon", "event_counts"):
            value = _mapping(value, f"{where}.{key}")
        if key in ("events", "events_absent", "event_counts"):
            for ename in value:
                if str(ename) not in SPEC_EVENTS and str(ename) not in self._all_event_names():
                    self.warnings.append(f"line {self.line}: {where}.{key}: {ename!r} is not an "
                                         "event of the format, nor one this game logged")
        if key == "day_night":
            want("day_night", value, game.day_night)
        elif key == "initiative":
            want("initiative", value, game.initiative.name if game.initiative else None)
        elif key == "turn":
            want("turn", int(value), game.turn)
        elif key == "step":
            want("step", step_name(value), game.step)
        elif key == "active":
            want("active", value, game.active.name)
        elif key == "life":
            for pname, life in value.items():
                want(f"life of {pname}", int(life), self._player(pname, where).life)
        elif key in ("zones", "zones_include"):
            self._check_zones(value, key == "zones_include", where, fails)
        elif key == "objects":
            for okey, props in value.items():
                self._check_object(str(okey), props or {}, where, fails)
        elif key == "stack":
            want("stack (top first)", [str(v) for v in value or []],
                 [o.name for o in reversed(game.stack)])
        elif key == "dungeon":
            for pname, d in value.items():
                p = self._player(pname, where)
                actual = None if p.dungeon is None else {"name": p.dungeon.name,
                                                         "room": p.dungeon_room}
                if d is None:
                    want(f"dungeon of {pname}", None, actual)
                else:
                    exp_d = {k: d[k] for k in ("name", "room") if k in d}
                    act_d = {k: actual[k] for k in exp_d} if actual else None
                    want(f"dungeon of {pname}", exp_d, act_d)
        elif key == "lost":
            want("lost", sorted(map(str, value)), sorted(p.name for p in game.players if p.lost))
        elif key == "winner":
            winners = [p.name for p in game.players if p.won]
            want("winner", value, winners[0] if winners else None)
        elif key == "events":
            pos = 0
            for wanted in value or []:
                try:
                    pos = names.index(str(wanted), pos) + 1
                except ValueError:
                    fails.append(f"{where}: events: expected {value} in this order since the "
                                 f"last checkpoint; '{wanted}' missing after position {pos}. "
                                 f"actual: {names}")
                    break
        elif key == "events_absent":
            for unwanted in value or []:
                if unwanted in names:
                    fails.append(f"{where}: events_absent: '{unwanted}' happened "
                                 f"({names.count(unwanted)} times)")
        elif key == "event_counts":
            for ename, n in value.items():
                want(f"event_counts.{ename}", int(n), names.count(ename))
        else:
            fails.append(f"{where}: unknown expectation key {key!r}")

    def _all_event_names(self) -> set[str]:
        return {e.name for e in self.game.events} | _engine_event_names()

    def _check_zones(self, spec: dict[str, Any], include: bool, where: str,
                     fails: list[str]) -> None:
        game = self.game
        for pname, zones in spec.items():
            p = self._player(pname, where)
            for zone, value in _mapping(zones, f"{where}.zones.{pname}").items():
                if zone.endswith("_count"):
                    z = zone[:-6]
                    actual = len(self._zone_objs(p, z))
                    if value is None or int(value) != actual:
                        fails.append(f"{where}: {pname}.{zone}: expected {value}, actual {actual}")
                    continue
                objs = self._zone_objs(p, zone)
                actual_names = [o.name for o in objs]
                value = _entries(value, f"{where}.zones.{pname}.{zone}")
                exp_c = Counter(_norm_name(_entry_name(v)) for v in _expand(value))
                # a multi-face card's full name ("A // B") stands for that card's object
                full = Counter(o.card.name.lower() for o in objs
                               if getattr(o, "card", None) is not None
                               and " // " in o.card.name and o.card.name != o.name)
                for name in [n for n in exp_c if " // " in n and n in full]:
                    by_full = [o.name.lower() for o in objs if getattr(o, "card", None)
                               is not None and o.card.name.lower() == name]
                    n = exp_c.pop(name)
                    for current in by_full[:n]:
                        exp_c[_norm_name(current)] += 1
                    if n > len(by_full):
                        exp_c[name] += n - len(by_full)
                act_c = Counter(_norm_name(n) for n in actual_names)
                ok = (not (exp_c - act_c)) if include else exp_c == act_c
                if not ok:
                    fails.append(f"{where}: {'zones_include' if include else 'zones'} "
                                 f"{pname}.{zone}: expected {sorted(_expand_names(value))}, "
                                 f"actual {sorted(actual_names)}")
        del game

    def _zone_objs(self, p: Player, zone: str) -> list[Any]:
        game = self.game
        if zone == "battlefield":
            return [o for o in game.battlefield if o.controller is p]
        if zone == "stack":
            return [o for o in game.stack if o.controller is p]
        if zone not in ("library", "hand", "graveyard", "exile", "command"):
            raise ScenarioError(f"unknown zone {zone!r}")
        return list(getattr(p, zone))

    def _check_object(self, key: str, props: dict[str, Any], where: str,
                      fails: list[str]) -> None:
        game = self.game
        found = [o for o in game.find_objects(key) if o.zone != "gone"]
        if not found and not key.lower().endswith(" token"):
            # a token named by its subtypes without the word "Token" (111.4: "Goblin Token")
            found = [o for o in game.find_objects(f"{key} Token") if o.zone != "gone"]
        obj = None
        nth = _NTH.match(key)
        if not found and nth is not None and key.lower() not in self.labels:
            # engine extension: "Wind Drake #2" is the 2nd object of that name in the order the
            # objects were made (set-up objects first), for tokens and copies no id can name
            same = sorted((o for o in game.find_objects(nth.group(1)) if o.zone != "gone"),
                          key=lambda o: o.oid)
            index = int(nth.group(2))
            if not 1 <= index <= len(same):
                fails.append(f"{where}: objects.{key}: only {len(same)} objects of that name")
                return
            found = [same[index - 1]]
        if key.lower() in self.labels:
            obj = self.labels[key.lower()]
        elif len(found) == 1:
            obj = found[0]
        elif len(found) > 1:
            fails.append(f"{where}: objects.{key}: the name is not unique ({len(found)} objects)")
            return
        if obj is None:
            if props.get("zone") in ("gone", None) and list(props) == ["zone"]:
                return
            fails.append(f"{where}: objects.{key}: no such object in the game")
            return
        for prop, expected in props.items():
            actual = _prop(obj, prop)
            if prop == "colors":  # [U], [u], [blue]; colorless: [] (105.2c)
                expected = sorted(_COLOR_WORDS.get(str(x).strip().lower(), str(x).strip().lower())
                                  for x in _as_list(expected) or [])
                actual = sorted(str(x).lower() for x in actual)
            elif prop == "keywords":
                expected = sorted(str(x).strip().lower() for x in _as_list(expected) or [])
                actual = sorted(str(x).lower() for x in actual)
            elif prop == "type_line":  # "Creature - Werewolf" = "Creature — Werewolf"
                expected = _norm_type_line(expected)
                actual = _norm_type_line(actual)
            elif isinstance(actual, int) and not isinstance(actual, bool) and \
                    isinstance(expected, str) and expected.strip().lstrip("-").isdigit():
                expected = int(expected)  # power: "6"
            elif prop == "counters":
                expected = {str(k): int(v) for k, v in (expected or {}).items() if int(v)}
            elif prop == "name":
                expected = _norm_name(expected)
                actual = _norm_name(actual)
            if expected != actual:
                fails.append(f"{where}: objects.{key}.{prop}: expected {expected!r}, "
                             f"actual {actual!r}")


_NTH = re.compile(r"^(.+?)\s+#(\d+)$")
_COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


def _norm_type_line(value: Any) -> str:
    text = re.sub(r"\s+[-–—]+\s+", " — ", str(value or ""))
    return " ".join(text.split()).lower()
_LOG_CALL = re.compile(r"\.log\(\s*\"([a-z_]+)\"")


@functools.lru_cache(maxsize=1)
def _engine_event_names() -> frozenset[str]:
    """Every event name the engine's source logs (``game.log("name", ...)``): a name outside
    these and the format's list cannot ever happen, so checking for it is surely a typo."""
    root = Path(__file__).resolve().parent
    names: set[str] = set()
    for path in root.rglob("*.py"):
        names.update(_LOG_CALL.findall(path.read_text(encoding="utf-8")))
    return frozenset(names)


def _prop(obj: GameObject, prop: str) -> Any:
    if prop == "name":
        return obj.name
    if prop == "face":
        return "back" if obj.transformed and obj.zone in ("battlefield", "stack") else "front"
    if prop == "zone":
        return obj.zone
    if prop == "face_down":  # engine extension (708)
        return obj.face_down is not None
    if prop in ("tapped", "prepared", "phased_out", "token", "damage"):
        return getattr(obj, prop)
    if prop == "power":
        return obj.power
    if prop == "toughness":
        return obj.toughness
    if prop == "counters":
        return {k: v for k, v in obj.counters.items() if v}
    if prop in ("controller", "owner"):
        return getattr(obj, prop).name
    if prop == "colors":
        return list(obj.colors)
    if prop == "type_line":
        return obj.type_line  # after type-changing effects (205.1a, 613.1d)
    if prop == "keywords":
        from rules_engine import abilities as ab
        from rules_engine import compiled

        # the keyword abilities it has now: a "loses all abilities" effect (613.1f) removes
        # them from compiled.object_abilities; static grants live in static_mods
        found = {a.name.lower() for a in compiled.object_abilities(obj)
                 if isinstance(a, ab.KeywordAbility)}
        if not compiled.lost_any(obj):  # (after a loss, the list above has them, 613.1f)
            for m in obj.static_mods:
                found.update(m.keywords)
        return sorted(found)
    if prop == "loyalty":
        return obj.loyalty
    if prop == "summoning_sick":
        return obj.sick
    if prop == "attacking":
        return obj.attacking is not None
    if prop == "mana_value":  # 202.3 (an engine extension of the format, for rulings)
        from rules_engine.mana import parse_cost

        face = obj.face
        card = obj.card
        if card is not None and card.back is not None and face is card.back:
            face = card.front  # 712.8c/e: a back face up uses the front face's mana cost
        return parse_cost(face.mana_cost).mana_value
    raise ScenarioError(f"unknown object property {prop!r}")


def _entry_name(v: Any) -> str:
    return str(v["card"]) if isinstance(v, dict) else str(v)


def _expand(values: list[Any]) -> list[Any]:
    out = []
    for v in values:
        n = int(v.get("count", 1)) if isinstance(v, dict) else 1
        out.extend([v] * n)
    return out


def _expand_names(values: list[Any]) -> list[str]:
    return [_entry_name(v) for v in _expand(values or [])]


def _as_list(value: Any) -> list[Any] | None:
    if value is None:
        return None
    if isinstance(value, list):
        return value
    return [value]


def run_scenario(scn: dict[str, Any], source: CardSource, file: Path | None = None
                 ) -> ScenarioResult:
    """Play one scenario mapping; never raises for a failing scenario."""
    return Runner(scn, source, file).run()


def run_file(path: Path | str, source: CardSource) -> list[ScenarioResult]:
    """Play every scenario of one file. A file that is not a scenario file gives one failed,
    not-loaded result naming the file and line; an item of a list that is not a mapping
    fails alone, and the file's other scenarios still run."""
    path = Path(path)
    try:
        items = load_documents(path)
    except ScenarioError as exc:
        return [ScenarioResult(str(path), path.name, False, [str(exc)], loaded=False)]
    results = []
    for n, (item, line) in enumerate(items, 1):
        if isinstance(item, dict):
            results.append(run_scenario(item, source, path))
        else:
            results.append(ScenarioResult(
                str(path), f"{path.name} item {n}", False,
                [f"{path}: line {line}: a scenario is a mapping, not {item!r}"], loaded=False))
    return results
