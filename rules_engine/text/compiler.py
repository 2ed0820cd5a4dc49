"""compile_card: a Scryfall card object -> per-face abilities (the public entry point).

Deterministic and cached: the same card dict (by oracle id, name and text) compiles to the same
frozen records; regexes are compiled once at import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rules_engine.abilities import (
    Ability,
    ActivatedAbility,
    Amount,
    Animate,
    Condition,
    Cost,
    Effect,
    GrantAbility,
    KeywordAbility,
    PutCounters,
    Ref,
    Room,
    SetBasePT,
    SetClassLevel,
    SpellAbility,
    StaticAbility,
    TextChangedSpell,
    Unsupported,
    UnsupportedEffect,
    iter_effects,
)
from rules_engine.text import effects as fx
from rules_engine.text import paragraphs as pg
from rules_engine.text.costs import parse_cost
from rules_engine.text.dungeons import is_dungeon, parse_rooms, room_ability, split_room_lines
from rules_engine.text.normalize import canonical, paragraphs, self_names, strip_reminder
from rules_engine.text.nouns import Ctx


class BadCardError(ValueError):
    """The card object lacks what the compiler needs (names the field)."""


@dataclass(frozen=True, slots=True)
class CompiledFace:
    """One face: its name, type line, compiled abilities and, for dungeons, rooms."""

    index: int
    name: str
    type_line: str
    abilities: tuple[Ability, ...]
    rooms: tuple[Room, ...] = ()

    @property
    def unsupported(self) -> tuple[str, ...]:
        """Texts of every Unsupported paragraph and UnsupportedEffect sentence on this face."""
        return tuple(_unsupported_texts(self.abilities))


@dataclass(frozen=True, slots=True)
class CompiledCard:
    """A compiled card: its faces in Scryfall order."""

    name: str
    oracle_id: str | None
    layout: str | None
    faces: tuple[CompiledFace, ...]

    @property
    def unsupported(self) -> tuple[str, ...]:
        """Every clause text the compiler could not understand, in face/text order."""
        return tuple(t for f in self.faces for t in f.unsupported)

    @property
    def fully_supported(self) -> bool:
        """True when no Unsupported clause remains on any face."""
        return not self.unsupported

    @property
    def abilities(self) -> tuple[Ability, ...]:
        """All abilities of all faces (convenience for single-faced cards)."""
        return tuple(a for f in self.faces for a in f.abilities)


def _unsupported_texts(items) -> list[str]:
    out: list[str] = []
    for a in items:
        if isinstance(a, Unsupported):
            out.append(a.text)
            continue
        for e in iter_effects((a,)):
            if isinstance(e, UnsupportedEffect):
                out.append(e.text)
            abilities = getattr(e, "abilities", None)
            if abilities:
                out.extend(_unsupported_texts(abilities))
            token = getattr(e, "token", None)
            if token is not None and token.abilities:
                out.extend(_unsupported_texts(token.abilities))
    return out


def _is_spell(type_line: str) -> bool:
    low = type_line.lower()
    return "instant" in low or "sorcery" in low


# "[Ability word —] If <condition>, <effect> instead." alone in a paragraph of an instant or
# sorcery replaces what the paragraph before it does (614.1a); the ability word is flavor
# (207.2c: coven, infusion ...), so the two paragraphs read as one instruction list
_INSTEAD_PARA_RE = re.compile(r"^(?:[A-Z][\w' -]*? — )?(?P<body>If [^\n]+?,(?: you may)? "
                              r"instead [^\n]+|If [^\n]+ instead\.|"
                              # "Morbid — ~ deals 5 damage instead if a creature died this
                              # turn": the previous paragraph's damage, another amount (614.1a)
                              r"(?:~|It) deals [^\n]+ damage instead if [^\n]+\.)$")


def _join_instead(paras: list[str]) -> list[str]:
    out: list[str] = []
    for para in paras:
        m = _INSTEAD_PARA_RE.match(para.strip())
        if m and out and not out[-1].rstrip().endswith(")") and \
                out[-1].rstrip().endswith("."):
            out[-1] = out[-1].rstrip() + " " + m.group("body")
            continue
        out.append(para)
    return out


_CLEAVE_LINE_RE = re.compile(r"^cleave\b", re.I | re.M)
_BRACKETED_RE = re.compile(r"\s*\[[^\]\n]*\]")


def _without_brackets(text: str) -> str:
    """702.148a: the text with every bracketed passage removed (and the spacing it leaves
    before punctuation tidied: "a [basic land] card" -> "a card")."""
    out = _BRACKETED_RE.sub("", text)
    out = out.replace("[", "").replace("]", "")  # an unmatched bracket marks nothing
    out = re.sub(r" +([.,;])", r"\1", out)
    out = re.sub(r"(^|\n)\s*[.]?\s*(?=\n|$)", r"\1", out)  # a sentence that was all brackets
    return out


def _compile_cleave(text: str, card_name: str, face_name: str, type_line: str,
                    index: int) -> CompiledFace:
    """A spell with cleave (702.148a) compiles twice: as printed (the brackets are only marks,
    their words are part of the text) and with the bracketed words removed, which is what the
    spell says when its cleave cost was paid (a text-changing effect, 612); the second
    version's instructions ride along as one TextChangedSpell record."""
    printed = _compile_plain(text.replace("[", "").replace("]", ""), card_name, face_name,
                             type_line, index)
    cleaved = _compile_plain(_without_brackets(text), card_name, face_name, type_line, index)
    effects = tuple(e for a in cleaved.abilities if isinstance(a, SpellAbility)
                    for e in a.effects)
    extra: list[Ability] = [TextChangedSpell(keyword="cleave", effects=effects,
                                             text=_without_brackets(text))]
    seen = {a.text for a in printed.abilities if isinstance(a, Unsupported)}
    extra += [a for a in cleaved.abilities if isinstance(a, Unsupported) and a.text not in seen]
    return CompiledFace(index, face_name, type_line, printed.abilities + tuple(extra),
                        printed.rooms)


