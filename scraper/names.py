"""Split wiki link text of the form ``日本語名/English Name`` into its two names.

Splitting on the last ``/`` is wrong for names that contain a slash themselves
(``ペニーが操縦するSP//dr/SP//dr, Piloted by Peni``, ``召喚：チョコボ＆モーグリ/Summon:
Choco/Mog``), and ``+`` joins split-card halves on both sides (``生+死/Life+Death``), so it
is never a separator. The splitter therefore:

1. asks a dictionary of known (Japanese, English) pairs when it has one: an exact pair,
   then a known English name on the right, then a known Japanese name on the left;
2. otherwise uses a heuristic: the *leftmost* single ``/`` (not part of ``//``) whose
   left side holds Japanese script and whose right side holds none. English card
   names never contain kana/kanji/full-width forms, while Japanese names very often
   contain Latin letters, so the first point after which no Japanese appears is the
   boundary. A name kept in Latin letters in Japanese shows as ``X/X`` and splits in half.

Text with no slash is Japanese when it holds Japanese script and English otherwise.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

#: kana, CJK, CJK punctuation, full-width forms, the prolonged-sound mark
JAPANESE_CHARS = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uffef]")


def has_japanese(text: str) -> bool:
    """Whether ``text`` holds any Japanese script (or full-width forms)."""
    return bool(JAPANESE_CHARS.search(text))


class NameSplitter:
    """Splits ``日本語/English`` strings, with an optional dictionary of real pairs."""

    def __init__(self, pairs: Iterable[tuple[str | None, str]] = ()) -> None:
        self.en_to_ja: dict[str, str | None] = {}
        self.ja_to_en: dict[str, str] = {}
        for ja, en in pairs:
            self.add(ja, en)

    def add(self, ja: str | None, en: str) -> None:
        """Teach one pair (``ja`` None for a card without a Japanese name)."""
        if not en:
            return
        if ja:
            known = self.en_to_ja.get(en)
            if known and has_japanese(known) and not has_japanese(ja):
                return  # a face that repeats its English name never hides a real one
            self.en_to_ja[en] = ja
            self.ja_to_en.setdefault(ja, en)
        else:
            self.en_to_ja.setdefault(en, None)

    def __len__(self) -> int:
        return len(self.en_to_ja)

    @classmethod
    def from_jpname_file(cls, path: Path | str) -> NameSplitter:
        """Load a jpname.json-style list of ``{"name": EN, "jpname": JA}`` objects."""
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        pairs = []
        for item in data:
            en, ja = item.get("name"), item.get("jpname")
            if not en:
                continue
            if not ja or ja == "undefined" or item.get("info") in ("nojpname", "nopage"):
                ja = None
            pairs.append((ja, en))
        return cls(pairs)

    def japanese_for(self, english: str) -> str | None:
        """The Japanese name the dictionary knows for an English name."""
        return self.en_to_ja.get(english)

    def split(self, text: str) -> tuple[str | None, str | None]:
        """``text`` -> (Japanese name or None, English name or None)."""
        text = text.strip()
        if not text:
            return None, None
        candidates = _candidates(text)
        if self.en_to_ja:
            if text in self.en_to_ja:
                return None, text
            for ja, en in candidates:
                if self.en_to_ja.get(en) == ja:
                    return ja, en
            for ja, en in candidates:
                if en in self.en_to_ja and has_japanese(ja):
                    return ja, en
            for ja, en in candidates:
                if ja in self.ja_to_en and not has_japanese(en):
                    return ja, en
        return heuristic_split(text, candidates)


def _candidates(text: str) -> list[tuple[str, str]]:
    """Every split at a single ``/`` (one that is not half of ``//``), left to right."""
    out = []
    for i, ch in enumerate(text):
        if ch != "/" or i == 0 or i == len(text) - 1:
            continue
        if text[i - 1] == "/" or text[i + 1] == "/":
            continue
        left, right = text[:i].strip(), text[i + 1:].strip()
        if left and right:
            out.append((left, right))
    return out


def heuristic_split(
    text: str, candidates: list[tuple[str, str]] | None = None
) -> tuple[str | None, str | None]:
    """The dictionary-free rule of the module docstring."""
    candidates = candidates if candidates is not None else _candidates(text)
    for ja, en in candidates:
        if has_japanese(ja) and not has_japanese(en) and not en[0].isspace():
            return ja, en
    for ja, en in candidates:
        if ja == en:  # a name the Japanese printing kept in Latin letters: "C.A.M.P./C.A.M.P."
            return ja, en
    return (text, None) if has_japanese(text) else (None, text)
