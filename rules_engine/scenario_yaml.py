"""Reading scenario YAML with line numbers, so a malformed scenario's error names its line.

Why a module of its own: the scenario format (spec/scenarios.md) is written by hand, by people
who never saw the runner; an error has to point at the line to fix ("line 14: actions[3]:
..."), and a file must lose nothing silently. PyYAML's plain loaders forget where a value came
from and keep the last of two equal keys; this loader keeps both facts:

- every mapping is a :class:`LineMap` (a ``dict``) knowing its own line and each key's line,
  every sequence a :class:`LineList` knowing each item's line;
- a key given twice in one mapping is an error naming both lines (YAML 1.2 requires unique
  keys; keeping only one would drop a check without a word), reported for the scenario that
  holds it, so the file's other scenarios still run;
- a file may hold one scenario, a list of them, or several YAML documents (``---``) of either;
- a file nobody here wrote cannot hang or exhaust the process (issue 10): its size, its nesting
  depth and its node count *after alias expansion* are capped before anything is constructed
  (a 620-byte "billion laughs" file of nested anchors is refused at once, not expanded by the
  code that walks it later), an alias may not point into itself, and every card entry's
  ``count`` and every zone's card total are checked here with the line to fix. The limits are
  the module's ``MAX_*`` constants, documented in docs/cli.md (``mtgkit play``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rules_engine.errors import ScenarioError

_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same result

# Limits on one scenario file (docs/cli.md, `mtgkit play`); the shipped scenarios are under
# 8 KB, under 1,000 nodes, under 10 levels deep, use no alias and no count above 20.
MAX_FILE_BYTES = 1_048_576     # 1 MiB of YAML text
MAX_NODES = 200_000            # nodes of one document, an alias counted as what it repeats
MAX_ALIASES = 1_000            # alias uses (``*name``) in one document
MAX_DEPTH = 64                 # nested collections
MAX_ENTRY_COUNT = 1_000        # ``count`` of one card entry
MAX_ZONE_CARDS = 1_000         # cards listed in one zone of one player
MAX_SCENARIO_CARDS = 5_000     # cards set up in a scenario's ``state``, every zone together


class LineMap(dict):
    """A mapping from the YAML file, with the 1-based line of itself and of each key."""

    line: int | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_lines: dict[Any, int] = {}
        self.duplicates: list[str] = []

    def line_of(self, key: Any) -> int | None:
        """The line of ``key`` (of the mapping itself when the key is absent)."""
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A sequence from the YAML file, with the 1-based line of itself and of each item."""

    line: int | None = None

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int | None:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


def line_of(container: Any, key: Any) -> int | None:
    """The line of ``container[key]`` when ``container`` came from this loader, else None."""
    finder = getattr(container, "line_of", None)
    return finder(key) if finder is not None else None