# The longest face text the compiler reads (the longest printed, of the 2,281 shared cards, has
# 877 characters); with paragraphs.MAX_PARAGRAPH_CHARS it bounds the time one face can take.
MAX_TEXT_CHARS = 2_500


@lru_cache(maxsize=8192)
def compile_face_text(text: str, card_name: str, face_name: str, type_line: str,
                      index: int = 0) -> CompiledFace:
    """Compile one face's Oracle text (cached: the compiler is pure).

    Never raises on any text: what the grammar cannot read is an :class:`Unsupported` clause,
    and, as a last resort, an exception from inside the compiler (a bug, or a text that drives
    a pattern somewhere it was not built for) becomes one Unsupported clause holding the whole
    text and the exception as its reason, so a caller that counts clauses (``mtgkit
    coverage``) or plays the card (the engine refuses an Unsupported ability) goes on. The
    fuzz suite (tests/fuzz/test_fuzz_text.py) drives this entry with generated texts."""
    if not isinstance(text, str) or len(text) > MAX_TEXT_CHARS:
        return CompiledFace(index, str(face_name), str(type_line), (Unsupported(
            text=str(text)[:MAX_TEXT_CHARS], reason=f"text of {len(str(text)):,} characters, "
            f"over the {MAX_TEXT_CHARS:,} the compiler reads"),))
    try:
        if "[" in text and _is_spell(type_line) and _CLEAVE_LINE_RE.search(text):
            return _compile_cleave(text, card_name, face_name, type_line, index)
        return _compile_plain(text, card_name, face_name, type_line, index)
    except Exception as exc:  # noqa: BLE001 - the documented last-resort guard
        return CompiledFace(index, str(face_name), str(type_line), (Unsupported(
            text=str(text), reason=f"compiler error: {type(exc).__name__}: {exc}"[:300]),))


