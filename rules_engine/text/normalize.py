"""Text preparation before parsing: self-references, reminder text, paragraphs and sentences.

Why: the grammar is written once against one canonical spelling. Oracle text refers to the
object itself by its name, a short form of a legendary name ("Arlinn" for "Arlinn, the Pack's
Hope"), "this creature"/"this permanent"/... (current templating) or CARDNAME (Forge scripts);
all become ``~``. Older templating "enters the battlefield" becomes "enters" (the 2024 Oracle
update changed only the words). Reminder text has no rules meaning (rule 207.2a) and is removed.
"""

from __future__ import annotations

import re

# Words that may follow "this" and mean the object itself (rule 201.5: an object that refers to
# itself by name means only that object). "this turn", "this way", "this combat" are not here.
_SELF_NOUNS = (
    "creature|permanent|artifact|enchantment|land|spell|card|token|planeswalker|equipment|aura|"
    "vehicle|saga|class|battle|siege|case|room|dungeon|background|role|attraction|contraption|"
    "spacecraft|kindred|emblem"
)
_THIS_RE = re.compile(rf"\b[Tt]his (?i:{_SELF_NOUNS})\b")
_PAREN_RE = re.compile(r"\s*\([^()]*\)")
_ETB_RE = re.compile(r"\benters the battlefield\b")
_ETB2_RE = re.compile(r"\benter the battlefield\b")
_ETB3_RE = re.compile(r"\bentered the battlefield\b")
_SENTENCE_RE = re.compile(r"(?<=\.)\s+")
_BROKEN_REMINDER_RE = re.compile(r"\([^()\n]*\n[^()]*\)")
_TABLE_ROW_RE = re.compile(r"^\d+(?:—\d+|\+)? \| ")  # die results table rows (rule 706.3)
_INLINE_ROW_RE = re.compile(r"(?<=[.\"])(\d+)(?:[-–—](\d+)|(\+))? \| ")


def strip_reminder(text: str) -> str:
    """Remove parenthesised reminder text (rule 207.2a) and tidy spaces."""
    previous = None
    while previous != text:
        previous = text
        text = _PAREN_RE.sub("", text)
    return re.sub(r"[ \t]+", " ", text).strip()


def self_names(card_name: str, face_name: str | None,
               type_line: str | None = None) -> tuple[str, ...]:
    """Every spelling by which a face's text may name the object, longest first.

    The full card name, the face name and, for comma names of legendary objects, the short form
    before the comma, and the name before " the " ("Namor the Sub-Mariner": "Namor"); for a
    legendary ``type_line`` also the name before " of " ("Svyelun of Sea and Sky": "Svyelun",
    "Durnan of the Yawning Portal": "Durnan"; only legendary ones, where a nonlegendary
    "Angel of Mercy" would turn every "Angel" into itself); 201.5c: a shortened name in a
    card's text means the card.
    """
    legendary = "legendary" in (type_line or "").lower()
    names: set[str] = set()
    for name in (card_name, face_name):
        if not name:
            continue
        for part in name.split(" // "):
            part = part.strip()
            if part.startswith("A-") and len(part) > 2:
                # a rebalanced digital card ("A-Faceless Haven") names itself as printed
                names.add(part)
                part = part[2:]
            if part:
                names.add(part)
                if ", " in part:
                    names.add(part.split(", ")[0])
                elif " the " in part and part.split(" ", 1)[0][:1].isupper():
                    # 201.5c: "Namor the Sub-Mariner" is "Namor" in its text ("Namor's power
                    # is equal to ...", "Crovax gains flying")
                    names.add(part.split(" the ", 1)[0])
                elif legendary and " of " in part and part.split(" ", 1)[0][:1].isupper() \
                        and part.split(" ", 1)[0] not in ("The", "A", "An"):
                    names.add(part.split(" of ", 1)[0])
    return tuple(sorted(names, key=len, reverse=True))


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch in "_-"


