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
- a file may hold one scenario, a list of them, or several YAML documents (``---``) of either.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rules_engine.errors import ScenarioError

_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same result


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
    """SafeLoader building :class:`LineMap` / :class:`LineList` and refusing duplicate keys."""


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


def load_documents(path: Path) -> list[tuple[Any, int | None]]:
    """Every scenario item of the file with its line (non-mapping items too, for the caller
    to report one by one); raises :class:`ScenarioError` naming the file and line when the
    file is not readable YAML or holds no scenario."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{path}: not UTF-8 text (byte {exc.start})") from exc
    try:
        docs = list(yaml.load_all(text, Loader=_Loader))
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{path}: not valid YAML: {yaml_error_line(exc)}") from exc
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from exc
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
    return items