def _compile_plain(text: str, card_name: str, face_name: str, type_line: str,
                   index: int) -> CompiledFace:
    """One face's text without the cleave double reading (the grammar proper)."""
    names = self_names(card_name, face_name, type_line)
    rooms: tuple[Room, ...] = ()
    abilities: list[Ability] = []
    if is_dungeon(type_line):
        room_lines = {name for name, _, _ in split_room_lines(text)}

        def room_effects(body: str):
            return fx.parse_effects(strip_reminder(canonical(body, names)), Ctx())

        rooms = parse_rooms(face_name, text, room_effects)
        rest = "\n".join(line for line in text.split("\n")
                         if not any(line.strip().startswith(n + " —") for n in room_lines))
        for para in paragraphs(strip_reminder(canonical(rest, names))):
            abilities.extend(pg.compile_paragraph(para, is_spell=False))
        abilities.extend(room_ability(r) for r in rooms)
        return CompiledFace(index, face_name, type_line, tuple(abilities), rooms)
    spell = _is_spell(type_line)
    level_bar: tuple[ActivatedAbility, int] | None = None
    gated: list[Ability] = []
    striation: _Striation | None = None
    station_creature_at: int | None = None  # 721.2b, from the Station reminder text
    paras = list(paragraphs(canonical(text, names)))
    if spell:
        paras = _join_instead(paras)
    for raw in paras:
        para = strip_reminder(raw)
        if not para:
            continue
        band = _LEVEL_BAND_RE.match(para)
        if band is not None:
            if striation is not None:
                abilities.append(striation.ability())
            striation = _Striation(int(band.group("lo")),
                                   int(band.group("hi")) if band.group("hi") else None, para)
            continue
        symbol = _STATION_SYMBOL_RE.match(para)
        if symbol is not None:  # "STATION N+" on a line of its own, its abilities below it
            if striation is not None:
                abilities.append(striation.ability())
            n = int(symbol.group("n"))
            striation = _Striation(n, None, para, counter="charge",
                                   creature=station_creature_at == n)
            continue
        station = _station_rows(para, raw)
        if station is not None:
            if station[2] is not None:
                station_creature_at = station[2]
            keyword, rows, creature_at = station
            abilities.extend(keyword)
            for n, body in rows:
                if striation is not None:
                    abilities.append(striation.ability())
                striation = _Striation(n, None, f"{n}+ | {body}", counter="charge",
                                       creature=creature_at == n)
                striation.abilities.extend(pg.compile_paragraph(body, is_spell=spell))
            continue
        if striation is not None:
            if striation.pt is None and striation.take_pt(para):
                continue
            striation.abilities.extend(pg.compile_paragraph(para, is_spell=spell))
            continue
        up = _LEVEL_UP_RE.match(para)
        if up is not None and parse_cost(up.group("cost")) is not None:
            abilities.append(_level_up(parse_cost(up.group("cost")), para))
            continue
        bar = _class_level_bar(para) if "class" in type_line.lower() else None
        if bar is not None:
            if level_bar is not None:
                abilities.extend(_level_gate(level_bar, gated))
            level_bar, gated = bar, []
            continue
        compiled = pg.compile_paragraph(para, is_spell=spell)
        (gated if level_bar is not None else abilities).extend(compiled)
    if level_bar is not None:
        abilities.extend(_level_gate(level_bar, gated))
    if striation is not None:
        abilities.append(striation.ability())
    return CompiledFace(index, face_name, type_line, tuple(abilities), rooms)


# Level up (rule 702.87) and leveler striations (rule 711)
_LEVEL_UP_RE = re.compile(r"^Level up (?P<cost>\{.+)$")
_LEVEL_BAND_RE = re.compile(r"^LEVEL (?P<lo>\d+)(?:[-\u2013\u2014](?P<hi>\d+)|\+)$")
_PT_RE = re.compile(r"^(?P<p>\d+)/(?P<t>\d+)$")