def replace_names(text: str, names: tuple[str, ...]) -> str:
    """Replace whole-word occurrences of ``names`` (longest first) with ``~``.

    Done with str.find rather than a per-card regex: one compiled pattern per card name would
    flood Python's regex cache and force the grammar's own patterns to be recompiled.
    """
    for name in names:
        if name not in text:
            continue
        out: list[str] = []
        i = 0
        while True:
            j = text.find(name, i)
            if j < 0:
                out.append(text[i:])
                break
            end = j + len(name)
            before = text[j - 1] if j > 0 else " "
            after = text[end] if end < len(text) else " "
            if _is_word(before) or _is_word(after):
                out.append(text[i:end])
            else:
                out.append(text[i:j] + "~")
            i = end
        text = "".join(out)
    return text


def canonical(text: str, names: tuple[str, ...]) -> str:
    """Replace self-references with ``~``, modernise wording, normalise dashes and quotes."""
    text = text.replace("\u2212", "-").replace("\u2014", "—").replace("\u2019", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("CARDNAME", "~").replace("NICKNAME", "~")
    text = replace_names(text, names)
    text = _THIS_RE.sub("~", text)
    text = _ETB_RE.sub("enters", text)
    text = _ETB2_RE.sub("enter", text)
    text = _ETB3_RE.sub("entered", text)
    # "it gets an additional +0/+2" is one more +0/+2 (613.4c: the changes add up)
    text = _ADDITIONAL_PT_RE.sub(r"\1 \2", text)
    if _GENDERED.search(text):
        text = _gendered(text)
    return text


# "return her to the battlefield under her owner's control with a +1/+1 counter on her": a
# character card's own pronouns (not "his or her" / "he or she", the old wording for players)
_GENDERED = re.compile(r"\b(?:he|she|him|her|his|he's|she's)\b(?! or (?:her|she)\b)", re.I)
_GENDERED_RES = [
    # (first: "equal to her power" is the possessive, not "to her")
    (re.compile(r"(?<!\bor )\b(?:his|her) (power|toughness|mana value)\b", re.I), r"its \1"),
    (re.compile(r"\b(?:his|her) (owner|controller)(?='s\b|\b)", re.I), r"its \1"),
    (re.compile(r"\b(on|from|to|of|return|exile|tap|untap|destroy|sacrifice|put|target) "
                r"(?:him|her)\b(?! or )", re.I), r"\1 it"),
    (re.compile(r"\b(?:he's|she's)\b", re.I), "it's"),
    (re.compile(r"(?<!\bor )\b(?:he|she) (?=(?:enters|would|has|is|gets|can't|deals|becomes|"
                r"attacks|blocks|dies)\b)", re.I), "it "),
]


def _gendered(text: str) -> str:
    for rx, repl in _GENDERED_RES:
        text = rx.sub(repl, text)
    return text


_ADDITIONAL_PT_RE = re.compile(r"\b(gets?) an additional ([+-]\w+/[+-]\w+)")


def paragraphs(text: str) -> list[str]:
    """Split a face's text into ability paragraphs (rule 113.2c).

    Bullet lines ("• ...") belong to the modal paragraph above them (rule 700.2).
    """
    result: list[str] = []
    # reminder text broken over two lines in the data ("Toxic 6 (Players dealt combat damage
    # by\nthis creature ...)"): one paragraph, the parenthesis being one reminder (207.2a)
    text = _BROKEN_REMINDER_RE.sub(lambda m: m.group(0).replace("\n", " "), text)
    if " | " in text:
        # a results table printed without its line breaks ("Roll a d20.1-9 | Create ...
        # tokens.10-19 | ...", 706.3a): one row per line, "N1-N2" with the printed dash
        text = _INLINE_ROW_RE.sub(lambda m: "\n" + m.group(1) + ("—" + m.group(2) if m.group(2)
                                  else m.group(3) or "") + " | ", text)
    for raw in _unglued(text.split("\n")):
        line = raw.strip()
        if not line:
            continue
        if (line.startswith("•") or line.startswith("+ {") or _TABLE_ROW_RE.match(line)) \
                and result:
            result[-1] = result[-1] + "\n" + line
        else:
            result.append(line)
    return result


_GLUED_RE: re.Pattern[str] | None = None


def _glued_re() -> re.Pattern[str]:
    """A keyword without parameter glued to the ability after it (built once, from the keyword
    table of :mod:`rules_engine.text.keywords`)."""
    global _GLUED_RE
    if _GLUED_RE is None:
        from rules_engine.text.keywords import COSTED, NUMBERED, SIMPLE

        bare = sorted(set(SIMPLE) - set(COSTED) - set(NUMBERED), key=len, reverse=True)
        _GLUED_RE = re.compile(r"^(?P<kw>(?i:" + "|".join(re.escape(k) for k in bare)
                               + r"))(?P<rest>\{.+|(?: ?)(?:When|Whenever|At the)\b.*)$")
    return _GLUED_RE


_COSTED_GLUED_RE: re.Pattern[str] | None = None
_SYMBOL_RE = re.compile(r"\{[^}]+\}")


def _glued_costed(line: str) -> list[str] | None:
    """"Ward {2}{1}{B}{G}, Exile ~ from your graveyard: ..." -> ["Ward {2}", "{1}{B}{G},
    Exile ~ from your graveyard: ..."]: a keyword with a mana parameter glued to the activated
    ability after it (113.2c, 602.1). The mana runs on where a generic symbol follows another
    symbol, which no single mana cost does (generic mana is written first, 202.1a / 107.4c);
    there the ability's cost begins. None when the line is not so glued."""
    global _COSTED_GLUED_RE
    if _COSTED_GLUED_RE is None:
        from rules_engine.text.keywords import COSTED

        names = sorted(COSTED, key=len, reverse=True)
        _COSTED_GLUED_RE = re.compile(
            r"^(?P<kw>(?i:" + "|".join(re.escape(k) for k in names) + r")) "
            r"(?P<mana>(?:\{[^}]+\})+)(?P<tail>(?:, [^:]+)?: .+)$")
    m = _COSTED_GLUED_RE.match(line)
    if m is None:
        return None
    symbols = _SYMBOL_RE.findall(m.group("mana"))
    cut = next((i for i in range(1, len(symbols)) if symbols[i][1:-1].isdigit()), None)
    if cut is None:
        return None
    return [f"{m.group('kw')} {''.join(symbols[:cut])}", "".join(symbols[cut:]) + m.group("tail")]


def _unglued(lines: list[str]) -> list[str]:
    """Lines with a keyword that lost its line break put back on a line of its own (113.2c):
    some card files lost the newline after a keyword line ("Haste{T}, Sacrifice ...: ...",
    "MenaceWhenever ~ is dealt damage, ...", "Flying When ~ enters, ...", or "Flying When"
    with the rest of the trigger on the next line). Only a keyword that takes no parameter is
    split off, and only before a cost or a trigger word, so "Equip {3}" or "Ward {2}" stay."""
    rx = _glued_re()
    out: list[str] = []
    carry = ""
    for raw in lines:
        line = carry + raw.strip() if carry else raw
        carry = ""
        costed = _glued_costed(line.strip())
        if costed is not None:
            out.extend(costed)
            continue
        m = rx.match(line.strip())
        if m is None:
            out.append(line)
            continue
        out.append(m.group("kw"))
        rest = m.group("rest").strip()
        if rest in ("When", "Whenever", "At the"):
            carry = rest + " "  # the trigger goes on on the next line
        else:
            out.append(rest)
    if carry:
        out.append(carry.strip())
    return out


def sentences(text: str) -> list[str]:
    """Split an effect into sentences at ". " outside quotes, keeping quoted abilities whole."""
    if '"' not in text and "\u201c" not in text:
        return [s.strip() for s in _SENTENCE_RE.split(text) if s.strip()]
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
    # a lone "." is no sentence: it is what is left when a caller ends a text whose last
    # sentence closes a quoted ability ('... with "{B}: Regenerate ~."') with one more period
    return [s for s in out if s.strip(' ."')]