class _Loader(_BASE):  # type: ignore[misc, valid-type]
    """SafeLoader building :class:`LineMap` / :class:`LineList` and refusing duplicate keys,
    and refusing, before construction, a node graph over the size and depth limits."""

    def construct_document(self, node: yaml.Node) -> Any:
        check_node_graph(node)
        return super().construct_document(node)


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def check_node_graph(root: yaml.Node) -> None:
    """Raise :class:`ScenarioError` when the composed document ``root`` would expand to more
    than :data:`MAX_NODES` nodes, nests deeper than :data:`MAX_DEPTH`, uses more than
    :data:`MAX_ALIASES` aliases or holds an alias to a collection that contains it.

    Why on the node graph: the composer keeps one node per anchor and an alias is the same
    node object reached again, so the graph stays as small as the text; its *expanded* size
    (each node counted once per way it is reached) is what any walk of the constructed value
    costs. One post-order pass, memoised per node, computes it in time linear in the graph.
    """
    size: dict[int, int] = {}      # id(node) -> expanded node count of its subtree
    height: dict[int, int] = {}    # id(node) -> nesting depth of its subtree
    open_: set[int] = set()        # collections on the current path (an alias back = a cycle)
    aliases = 0
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            open_.discard(key)
            total = 1 + sum(size[id(c)] for c in children)
            deep = 1 + max((height[id(c)] for c in children), default=0)
            if total > MAX_NODES:
                raise ScenarioError(
                    f"line {_line(node)}: the YAML document expands to more than {MAX_NODES:,} "
                    "nodes (aliases counted as what they repeat); limit MAX_NODES")
            if deep > MAX_DEPTH:
                raise ScenarioError(f"line {_line(node)}: YAML nested more than {MAX_DEPTH} "
                                    "levels deep; limit MAX_DEPTH")
            size[key], height[key] = total, deep
            continue
        if key in open_:
            raise ScenarioError(f"line {_line(node)}: a YAML alias refers to a collection that "
                                "contains it (a recursive structure)")
        if key in size:
            aliases += 1
            if aliases > MAX_ALIASES:
                raise ScenarioError(f"line {_line(node)}: more than {MAX_ALIASES:,} YAML alias "
                                    "uses in one document; limit MAX_ALIASES")
            continue
        if not children:
            size[key], height[key] = 1, 1
            continue
        open_.add(key)
        stack.append((node, True))
        if len(open_) > MAX_DEPTH:
            raise ScenarioError(f"line {_line(node)}: YAML nested more than {MAX_DEPTH} levels "
                                "deep; limit MAX_DEPTH")
        for child in reversed(children):
            if id(child) in open_:
                raise ScenarioError(
                    f"line {_line(child)}: a YAML alias refers to a collection that contains "
                    "it (a recursive structure)")
            stack.append((child, False))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _construct_map(loader: Any, node: yaml.MappingNode) -> LineMap:
    loader.flatten_mapping(node)  # "<<" merge keys, as SafeLoader does
    data = LineMap()
    data.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        try:
            seen = key in data
        except TypeError as exc:  # a list or mapping used as a key
            raise yaml.constructor.ConstructorError(
                None, None, f"unhashable key {key!r}", key_node.start_mark) from exc
        if seen:  # reported when that scenario runs (the file's other scenarios still do)
            data.duplicates.append(
                f"line {line}: key {key!r} given twice in one mapping (first on line "
                f"{data.key_lines[key]}); YAML keys must be unique")
            continue
        data[key] = loader.construct_object(value_node, deep=True)
        data.key_lines[key] = line
    return data


def duplicate_keys(value: Any) -> list[str]:
    """Every "key given twice" found in ``value`` and the mappings inside it."""
    found: list[str] = []
    if isinstance(value, dict):
        found.extend(getattr(value, "duplicates", ()))
        for v in value.values():
            found.extend(duplicate_keys(v))
    elif isinstance(value, list):
        for v in value:
            found.extend(duplicate_keys(v))
    return found


def _construct_seq(loader: Any, node: yaml.SequenceNode) -> LineList:
    data = LineList(loader.construct_object(child, deep=True) for child in node.value)
    data.line = node.start_mark.line + 1
    data.item_lines = [child.start_mark.line + 1 for child in node.value]
    return data


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


def yaml_error_line(exc: yaml.YAMLError) -> str:
    """One line for a YAML syntax error: ``line L, column C: problem``."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    text = f"{context}: {problem}" if context and problem else str(problem)
    if mark is None:
        return text
    return f"line {mark.line + 1}, column {mark.column + 1}: {text}"


def _read_text(path: Path) -> str:
    """The file's text, refusing more than :data:`MAX_FILE_BYTES` without reading it all."""
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read ({exc.strerror})") from exc
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes, the limit for a "
                            "scenario file (MAX_FILE_BYTES)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ScenarioError(f"{path}: line {line}: not UTF-8 text (byte {exc.start})") from exc


def load_documents(path: Path) -> list[tuple[Any, int | None]]:
    """Every scenario item of the file with its line (non-mapping items too, for the caller
    to report one by one); raises :class:`ScenarioError` naming the file and line when the
    file is not readable YAML, holds no scenario, or passes a limit (``MAX_*``)."""
    path = Path(path)
    text = _read_text(path)
    try:
        docs = list(yaml.load_all(text, Loader=_Loader))
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{path}: not valid YAML: {yaml_error_line(exc)}") from exc
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from exc
    except RecursionError as exc:  # the pure-Python composer without libyaml, on deep nesting
        raise ScenarioError(f"{path}: YAML nested too deeply (limit MAX_DEPTH = {MAX_DEPTH})"
                            ) from exc
    items: list[tuple[Any, int | None]] = []
    for doc in docs:
        if doc is None:
            continue  # an empty document (e.g. a trailing "---")
        if isinstance(doc, list):
            items.extend((item, line_of(doc, i)) for i, item in enumerate(doc))
        else:
            items.append((doc, line_of(doc, None) if isinstance(doc, LineMap) else None))
    if not items:
        raise ScenarioError(f"{path}: empty file: a scenario file holds a mapping or a list of "
                            "mappings")
    for item, _line_no in items:
        try:
            check_card_counts(item)
        except ScenarioError as exc:
            raise ScenarioError(f"{path}: {exc}") from exc
    return items