def _level_up(cost: Cost, text: str) -> ActivatedAbility:
    """"Level up [cost]" means "[Cost]: Put a level counter on this permanent. Activate only as
    a sorcery." (rule 702.87a)."""
    return ActivatedAbility(cost=cost, effects=(PutCounters(
        subject=Ref("self"), counter="level", amount=Amount(1), text="put a level counter on ~"),),
        timing="sorcery", text=text)


_STATION_SYMBOL_RE = re.compile(r"^STATION (?P<n>\d+)\+$")  # 721.2a, the printed symbol
_STATION_ROW_RE = re.compile(r"^(?P<n>\d+)\+ \| (?P<body>.+)$")
_STATION_CREATURE_RE = re.compile(r"It's an artifact creature at (?P<n>\d+)\+", re.I)


def _station_rows(para: str, raw: str) -> tuple[list[Ability], list[tuple[int, str]],
                                                int | None] | None:
    """"Station" with its station symbols "N+ | abilities" (rule 702.184, 721.2): the keyword,
    the rows, and the N at which the reminder text says it becomes an artifact creature (the
    P/T box of that striation, 721.2b); None when ``para`` is not a station paragraph."""
    lines = para.split("\n")
    if lines[0].strip().lower() != "station":
        return None
    rows = []
    for line in lines[1:]:
        m = _STATION_ROW_RE.match(line.strip())
        if m is None:
            return None
        rows.append((int(m.group("n")), m.group("body")))
    keyword = pg.compile_paragraph("Station", is_spell=False)
    cm = _STATION_CREATURE_RE.search(raw)
    return keyword, rows, int(cm.group("n")) if cm else None


class _Striation:
    """One "LEVEL N1-N2" / "LEVEL N3+" band of a leveler card (rule 711.2a-b) or one "N+ |"
    station striation (rule 721.2, charge counters): its P/T and the abilities printed in it.
    Every later paragraph of the face belongs to the last striation (721.3, 711.1)."""

    def __init__(self, lo: int, hi: int | None, text: str, counter: str = "level",
                 creature: bool = False) -> None:
        self.lo, self.hi, self.text, self.counter = lo, hi, text, counter
        self.pt: tuple[int, int] | None = None
        self.creature = creature
        self.abilities: list[Ability] = []

    def take_pt(self, para: str) -> bool:
        m = _PT_RE.match(para)
        if m is None:
            return False
        self.pt = (int(m.group("p")), int(m.group("t")))
        return True

    def ability(self) -> Ability:
        """"As long as this creature has at least N1 level counters on it, but no more than N2
        level counters on it, it has base power and toughness [P/T] and has [abilities]."
        (rule 711.2a; 711.2b without the upper bound)."""
        kind = self.counter
        at_least = Condition("counters_on", amount=Amount(self.lo), subject=Ref("self"),
                             detail=kind, text=f"at least {self.lo} {kind} counters")
        condition = at_least
        if self.hi is not None:
            above = Condition("counters_on", amount=Amount(self.hi + 1), subject=Ref("self"),
                              detail=kind, negated=True,
                              text=f"no more than {self.hi} {kind} counters")
            condition = Condition("and", parts=(at_least, above), text=self.text)
        effects: list[Effect] = []
        if self.creature:
            # 721.2b: "is a creature with base power and toughness [P/T] in addition to its
            # other types" (the P/T box is the card's printed one)
            effects.append(Animate(subject=Ref("self"), card_types=("artifact", "creature"),
                                   duration=None, text="artifact creature"))
        if self.pt is not None:
            effects.append(SetBasePT(subject=Ref("self"), power=Amount(self.pt[0]),
                                     toughness=Amount(self.pt[1]), duration=None,
                                     text=f"{self.pt[0]}/"
                                     f"{self.pt[1]}"))
        if self.abilities:
            keywords = tuple(a for a in self.abilities if isinstance(a, KeywordAbility))
            others = tuple(a for a in self.abilities if not isinstance(a, KeywordAbility))
            effects.append(GrantAbility(subject=Ref("self"), keywords=keywords, abilities=others,
                                        duration=None, text=self.text))
        if self.pt is None and not self.abilities and not self.creature:
            return Unsupported(text=self.text, reason="level band without P/T or abilities")
        return StaticAbility(effects=tuple(effects), condition=condition,
                             text="\n".join([self.text] + [getattr(a, "text", "")
                                                            for a in self.abilities]))


