"""The shape of the code, kept so: no import circles, no module over 1,500 lines, layers.

Why a test: a circle or an upward import is always the easy way to make one more rule compile,
so without a check the layers dissolve one convenient import at a time. The graph is built by
``ast`` over every import statement, function-level imports included (an import moved into a
function to dodge a circular import is still a circle in the design). Only explicit edges count:
``from rules_engine import game`` is an edge to ``rules_engine.game``, not to the package
``__init__`` (which every import runs, and which is where the registries get filled).

Run as a script for the report: ``python tests/test_architecture.py``.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("rules_engine", "mtgkit", "db", "scraper", "classifier")
MAX_LINES = 1500
# A grammar may recurse: circles wholly inside the Oracle-text compiler are allowed.
CIRCLE_OK_PREFIX = "rules_engine.text"

# The declared layers of rules_engine, bottom first. A module may import its own layer and the
# layers below it, never one above (docs/architecture.md draws the same table). A module not
# listed fails the test, so a new module has to say where it belongs.
LAYERS: dict[str, int] = {}
_LAYER_NAMES = ("base", "state", "characteristics", "rules core", "effects", "mechanics",
                "runners")
_LAYER_TABLE = {
    # 0 base: plain records and protocols, no game
    "base": ["errors", "cards", "events", "decisions", "abilities", "records", "registry", "data",
             "text"],
    # 1 state: objects, players, zones, designations, mana pool, the event log; no rules
    "state": ["objects", "game", "compiled", "mana", "context"],
    # 2 characteristics: questions about the state (613 layers, targets, amounts, conditions)
    "characteristics": ["statics", "targeting", "amounts", "amount_families", "amount_more",
                        "amount_extra",
                        "conditions", "conditions_more", "cost_modifiers", "statics_more",
                        "phyrexian",
                        "statics_players", "statics_spells",
                        # split cards (709): only questions about a card's halves, asked while
                        # casting; no hooks, so it sits below the core that imports it
                        "mechanics.split"],
    # 3 rules core: stack and priority, casting, activating, SBA, triggers, combat, the turn
    "rules core": ["casting", "sba", "triggers", "combat", "turn", "permanents", "resolve"],
    # 4 effects: one handler per effect kind, registered by family
    "effects": ["effects"],
    # 5 mechanics: one module per mechanic, registering hooks
    "mechanics": ["mechanics"],
    # 6 runners: scenario, simulation, support audit, rulings check; and the registration
    "runners": ["scenario", "scenario_yaml", "simulate", "sim_runner", "support",
                "rulings_check", "deckfile", "registry_setup", "sim_ray", "__init__",
                # the coverage report lives in text/ but measures the engine (support.not_run)
                "text.coverage",
                # the keyword table of docs/keywords.md (reads support.not_run too)
                "keyword_table"],
}
for _layer, _names in _LAYER_TABLE.items():
    for _name in _names:
        LAYERS[_name] = _LAYER_NAMES.index(_layer)


@dataclass(frozen=True)
class Edge:
    """One import: which module imports which, where, and the names it takes."""

    src: str
    dst: str
    path: str
    line: int
    names: tuple[str, ...]

    def __str__(self) -> str:
        names = f" ({', '.join(self.names)})" if self.names else ""
        return f"{self.path}:{self.line}: {self.src} -> {self.dst}{names}"


def module_files() -> dict[str, Path]:
    """Every .py module of the packages, by dotted name."""
    out: dict[str, Path] = {}
    for pkg in PACKAGES:
        for path in sorted((REPO / pkg).rglob("*.py")):
            rel = path.relative_to(REPO).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The longest known module that ``name`` is, or lies in."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def import_edges() -> list[Edge]:
    """Every import between modules of the packages, function-level ones included."""
    modules = module_files()
    edges: list[Edge] = []
    for mod, path in modules.items():
        is_pkg = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = str(path.relative_to(REPO))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    dst = _resolve(alias.name, modules)
                    if dst and dst != mod:
                        edges.append(Edge(mod, dst, rel, node.lineno, (alias.name,)))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    dst = sub if sub in modules else _resolve(target, modules)
                    if dst and dst != mod:
                        edges.append(Edge(mod, dst, rel, node.lineno, (alias.name,)))
    return edges


def circles(edges: list[Edge]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.src, set()).add(e.dst)
        graph.setdefault(e.dst, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    comps: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        comps.append(sorted(comp))
    return comps


def bad_circles(edges: list[Edge]) -> list[tuple[list[str], list[Edge]]]:
    """Circles not wholly inside the text grammar, each with the imports that make it."""
    out = []
    for comp in circles(edges):
        if all(m.startswith(CIRCLE_OK_PREFIX) for m in comp):
            continue
        members = set(comp)
        inside = [e for e in edges if e.src in members and e.dst in members]
        out.append((comp, inside))
    return out


def layer_of(module: str) -> int | None:
    """The declared layer of a rules_engine module (by its first component under the package)."""
    parts = module.split(".")
    if parts[0] != "rules_engine":
        return None
    if len(parts) > 2 and ".".join(parts[1:3]) in LAYERS:  # a module with its own row
        return LAYERS[".".join(parts[1:3])]
    key = parts[1] if len(parts) > 1 else "__init__"
    return LAYERS.get(key)


def upward_imports(edges: list[Edge]) -> list[Edge]:
    """rules_engine imports from a lower layer to a higher one."""
    out = []
    for e in edges:
        lo, hi = layer_of(e.src), layer_of(e.dst)
        if lo is None or hi is None:
            continue
        if hi > lo:
            out.append(e)
    return out


def long_modules() -> list[tuple[str, int]]:
    """Every .py file of the project (tests and bench too) over the limit."""
    out = []
    for path in sorted(REPO.rglob("*.py")):
        rel = path.relative_to(REPO)
        if rel.parts[0].startswith(".") or "site-packages" in rel.parts:
            continue
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            out.append((str(rel), n))
    return out


def test_no_import_circles() -> None:
    found = bad_circles(import_edges())
    msg = []
    for comp, inside in found:
        msg.append(f"circle of {len(comp)}: {', '.join(comp)}")
        msg.extend(f"    {e}" for e in inside)
    assert not found, "import circles:\n" + "\n".join(msg)


def test_no_module_over_limit() -> None:
    found = long_modules()
    assert not found, f"modules over {MAX_LINES} lines: " + ", ".join(
        f"{p} ({n})" for p, n in found)


def test_every_rules_engine_module_has_a_layer() -> None:
    missing = sorted(m for m in module_files() if m.startswith("rules_engine")
                     and layer_of(m) is None)
    assert not missing, "rules_engine modules with no declared layer (add them to LAYERS): " + \
        ", ".join(missing)


def test_rules_engine_layers_import_only_downward() -> None:
    up = upward_imports(import_edges())
    assert not up, f"{len(up)} imports from a lower layer up to a higher one:\n" + "\n".join(
        f"    {e}  [{_LAYER_NAMES[layer_of(e.src)]} -> {_LAYER_NAMES[layer_of(e.dst)]}]"
        for e in up)


def test_text_compiler_never_imports_the_engine() -> None:
    """The Oracle-text compiler produces ability records (rules_engine.abilities, the base
    layer) and reads nothing of the game. (text.coverage is a runner kept in text/: declared as
    such in LAYERS.)"""
    bad = [e for e in import_edges() if e.src.startswith("rules_engine.text")
           and layer_of(e.src) == 0 and e.dst.startswith("rules_engine")
           and not e.dst.startswith("rules_engine.text") and layer_of(e.dst) != 0]
    assert not bad, "the Oracle-text compiler imports the engine:\n" + "\n".join(
        f"    {e}" for e in bad)


def main() -> int:
    edges = import_edges()
    found = bad_circles(edges)
    print(f"{len(edges)} import edges; {len(found)} circle(s) outside {CIRCLE_OK_PREFIX}")
    for comp, inside in found:
        print(f"  circle of {len(comp)} modules, {len(inside)} imports: {', '.join(comp)}")
    up = upward_imports(edges)
    print(f"{len(up)} upward imports in rules_engine")
    for e in up:
        print(f"  {e}")
    longest = max(((str(p.relative_to(REPO)), len(p.read_text().splitlines()))
                   for p in module_files().values()), key=lambda t: t[1])
    print(f"largest package module: {longest[0]} ({longest[1]} lines); over {MAX_LINES}: "
          f"{long_modules()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
