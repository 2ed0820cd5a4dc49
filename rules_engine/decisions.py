"""Decisions players make during the game, answered from a script or by a default policy.

Scenario scripts answer decisions in order (``choices``). Unanswered, a non-strict game takes
the first legal option in the documented order ("may" = no, 603.5) and logs that it did; a
strict game raises :class:`DecisionError`. A simulated game plugs in its own chooser.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from rules_engine.errors import DecisionError

YES = {"yes", "true", "y"}
NO = {"no", "false", "n"}


def label_of(value: Any) -> list[str]:
    """Names a scripted answer may use for an option: its id label, its name, a player's name."""
    names = []
    label = getattr(value, "label", None)
    if label:
        names.append(str(label).lower())
    name = getattr(value, "name", None)
    if name is not None:
        names.append(str(name).lower())
    if isinstance(value, str):
        names.append(value.lower())
    card = getattr(value, "card", None)
    if card is not None and " // " in str(getattr(card, "name", "")):
        names.append(card.name.lower())  # a multi-face card's full name ("A // B")
    names.extend(getattr(value, "aliases", ()))  # e.g. a mode's printed text
    return names


def _loose(text: str) -> str:
    """An answer compared loosely: no reminder text, no end punctuation, spaces collapsed,
    any case ("Target creature becomes prepared. (Only ...)" = "target creature becomes
    prepared")."""
    text = re.sub(r"\([^)]*\)", " ", str(text)).replace("{", "").replace("}", "")
    return " ".join(text.split()).strip(" .;").lower()  # (and "G" for the mana "{G}")


class Decider:
    """Holds per-player queues of scripted answers and applies the default policy."""

    def __init__(self, strict: bool = False,
                 log: Callable[[str], None] | None = None) -> None:
        self.strict = strict
        self.queues: dict[str, deque[Any]] = {}
        self.log = log or (lambda _msg: None)
        self.policy: Callable[[str, str, Sequence[Any]], Any] | None = None

    def load(self, player: str, answers: Sequence[Any]) -> None:
        self.queues.setdefault(player, deque()).extend(answers)

    def leftover(self) -> dict[str, list[Any]]:
        return {p: list(q) for p, q in self.queues.items() if q}

    def clear(self) -> None:
        self.queues.clear()

    def _next(self, player: str) -> Any:
        queue = self.queues.get(player)
        if queue:
            return queue.popleft()
        return _NONE

    def may(self, player: str, prompt: str) -> bool:
        """A "you may" question (603.5, 608.2d): scripted yes/no, default no."""
        answer = self._next(player)
        if answer is _NONE:
            if self.policy is not None:
                return bool(self.policy(player, prompt, [False, True]))
            if self.strict:
                raise DecisionError(f"{player} was not told whether to: {prompt}")
            self.log(f"{player}: no answer for '{prompt}', chose no (default)")
            return False
        if isinstance(answer, bool):
            return answer
        text = str(answer).strip().lower()
        if text in YES:
            return True
        if text in NO:
            return False
        raise DecisionError(f"{player}: answer {answer!r} to '{prompt}' is not yes or no")

    def choose(self, player: str, prompt: str, options: Sequence[Any], *,
               optional: bool = False) -> Any:
        """Pick one of ``options`` (``None`` allowed when ``optional``)."""
        if not options:
            return None
        answer = self._next(player)
        if answer is _NONE:
            if self.policy is not None:
                return self.policy(player, prompt, options)
            if self.strict:
                raise DecisionError(f"{player} was not told {prompt} (options: "
                                    f"{', '.join(_show(o) for o in options)})")
            self.log(f"{player}: no answer for '{prompt}', took {_show(options[0])} (default)")
            return options[0]
        if answer is None or (optional and str(answer).lower() in NO | {"none"}):
            if optional:
                return None
        return match_option(player, prompt, answer, options)

    def prefer(self, player: str, prompt: str, options: Sequence[str]) -> str:
        """A choice with a default the rules make harmless (107.4f: mana, not life, for a
        Phyrexian symbol): taken from the script only when its next answer names one of
        ``options`` (a word), else the simulator's policy or the first option, never an
        error in a strict game, so scripts that never pay life need no answer."""
        queue = self.queues.get(player)
        if queue and isinstance(queue[0], str) and queue[0].strip().lower() in options:
            return str(queue.popleft()).strip().lower()
        if self.policy is not None:
            return str(self.policy(player, prompt, list(options)))
        self.log(f"{player}: no answer for '{prompt}', took {options[0]} (default)")
        return options[0]

    def choose_many(self, player: str, prompt: str, options: Sequence[Any], count: int,
                    minimum: int | None = None) -> list[Any]:
        """Pick ``count`` distinct options, one scripted answer each (or one list answer)."""
        chosen: list[Any] = []
        remaining = list(options)
        queue = self.queues.get(player)
        if queue and isinstance(queue[0], list):
            for item in queue.popleft():
                picked = match_option(player, prompt, item, remaining)
                remaining.remove(picked)
                chosen.append(picked)
            return chosen
        for _ in range(min(count, len(options))):
            picked = self.choose(player, prompt, remaining)
            if picked is None:
                break
            remaining.remove(picked)
            chosen.append(picked)
        return chosen

    def order(self, player: str, prompt: str, items: Sequence[Any],
              name_of: Callable[[Any], str]) -> list[Any]:
        """Order simultaneous triggers (603.3b): a scripted list of source names, first = bottom."""
        queue = self.queues.get(player)
        if queue and isinstance(queue[0], list) and all(isinstance(x, str) for x in queue[0]):
            wanted = [str(x).lower() for x in queue[0]]
            pool = list(items)
            ordered = []
            for w in wanted:
                for item in pool:
                    if name_of(item).lower() == w:
                        ordered.append(item)
                        pool.remove(item)
                        break
                else:
                    raise DecisionError(f"{player}: '{w}' is not among the triggers to order")
            if not pool:
                queue.popleft()
                return ordered
        n = len(items)
        if queue and len(queue) >= n and all(isinstance(queue[i], str) for i in range(n)):
            # the flat form a reader of the spec may write: the next answers, one source name
            # each, are the order when they name exactly these triggers' sources
            wanted = [str(queue[i]).strip().lower() for i in range(n)]
            pool = list(items)
            ordered = []
            for w in wanted:
                match = next((it for it in pool if name_of(it).lower() == w), None)
                if match is None:
                    break
                ordered.append(match)
                pool.remove(match)
            if not pool:
                for _ in range(n):
                    queue.popleft()
                return ordered
        return list(items)


class _NoAnswer:
    pass


_NONE = _NoAnswer()


def _show(value: Any) -> str:
    names = label_of(value)
    return names[-1] if names else str(value)


def match_option(player: str, prompt: str, answer: Any, options: Sequence[Any]) -> Any:
    """The option a scripted answer names (by id, unique name, player name or literal value)."""
    if isinstance(answer, bool):
        for opt in options:
            if opt is answer:
                return opt
    text = str(answer).strip().lower()
    by_label = [o for o in options if getattr(o, "label", None) and str(o.label).lower() == text]
    if len(by_label) == 1:
        return by_label[0]
    matches = [o for o in options if text in label_of(o) or (not hasattr(o, "name")
                                                              and str(o).lower() == text)]
    if matches:
        return matches[0]
    loose = _loose(answer)
    matches = [o for o in options if loose and any(_loose(n) == loose for n in label_of(o))]
    if len(matches) == 1:
        return matches[0]
    raise DecisionError(f"{player}: answer {answer!r} is not an option for {prompt} "
                        f"(options: {', '.join(_show(o) for o in options)})")
