"""Text preparation before parsing: self-references, reminder text, paragraphs and sentences.

Why: the grammar is written once against one canonical spelling. Oracle text refers to the
object itself by its name, a short form of a legendary name ("Arlinn" for "Arlinn, the Pack's
Hope"), "this creature"/"this permanent"/... (current templating) or CARDNAME (Forge scripts);
all become ``~``. Older templating "enters the battlefield" becomes "enters" (the 2024 Oracle
update changed only the words). Reminder text has no rules meaning (rule 207.2a) and is removed.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Words that may follow "this" and mean the object itself (rule 201.5: an object that refers to
# itself by name means only that object). "this turn", "this way", "this combat" are not here.
_SELF_NOUNS = (
    "creature|permanent|artifact|enchantment|land|spell|card|token|planeswalker|equipment|aura|"
    "vehicle|saga|class|battle|siege|case|room|dungeon|background|role|attraction|contraption|"
    "spacecraft|kindred"
)
_THIS_RE = re.compile(rf"\b[Tt]his (?i:{_SELF_NOUNS})\b")
_PAREN_RE = re.compile(r"\s*\([^()]*\)")
_ETB_RE = re.compile(r"\benters the battlefield\b")
_ETB2_RE = re.compile(r"\benter the battlefield\b")


def strip_reminder(text: str) -> str:
    """Remove parenthesised reminder text (rule 207.2a) and tidy spaces."""
    previous = None
    while previous != text:
        previous = text
        text = _PAREN_RE.sub("", text)
    return re.sub(r"[ \t]+", " ", text).strip()


def self_names(card_name: str, face_name: str | None) -> tuple[str, ...]:
    """Every spelling by which a face's text may name the object, longest first.

    The full card name, the face name and, for comma names of legendary objects, the short form
    before the comma (rule 201.4b lets text use a shortened name for legendary objects).
    """
    names: set[str] = set()
    for name in (card_name, face_name):
        if not name:
            continue
        for part in name.split(" // "):
            part = part.strip()
            if part:
                names.add(part)
                if ", " in part:
                    names.add(part.split(", ")[0])
    return tuple(sorted(names, key=len, reverse=True))


@lru_cache(maxsize=4096)
def _name_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    if not names:
        return None
    alt = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w-])(?:{alt})(?![\w-])")


def canonical(text: str, names: tuple[str, ...]) -> str:
    """Replace self-references with ``~``, modernise wording, normalise dashes and quotes."""
    text = text.replace("\u2212", "-").replace("\u2014", "—").replace("\u2019", "'")
    text = text.replace("CARDNAME", "~").replace("NICKNAME", "~")
    pattern = _name_pattern(names)
    if pattern is not None:
        text = pattern.sub("~", text)
    text = _THIS_RE.sub("~", text)
    text = _ETB_RE.sub("enters", text)
    text = _ETB2_RE.sub("enter", text)
    return text


def paragraphs(text: str) -> list[str]:
    """Split a face's text into ability paragraphs (rule 113.2c).

    Bullet lines ("• ...") belong to the modal paragraph above them (rule 700.2).
    """
    result: list[str] = []
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("•") and result:
            result[-1] = result[-1] + "\n" + line
        else:
            result.append(line)
    return result


def sentences(text: str) -> list[str]:
    """Split an effect into sentences at ". " outside quotes, keeping quoted abilities whole."""
    out: list[str] = []
    buf: list[str] = []
    in_quote = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "\"\u201c\u201d":
            in_quote = not in_quote
        buf.append(ch)
        if ch == "." and not in_quote and (i + 1 == len(text) or text[i + 1] == " "):
            # a closing quote right after the period stays with this sentence
            out.append("".join(buf).strip())
            buf = []
        elif ch == "\"" and not in_quote and buf[-2:-1] == ["."]:
            out.append("".join(buf).strip())
            buf = []
        i += 1
    rest = "".join(buf).strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]