_LEVEL_BAR_RE = re.compile(r"^(?P<cost>[^:]+):\s*Level (?P<n>\d+)$")


def _class_level_bar(para: str) -> tuple[ActivatedAbility, int] | None:
    """"[Cost]: Level N" (rule 716.2a): "[Cost]: This Class's level becomes N. Activate only if
    this Class is level N-1 and only as a sorcery"."""
    m = _LEVEL_BAR_RE.match(para)
    cost = parse_cost(m.group("cost")) if m else None
    if m is None or cost is None:
        return None
    level = int(m.group("n"))
    act = ActivatedAbility(cost=cost, effects=(SetClassLevel(level=level, text=para),),
                           timing="sorcery", condition=Condition(
                               "class_level", amount=Amount(level - 1, text="exactly"),
                               text=f"level {level - 1}"), text=para)
    return act, level


def _level_gate(bar: tuple[ActivatedAbility, int], gated: list[Ability]) -> list[Ability]:
    """The bar's activated ability, then "As long as this Class is level N or greater, it has
    [abilities]" (rule 716.2a) as a static ability granting the section's abilities."""
    act, level = bar
    out: list[Ability] = [act]
    if gated:
        out.append(StaticAbility(
            effects=(GrantAbility(subject=Ref("self"), abilities=tuple(gated), duration=None,
                                  text=f"level {level}"),),
            condition=Condition("class_level", amount=Amount(level), text=f"level {level}+"),
            text="\n".join(getattr(a, "text", "") for a in gated)))
    return out


def compile_dungeon(card: dict) -> tuple[Room, ...]:
    """The rooms of a dungeon card (rule 309.4) in printed order, topmost first, with exits by
    room name; empty for a card that is not a dungeon."""
    for face in compile_card(card).faces:
        if face.rooms:
            return face.rooms
    return ()


def compile_card(card: dict) -> CompiledCard:
    """Compile a Scryfall card object into per-face abilities.

    Faces are ``card_faces`` when present (transform, modal DFC, split, adventure, prepare...),
    else the card itself. A face without text compiles to no abilities. Only a card without a
    ``name`` is refused (:class:`BadCardError`); a field of the wrong type (a face that is not
    an object, a text that is not a string) is read as text or skipped, never raised on, since
    card objects come from files nobody here controls.
    """
    if not isinstance(card, dict):
        raise BadCardError(f"a card object is a mapping, not {type(card).__name__}")
    name = card.get("name")
    if not name:
        raise BadCardError("card object has no 'name' field")
    name = str(name)
    faces_src = card.get("card_faces")
    if not isinstance(faces_src, list) or not faces_src:
        faces_src = [card]
    faces = []
    for i, face in enumerate(faces_src):
        if not isinstance(face, dict):
            face = {}
        face_name = _text(face.get("name")) or name
        text = _text(face.get("oracle_text"))
        if not text and len(faces_src) == 1:
            text = _text(card.get("oracle_text"))
        type_line = _text(face.get("type_line")) or _text(card.get("type_line"))
        faces.append(compile_face_text(text, name, face_name, type_line, i))
    oracle_id = card.get("oracle_id")
    layout = card.get("layout")
    return CompiledCard(name=name, oracle_id=oracle_id if isinstance(oracle_id, str) else None,
                        layout=layout if isinstance(layout, str) else None, faces=tuple(faces))


def _text(value: object) -> str:
    """A card field read as text: a string as is, anything else absent (empty)."""
    return value if isinstance(value, str) else ""
