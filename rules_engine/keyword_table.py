"""The keyword table: every keyword ability (CR 702) and keyword action (CR 701) printed on 3 or
more cards of a card pool, with whether the engine runs it (``docs/keywords.md``).

Why: "which keywords does the engine not play" must be an answer that stays true as handlers
are added, not a list somebody once wrote. So the table is computed: the keyword names and rule
numbers are read from the Comprehensive Rules text, the cards that carry each keyword from the
pool (Scryfall's ``keywords`` field, and for keyword actions Scryfall does not list, the Oracle
text), and the status from the support audit (:func:`rules_engine.support.not_run`): a keyword
is *run* when no pool card that has it is left with a ``keyword:<name>`` /
``keyword_action:<name>`` label or an unsupported keyword line; *reported* when it has no effect
in a two-player game (:data:`rules_engine.support.KEYWORDS_WITHOUT_EFFECT`, with the reason);
*not run* otherwise (with how many cards it blocks). ``tests/rules_engine/test_keyword_table.py``
regenerates the table and compares it with ``docs/keywords.md``.

Run ``python -m rules_engine.keyword_table POOL RULES > docs/keywords.md`` to rewrite it.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_engine.support import KEYWORDS_WITHOUT_EFFECT, engine_tables, not_run
from rules_engine.text.compiler import compile_card

MIN_CARDS = 3

# Scryfall keyword names that are a form of one rule's keyword (702.29e-f typecycling and
# landcycling, 702.14 landwalk, 702.37b megamorph, 702.33 multikicker, 702.89 totem armor,
# 702.124 partner with, 702.145 daybound / nightbound, 702.11 hexproof from).
_FORMS: dict[str, str] = {
    "megamorph": "702.37", "multikicker": "702.33", "totem armor": "702.89",
    "umbra armor": "702.89", "partner with": "702.124", "daybound": "702.145",
    "nightbound": "702.145", "hexproof from": "702.11", "landcycling": "702.29",
    "basic landcycling": "702.29", "typecycling": "702.29", "venture into the dungeon": "701.49",
    "tap": "701.26", "untap": "701.26", "manifest dread": "701.62",
}
_CYCLING_RE = re.compile(r"^\w+cycling$")
_WALK_RE = re.compile(r"^\w+walk$")
# How the compiler names a keyword that Scryfall names otherwise (the audit's label).
_LABELS: dict[str, tuple[str, ...]] = {
    "702.29": ("typecycling", "cycling"), "702.124": ("partner", "partner with"),
    "702.145": ("daybound", "nightbound"), "702.37": ("morph", "megamorph"),
    "702.33": ("kicker", "multikicker"), "702.89": ("umbra armor", "totem armor"),
    "702.11": ("hexproof", "hexproof from"),
}
# Keyword actions whose Oracle wording differs from the rule's title (the text form counted).
_ACTION_TEXT: dict[str, str] = {
    "701.26": r"\b(?:tap|untap)s?\b", "701.49": r"\bventures? into the (?:dungeon|undercity)",
    "701.54": r"\bthe ring tempts you\b", "701.51": r"\bopen an attraction\b",
    "701.52": r"\broll to visit your attractions\b", "701.57": r"\bdiscover (?:\d+|x)\b",
    "701.38": r"\bvotes?\b", "701.55": r"\bvillainous choice\b",
    "701.56": r"\btime travel\b", "701.59": r"\bcollects? evidence\b",
}
# Keyword actions that are core verbs: every effect family uses them, through its own effect
# record (Destroy, Exile, Sacrifice ...), not through a keyword-action handler.
_CORE_VERBS = frozenset({
    "701.2", "701.3", "701.5", "701.6", "701.7", "701.8", "701.9", "701.12", "701.13", "701.18",
    "701.20", "701.21", "701.23", "701.24", "701.26",
})


@dataclass
class KeywordRow:
    """One keyword of the table."""

    rule: str
    name: str
    kind: str                    # "ability" (702) or "action" (701)
    cards: set[str] = field(default_factory=set)
    blocked: set[str] = field(default_factory=set)
    supported: set[str] = field(default_factory=set)

    @property
    def status(self) -> str:
        """"run", "reported: <why>" or "not run (N cards)"."""
        key = self.name.lower()
        if key in KEYWORDS_WITHOUT_EFFECT:
            return f"reported: {KEYWORDS_WITHOUT_EFFECT[key]}"
        if self.rule in _CORE_VERBS:
            return "run (core verb: its own effect records)"
        if self.blocked:
            return f"not run ({len(self.blocked)} cards)"
        return "run"


def rule_keywords(rules_text: str) -> dict[str, tuple[str, str]]:
    """rule number -> (title, "ability"/"action") for every 701.N / 702.N entry."""
    out: dict[str, tuple[str, str]] = {}
    for m in re.finditer(r"^(70[12])\.(\d+)\. (.+?)\s*$", rules_text, re.M):
        part, num, title = m.groups()
        if num == "1" or len(title) > 60:
            continue
        out[f"{part}.{num}"] = (title, "action" if part == "701" else "ability")
    return out


def _card_text(card: dict) -> str:
    faces = card.get("card_faces") or [card]
    return "\n".join(str(f.get("oracle_text") or "") for f in faces if isinstance(f, dict)) \
        or str(card.get("oracle_text") or "")


def _strip_reminders(text: str) -> str:
    return re.sub(r"\([^)]*\)", "", text)


def keyword_rules_of(card: dict, by_name: dict[str, str],
                     action_res: dict[str, re.Pattern[str]]) -> set[str]:
    """The 701/702 rule numbers a card carries: its Scryfall keywords, and keyword actions
    found in its Oracle text (reminder text removed)."""
    found: set[str] = set()
    for kw in card.get("keywords") or ():
        k = str(kw).lower()
        rule = _FORMS.get(k) or by_name.get(k)
        if rule is None and _CYCLING_RE.match(k):
            rule = "702.29"
        if rule is None and _WALK_RE.match(k):
            rule = "702.14"
        if rule is not None:
            found.add(rule)
    text = _strip_reminders(_card_text(card)).lower()
    for rule, rx in action_res.items():
        if rule not in found and rx.search(text):
            found.add(rule)
    return found


def _action_patterns(rules: dict[str, tuple[str, str]]) -> dict[str, re.Pattern[str]]:
    out = {}
    for rule, (title, kind) in rules.items():
        if kind != "action" or rule in _CORE_VERBS:
            continue
        words = _ACTION_TEXT.get(rule) or (r"\b" + re.escape(title.lower()) + r"(?:s|es|ed)?\b")
        out[rule] = re.compile(words)
    return out


def _labels(rule: str, title: str, kind: str) -> set[str]:
    names = set(_LABELS.get(rule, ())) | {title.lower()}
    if rule == "702.14":
        names.add("landwalk")
    prefix = "keyword_action:" if kind == "action" else "keyword:"
    return {prefix + n for n in names}


def _keyword_line(clause: str, name: str) -> bool:
    """An unsupported clause that is the keyword's own line ("flanking", "bushido 2",
    "reconfigure {2}", "ward—pay 3 life"), not a clause that mentions it."""
    return re.match(re.escape(name) + r"(?:$|[ ,;]+(?:[{\d]|x\b|—|[a-z]+$)|—)", clause) \
        is not None


def measure(cards: Iterable[dict], rules_text: str, *,
            minimum: int = MIN_CARDS) -> list[KeywordRow]:
    """The rows of keywords on ``minimum`` or more cards, by rule number."""
    rules = rule_keywords(rules_text)
    by_name = {title.lower(): rule for rule, (title, _k) in rules.items()}
    action_res = _action_patterns(rules)
    rows = {rule: KeywordRow(rule, title, kind) for rule, (title, kind) in rules.items()}
    tables = engine_tables()
    for card in cards:
        if not isinstance(card, dict) or not card.get("name"):
            continue
        found = keyword_rules_of(card, by_name, action_res)
        if not found:
            continue
        compiled = compile_card(card)
        labels = set(not_run(compiled, tables))
        clauses = [" ".join(_strip_reminders(c).lower().split()) for c in compiled.unsupported]
        fully = not clauses and not labels
        name = str(card["name"])
        for rule in found:
            row = rows[rule]
            row.cards.add(name)
            if fully:
                row.supported.add(name)
            mine = _labels(rule, row.name, row.kind)
            if labels & mine or (row.kind == "ability" and any(
                    _keyword_line(c, n.split(":", 1)[1]) for c in clauses for n in mine)):
                row.blocked.add(name)
    kept = [r for r in rows.values() if len(r.cards) >= minimum]
    return sorted(kept, key=lambda r: tuple(int(p) for p in r.rule.split(".")))


def read_cards(path: str | Path) -> list[dict]:
    """Card objects of a ``.jsonl`` / ``.jsonl.gz`` file."""
    p = Path(path)
    opener: Any = gzip.open if p.suffix == ".gz" else open
    with opener(p, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def render(rows: list[KeywordRow]) -> str:
    """The Markdown page ``docs/keywords.md``."""
    run = sum(1 for r in rows if r.status.startswith("run"))
    reported = sum(1 for r in rows if r.status.startswith("reported"))
    lines = [
        "# Keywords on 3 or more pool cards, and whether the engine runs them",
        "",
        "Generated by `python -m rules_engine.keyword_table ../shared/data/pool/cards.jsonl.gz "
        "\"../shared/data/rules/MagicCompRules 20260417.txt\" > docs/keywords.md`; "
        "`tests/rules_engine/test_keyword_table.py` regenerates it and fails when it is not "
        "true any more.",
        "",
        "*run*: no pool card with the keyword is left with that keyword unrun "
        "(`mtgkit coverage` label `keyword:<name>` / `keyword_action:<name>`, or an "
        "unsupported keyword line); the card may still be blocked by another clause, see "
        "*fully supported*. *reported*: no effect in a two-player game, listed by "
        "`mtgkit coverage` with the reason. *not run*: cards whose keyword the engine does not "
        "run yet.",
        "",
        f"{len(rows)} keywords: {run} run, {reported} reported, "
        f"{len(rows) - run - reported} not run.",
        "",
        "| rule | keyword | kind | cards | fully supported | status |",
        "| --- | --- | --- | ---: | ---: | --- |",
    ]
    for r in rows:
        lines.append(f"| {r.rule} | {r.name} | {r.kind} | {len(r.cards)} | {len(r.supported)} "
                     f"| {r.status} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m rules_engine.keyword_table POOL RULES``: print the page."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    rules_text = Path(args[1]).read_text(encoding="utf-8-sig")
    sys.stdout.write(render(measure(read_cards(args[0]), rules_text)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
