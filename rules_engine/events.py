"""The game log: a list of named events (names as in the scenario spec, plus engine ones)."""

from __future__ import annotations

from typing import Any


class Event:
    """One thing that happened: ``name`` plus the objects/players involved, and when."""

    __slots__ = ("name", "data", "turn", "step")

    def __init__(self, name: str, data: dict[str, Any], turn: int, step: str) -> None:
        self.name = name
        self.data = data
        self.turn = turn
        self.step = step

    def describe(self) -> str:
        parts = []
        hidden = self.data.get("hidden", ())
        for key, value in self.data.items():
            if value is None or key == "hidden":
                continue
            # a face-down object when it happened (708.5: its identity is hidden)
            text = f"face-down #{value.oid}" if key in hidden else getattr(value, "name", value)
            parts.append(f"{key}={text}")
        extra = f" ({', '.join(parts)})" if parts else ""
        return f"[t{self.turn} {self.step}] {self.name}{extra}"

    def __repr__(self) -> str:
        return self.describe()