def _at(container: Any, key: Any) -> str:
    line = line_of(container, key)
    return f"line {line}: " if line is not None else ""


def check_card_counts(scenario: Any) -> None:
    """Raise :class:`ScenarioError` (``line L: where: ...``) for a card entry whose ``count``
    is not a whole number from 1 to :data:`MAX_ENTRY_COUNT`, a zone listing more than
    :data:`MAX_ZONE_CARDS` cards, or a ``state`` of more than :data:`MAX_SCENARIO_CARDS`.

    A card entry is a mapping with a ``card`` key, wherever it stands (``state`` zones,
    ``expect`` zone lists); a zone is a list under a player of ``state.players`` or of a
    ``zones`` expectation. Checked on the loaded value, before the runner expands any count.
    """
    if not isinstance(scenario, dict):
        return
    _entry_counts(scenario, "")
    state = scenario.get("state")
    players = state.get("players") if isinstance(state, dict) else None
    total = _zones_total(players, "state.players") if isinstance(players, dict) else 0
    if total > MAX_SCENARIO_CARDS:
        raise ScenarioError(f"{_at(state, 'players')}state.players: {total:,} cards set up, "
                            f"more than the {MAX_SCENARIO_CARDS:,} a scenario may hold "
                            "(MAX_SCENARIO_CARDS)")
    for where, zones in _zone_expectations(scenario, ""):
        _zones_total(zones, where)


def _entry_counts(value: Any, where: str) -> None:
    """Every card entry's ``count`` inside ``value`` (iterative: the depth is bounded, but a
    recursion per level would still cost a frame each)."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, dict):
            if "card" in node and "count" in node:
                _count_of(node, at)
            stack.extend((v, f"{at}.{k}" if at else str(k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, f"{at}[{i}]") for i, v in enumerate(node))


def _count_of(entry: dict[Any, Any], where: str) -> int:
    """An entry's ``count`` (1 when absent), checked."""
    if "count" not in entry:
        return 1
    value = entry["count"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{_at(entry, 'count')}{where}.count: expected a whole number of "
                            f"copies, got {value!r}")
    if value < 1:
        raise ScenarioError(f"{_at(entry, 'count')}{where}.count: {value} copies; a count is "
                            "at least 1")
    if value > MAX_ENTRY_COUNT:
        raise ScenarioError(f"{_at(entry, 'count')}{where}.count: {value:,} copies, more than "
                            f"the {MAX_ENTRY_COUNT:,} one entry may ask for (MAX_ENTRY_COUNT)")
    return value


def _zones_total(players: Any, where: str) -> int:
    """Cards listed in every zone of ``players`` ({player: {zone: [entries]}}), each zone
    checked against :data:`MAX_ZONE_CARDS`; the total."""
    total = 0
    if not isinstance(players, dict):
        return 0
    for player, zones in players.items():
        if not isinstance(zones, dict):
            continue
        for zone, entries in zones.items():
            if not isinstance(entries, list):
                continue
            cards = sum(_count_of(e, f"{where}.{player}.{zone}[{i}]") if isinstance(e, dict)
                        else 1 for i, e in enumerate(entries))
            if cards > MAX_ZONE_CARDS:
                raise ScenarioError(f"{_at(zones, zone)}{where}.{player}.{zone}: {cards:,} cards, "
                                    f"more than the {MAX_ZONE_CARDS:,} a zone may hold "
                                    "(MAX_ZONE_CARDS)")
            total += cards
    return total


def _zone_expectations(value: Any, where: str) -> list[tuple[str, Any]]:
    """Every ``zones`` mapping of an expectation inside ``value``, with where it stands."""
    found: list[tuple[str, Any]] = []
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "zones" and isinstance(v, dict):
                    found.append((f"{at}.zones" if at else "zones", v))
                stack.append((v, f"{at}.{k}" if at else str(k)))
        elif isinstance(node, list):
            stack.extend((v, f"{at}[{i}]") for i, v in enumerate(node))
    return found
