"""What each search key means, as SQL over ``card_search`` (alias ``s``).

Every term becomes a boolean SQL expression that is never NULL (``coalesce(..., false)``),
so that ``NOT`` is plain set complement: ``-o:draw`` keeps the cards that have no text at
all, as on Scryfall, instead of SQL's three-valued ``NOT NULL`` dropping them. Every
value the user typed travels as a bound parameter; the SQL text is chosen only from the
fixed fragments below.

Meanings follow scryfall.com/docs/syntax; where mtgkit stores less than Scryfall (no
prices, artists, legalities...), the key is an error that says so rather than a silent
empty answer. ``mech:`` and ``role:`` are mtgkit's own (the classifier's tags).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from db.search.regex import regex_clause
from db.search.syntax import QueryError, Term

Sql = tuple[str, list[Any]]

_OPS = {":": "=", "=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

# --- colours -------------------------------------------------------------------------

_BITS = {"w": 1, "u": 2, "b": 4, "r": 8, "g": 16}
_NAMED_COLOURS = {
    "white": "w", "blue": "u", "black": "b", "red": "r", "green": "g",
    # guilds
    "azorius": "wu", "dimir": "ub", "rakdos": "br", "gruul": "rg", "selesnya": "gw",
    "orzhov": "wb", "izzet": "ur", "golgari": "bg", "boros": "rw", "simic": "gu",
    # shards and wedges
    "bant": "gwu", "esper": "wub", "grixis": "ubr", "jund": "brg", "naya": "rgw",
    "abzan": "wbg", "jeskai": "urw", "sultai": "bgu", "mardu": "rwb", "temur": "gur",
    # Strixhaven colleges
    "silverquill": "wb", "prismari": "ur", "witherbloom": "bg", "lorehold": "rw",
    "quandrix": "gu",
    # four-colour nicknames (the colour each lacks: chaos has no white, ...)
    "chaos": "ubrg", "aggression": "wbrg", "altruism": "wurg", "growth": "wubg",
    "artifice": "wubr",
}
_COLOURLESS = ("c", "colorless", "colourless")
_MULTICOLOUR = ("m", "multicolor", "multicolour", "multi")


def _colour_value(term: Term) -> int | str:
    """The colour set a value names, as a bit mask; or 'multi' for m/multicolor."""
    value = term.value.lower()
    if value in _MULTICOLOUR:
        return "multi"
    if value in _COLOURLESS:
        return 0
    letters = _NAMED_COLOURS.get(value, value)
    if letters and all(ch in _BITS for ch in letters):
        mask = 0
        for ch in letters:
            mask |= _BITS[ch]
        return mask
    raise QueryError(
        "not a colour: use letters w u b r g, colour names (red), guild, shard, wedge or "
        "college names (azorius, esper, abzan, quandrix), c/colorless or m/multicolor",
        term.position, term.text)


def _colour_clause(column: str, term: Term, identity: bool) -> Sql:
    """Scryfall: ``c:rg`` = at least red and green; ``id:rg`` = fits within red-green (a
    commander's colours); ``=``, ``!=``, ``<``, ``<=``, ``>``, ``>=`` compare as sets."""
    want = _colour_value(term)
    op = term.op
    if want == "multi":
        if op in (":", "=", ">="):
            return f"bit_count({column}) >= 2", []
        if op == "!=":
            return f"bit_count({column}) < 2", []
        raise QueryError("m/multicolor works with ':', '=' or '!='", term.position, term.text)
    if op == ":":
        op = "<=" if identity else (">=" if want else "=")
    if op in ("=",):
        return f"{column} = ?", [want]
    if op == "!=":
        return f"{column} <> ?", [want]
    if op == ">=":
        return f"({column} & ?) = ?", [want, want]
    if op == ">":
        return f"({column} & ?) = ? AND {column} <> ?", [want, want, want]
    if op == "<=":
        return f"({column} & ~?::UTINYINT) = 0", [want]
    if op == "<":
        return f"({column} & ~?::UTINYINT) = 0 AND {column} <> ?", [want, want]
    raise QueryError(f"operator {op!r} does not work with colours", term.position, term.text)


# --- text ----------------------------------------------------------------------------

def _needs_value(term: Term) -> str:
    if term.value == "":
        raise QueryError("empty value", term.position, term.text)
    return term.value


def _text_clause(column: str, term: Term, self_column: str | None = None) -> Sql:
    """Substring (any case) or, for ``/.../``, a regular expression, in one text column.

    ``~`` stands for the card's own name where ``self_column`` (text with the name written
    ``~``) exists.
    """
    if term.op != ":" and term.op != "=":
        raise QueryError(f"use ':' with {term.key}: (not {term.op!r})", term.position,
                         term.text)
    value = _needs_value(term)
    target = self_column if self_column and "~" in value else column
    if self_column and "~" in value:
        target = f"coalesce({self_column}, {column})"
    if term.kind == "regex":
        return regex_clause(target, value, term)
    return f"contains({target}, ?)", [value.lower()]


def _name_clause(term: Term) -> Sql:
    if term.kind == "exact":
        # names is newline-separated with a newline at each end: a whole name is "\nname\n"
        return "contains(s.names, ?)", ["\n" + _needs_value(term).lower() + "\n"]
    return _text_clause("s.names", term)


# --- numbers -------------------------------------------------------------------------

_STAT_FIELDS = {
    "pow": "f.pow", "power": "f.pow", "tou": "f.tou", "toughness": "f.tou",
    "loy": "f.loy", "loyalty": "f.loy", "def": "f.def", "defense": "f.def",
    "pt": "(f.pow + f.tou)", "powtou": "(f.pow + f.tou)",
}
_CMC_FIELDS = ("cmc", "mv", "manavalue")


def _number(term: Term) -> float:
    try:
        number = float(term.value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):  # "nan", "inf", 1e400 are not card numbers
        raise QueryError(f"{term.value!r} is not a number", term.position, term.text)
    return number


def _compare_op(term: Term) -> str:
    return _OPS[term.op]


def _stat_clause(term: Term) -> Sql:
    """``pow>=3`` or ``pow>tou``: true when any face satisfies it (a face lacking the value
    never does)."""
    left = _STAT_FIELDS[term.key or ""]
    op = _compare_op(term)
    other = term.value.lower()
    if other in _STAT_FIELDS:
        right, params = _STAT_FIELDS[other], []
    elif other in _CMC_FIELDS:
        right, params = "s.cmc", []
    else:
        right, params = "?", [_number(term)]
    return (f"list_bool_or(list_transform(s.stats, lambda f: {left} {op} {right}))", params)


def _cmc_clause(term: Term) -> Sql:
    value = term.value.lower()
    if value in ("even", "odd") and term.op in (":", "="):
        return f"s.cmc % 2 = {0 if value == 'even' else 1}", []
    if value in _STAT_FIELDS:
        field_sql = _STAT_FIELDS[value]
        return (f"list_bool_or(list_transform(s.stats, lambda f: s.cmc {_compare_op(term)} "
                f"{field_sql}))", [])
    return f"s.cmc {_compare_op(term)} ?", [_number(term)]


# --- is: / not: / has: ---------------------------------------------------------------

_PERMANENT_TYPES = r"\b(artifact|battle|creature|enchantment|land|planeswalker)\b"
_IS: dict[str, tuple[str, str]] = {
    # value: (SQL over s, what it means) -- Scryfall's meanings, from what is stored
    "dfc": ("s.layout IN ('transform', 'modal_dfc', 'double_faced_token', 'reversible_card')",
            "double-faced cards (transform, modal DFC)"),
    "mdfc": ("s.layout = 'modal_dfc'", "modal double-faced cards"),
    "tdfc": ("s.layout = 'transform'", "transforming double-faced cards"),
    "transform": ("s.layout = 'transform'", "transforming double-faced cards"),
    "split": ("s.layout IN ('split', 'aftermath')", "split cards (aftermath too)"),
    "aftermath": ("s.layout = 'aftermath'", "aftermath split cards"),
    "flip": ("s.layout = 'flip'", "flip cards"),
    "meld": ("s.layout = 'meld'", "meld cards"),
    "adventure": ("s.layout = 'adventure'", "cards with an Adventure"),
    "prepare": ("s.layout = 'prepare'", "prepare cards (a prepare spell face)"),
    "leveler": ("s.layout = 'leveler'", "level up cards"),
    "class": ("s.layout = 'class'", "Class enchantments"),
    "saga": ("contains(s.types, 'saga')", "Sagas"),
    "multiface": ("len(s.stats) > 1", "cards with more than one face"),
    "permanent": ("s.is_permanent", "permanent cards (a face is an artifact, battle, creature, "
                  "enchantment, land or planeswalker)"),
    "spell": ("s.is_spell", "cards cast as spells (a face is a nonland card type)"),
    "historic": ("regexp_matches(s.types, '\\b(legendary|artifact|saga)\\b')",
                 "legendary cards, artifacts and Sagas"),
    "legendary": ("contains(s.types, 'legendary')", "legendary cards"),
    "vanilla": ("s.is_vanilla", "creatures with no rules text"),
    "frenchvanilla": ("s.is_frenchvanilla", "creatures whose text is only keywords"),
    "bear": ("contains(s.types, 'creature') AND s.cmc = 2 AND "
             "list_bool_or(list_transform(s.stats, lambda f: f.pow = 2 AND f.tou = 2))",
             "2/2 creatures with mana value 2"),
    "party": ("contains(s.types, 'creature') AND "
              "regexp_matches(s.types, '\\b(cleric|rogue|warrior|wizard)\\b')",
              "creatures of a party type (cleric, rogue, warrior, wizard)"),
    "modal": ("regexp_matches(s.oracle, 'choose (one|two|three|four|any number|one or more)')",
              "modal spells (choose one ...)"),
    "hybrid": ("regexp_matches(coalesce(s.mana, ''), '\\{[wubrgc2]/[wubrg]\\}')",
               "cards with hybrid mana in their cost"),
    "phyrexian": ("regexp_matches(coalesce(s.mana, ''), '\\{([wubrgc2]/)?[wubrgc]?/?p\\}')",
                  "cards with Phyrexian mana in their cost"),
    "commander": ("(regexp_matches(split_part(s.types, chr(10), 1), "
                  "'legendary.*\\b(creature|vehicle|spacecraft)\\b') "
                  "OR contains(s.oracle, 'can be your commander'))",
                  "cards that can be your commander"),
    "funny": ("s.is_funny", "Un-cards, playtest and acorn cards"),
    "digital": ("s.is_digital", "digital-only (Alchemy, online) cards"),
    "token": ("s.is_token", "tokens"),
    "colorless": ("s.color_mask = 0", "colourless cards"),
    "multicolor": ("bit_count(s.color_mask) >= 2", "multicoloured cards"),
    "monocolor": ("bit_count(s.color_mask) = 1", "one-coloured cards"),
}
_IS["multicolour"] = _IS["multicolor"]
_IS["monocolour"] = _IS["monocolor"]
_IS["colourless"] = _IS["colorless"]

_HAS: dict[str, tuple[str, str]] = {
    "indicator": ("s.has_indicator", "cards with a colour indicator"),
    "ja": ("s.has_ja", "cards with Japanese text or names (mtgkit)"),
    "mech": ("s.oracle_id IN (SELECT oracle_id FROM card_mechanics)",
             "cards with a mechanic tag (mtgkit)"),
    "tags": ("s.oracle_id IN (SELECT oracle_id FROM card_mechanics)",
             "cards with a mechanic tag (mtgkit)"),
    "rulings": ("s.oracle_id IN (SELECT oracle_id FROM rulings)", "cards with rulings"),
    "pt": ("list_bool_or(list_transform(s.stats, lambda f: f.pow IS NOT NULL))",
           "cards with power and toughness"),
    "loyalty": ("list_bool_or(list_transform(s.stats, lambda f: f.loy IS NOT NULL))",
                "cards with loyalty"),
}


def _lookup(table: dict[str, tuple[str, str]], term: Term, what: str) -> Sql:
    if term.op not in (":", "="):
        raise QueryError(f"use ':' with {term.key}:", term.position, term.text)
    entry = table.get(term.value.lower())
    if entry is None:
        raise QueryError(f"unknown {what} {term.value!r}; valid: {', '.join(sorted(table))}",
                         term.position, term.text)
    return entry[0], []


# --- sets, rarity, dates, language, layout ---------------------------------------------

_RARITIES = {"common": 0, "c": 0, "uncommon": 1, "u": 1, "rare": 2, "r": 2,
             "mythic": 3, "m": 3, "special": 4, "s": 4, "bonus": 5, "b": 5}
_RARITY_RANK = ("CASE s.rarity WHEN 'common' THEN 0 WHEN 'uncommon' THEN 1 WHEN 'rare' THEN 2 "
                "WHEN 'mythic' THEN 3 WHEN 'special' THEN 4 WHEN 'bonus' THEN 5 END")

_LAYOUTS = ("normal", "split", "flip", "transform", "modal_dfc", "meld", "leveler", "class",
            "case", "saga", "adventure", "mutate", "prototype", "battle", "planar", "scheme",
            "vanguard", "token", "double_faced_token", "emblem", "augment", "host",
            "art_series", "reversible_card", "aftermath", "prepare")


def _rarity_clause(term: Term) -> Sql:
    rank = _RARITIES.get(term.value.lower())
    if rank is None:
        raise QueryError("unknown rarity; valid: common, uncommon, rare, mythic, special, "
                         "bonus (or c, u, r, m, s, b)", term.position, term.text)
    return f"{_RARITY_RANK} {_compare_op(term)} ?", [rank]


def _year_clause(term: Term) -> Sql:
    if not re.fullmatch(r"\d{4}", term.value):
        raise QueryError("a year is four digits, e.g. year>=2020", term.position, term.text)
    return f"year(s.released_at) {_compare_op(term)} ?", [int(term.value)]


def _date_clause(term: Term) -> Sql:
    value = term.value.lower()
    op = _compare_op(term)
    shapes = ((r"\d{4}-\d{2}-\d{2}", ""), (r"\d{4}-\d{2}", "-01"), (r"\d{4}", "-01-01"))
    for pattern, fill in shapes:
        if re.fullmatch(pattern, value):
            try:
                day = date.fromisoformat(value + fill)
            except ValueError:
                break
            return f"s.released_at {op} ?", [day]
    if re.fullmatch(r"[a-z0-9]{2,6}", value):
        # a set code: that set's release date (the earliest stored card of the set)
        return (f"s.released_at {op} (SELECT min(released_at) FROM card_search "
                f"WHERE \"set\" = ?)", [value])
    raise QueryError("a date is YYYY-MM-DD (or YYYY-MM, YYYY, or a set code)", term.position,
                     term.text)


def _lang_clause(term: Term) -> Sql:
    value = term.value.lower()
    if term.op not in (":", "="):
        raise QueryError("use ':' with lang:", term.position, term.text)
    if value in ("en", "english", "any"):
        return "true", []
    if value in ("ja", "jp", "japanese"):
        return "s.has_ja", []
    raise QueryError("mtgkit stores English and Japanese text only; valid: en, ja, any",
                     term.position, term.text)


def _layout_clause(term: Term) -> Sql:
    value = term.value.lower()
    if value not in _LAYOUTS:
        raise QueryError(f"unknown layout; valid: {', '.join(_LAYOUTS)}", term.position,
                         term.text)
    op = "<>" if term.op == "!=" else "="
    return f"s.layout {op} ?", [value]


def _equals_clause(column: str) -> Callable[[Term], Sql]:
    def clause(term: Term) -> Sql:
        if term.op not in (":", "=", "!="):
            raise QueryError(f"use ':' with {term.key}:", term.position, term.text)
        op = "<>" if term.op == "!=" else "="
        return f"{column} {op} ?", [_needs_value(term).lower()]
    return clause


def _keyword_clause(term: Term) -> Sql:
    if term.op not in (":", "="):
        raise QueryError("use ':' with kw:", term.position, term.text)
    return "list_contains(s.keywords, ?)", [_needs_value(term).lower()]


# --- mana costs ------------------------------------------------------------------------

_SYMBOL = re.compile(r"\{[^{}]+\}|[0-9]+|[a-z]", re.I)


def _mana_symbols(term: Term) -> dict[str, int]:
    """``{2}{G}{G}`` or shorthand ``2GG`` as symbol counts (``{2}``: 1, ``{g}``: 2)."""
    value = _needs_value(term).lower()
    counts: dict[str, int] = {}
    pos = 0
    while pos < len(value):
        match = _SYMBOL.match(value, pos)
        if match is None:
            raise QueryError("not a mana cost: write symbols like {2}{G}{G} or 2GG",
                             term.position, term.text)
        symbol = match.group(0)
        symbol = symbol if symbol.startswith("{") else "{" + symbol + "}"
        counts[symbol] = counts.get(symbol, 0) + 1
        pos = match.end()
    return counts


def _mana_clause(term: Term) -> Sql:
    """``m:{G}{G}``: the mana cost holds at least those symbols (Scryfall); ``m=`` exactly."""
    counts = _mana_symbols(term)
    parts: list[str] = []
    params: list[Any] = []
    count_sql = "(length(coalesce(s.mana, '')) - length(replace(coalesce(s.mana, ''), ?, ''))) " \
                "// length(?)"
    for symbol, count in counts.items():
        parts.append(f"{count_sql} >= ?")
        params += [symbol, symbol, count]
    if term.op in (":", ">="):
        return " AND ".join(parts), params
    if term.op == "=":
        # same symbols, nothing else: the cost with those symbols removed is empty
        rest = "coalesce(s.mana, '')"
        for symbol in counts:
            rest = f"replace({rest}, ?, '')"
            params.append(symbol)
        return (" AND ".join(parts) + f" AND {rest} = ''", params)
    raise QueryError("use ':', '>=' or '=' with m:", term.position, term.text)


# --- mtgkit's own: mech: and role: ---------------------------------------------------

def _mechanic_names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    from classifier import MECHANICS, ROLES

    roles = tuple(sorted({r for rs in ROLES.values() for r in rs}))
    return tuple(MECHANICS), roles


def _mech_clause(term: Term) -> Sql:
    mechanics, _ = _mechanic_names()
    value = term.value.lower()
    if term.op not in (":", "="):
        raise QueryError("use ':' with mech:", term.position, term.text)
    if value not in mechanics:
        raise QueryError(f"unknown mechanic {term.value!r}; valid: {', '.join(mechanics)}",
                         term.position, term.text)
    return "s.oracle_id IN (SELECT oracle_id FROM card_mechanics WHERE mechanic = ?)", [value]


def _role_clause(term: Term) -> Sql:
    _, roles = _mechanic_names()
    value = term.value.lower()
    if term.op not in (":", "="):
        raise QueryError("use ':' with role:", term.position, term.text)
    if value not in roles:
        raise QueryError(f"unknown role {term.value!r}; valid: {', '.join(roles)}",
                         term.position, term.text)
    return "s.oracle_id IN (SELECT oracle_id FROM card_mechanics WHERE role = ?)", [value]


# --- the key table ---------------------------------------------------------------------

@dataclass(frozen=True)
class Key:
    names: tuple[str, ...]
    clause: Callable[[Term], Sql]
    meaning: str
    ops: str = ":"  # documentation only: which operators make sense


def _text_key(column: str, self_column: str | None = None) -> Callable[[Term], Sql]:
    return lambda term: _text_clause(column, term, self_column)


def _fo_clause(term: Term) -> Sql:
    if "~" in term.value:
        raise QueryError("~ (the card's own name) works in o:, not in fo:", term.position,
                         term.text)
    return _text_clause("coalesce(s.full_oracle, s.oracle)", term)


KEYS: tuple[Key, ...] = (
    Key(("name", "n"), _name_clause, "name contains (English, faces, Japanese); /regex/"),
    Key(("o", "oracle"), _text_key("s.oracle", "s.oracle_self"),
        "rules text contains, without reminder text (~ = the card's name); /regex/"),
    Key(("fo", "fulloracle"), _fo_clause, "rules text contains, with reminder text; /regex/"),
    Key(("t", "type"), _text_key("s.types"), "type line contains (English or Japanese); /regex/"),
    Key(("c", "color", "colour"), lambda t: _colour_clause("s.color_mask", t, False),
        "colours (':' = at least)", ": = != < <= > >="),
    Key(("id", "identity", "ci", "commander"), lambda t: _colour_clause("s.identity_mask", t, True),
        "colour identity (':' = fits within)", ": = != < <= > >="),
    Key(_CMC_FIELDS, _cmc_clause, "mana value (a number, even, odd)", ": = != < <= > >="),
    Key(("pow", "power"), _stat_clause, "power (a number or tou/loy/cmc)", ": = != < <= > >="),
    Key(("tou", "toughness"), _stat_clause, "toughness", ": = != < <= > >="),
    Key(("loy", "loyalty"), _stat_clause, "loyalty", ": = != < <= > >="),
    Key(("def", "defense"), _stat_clause, "defense (battles)", ": = != < <= > >="),
    Key(("pt", "powtou"), _stat_clause, "power plus toughness", ": = != < <= > >="),
    Key(("kw", "keyword", "keywords"), _keyword_clause, "has this keyword ability"),
    Key(("m", "mana"), _mana_clause, "mana cost holds these symbols ({2}{G} or 2G)", ": >= ="),
    Key(("is",), lambda t: _lookup(_IS, t, "is: value"), "a kind of card (is:dfc, is:spell...)"),
    Key(("not",), lambda t: _not(_lookup(_IS, t, "not: value")), "not:x is -is:x"),
    Key(("has",), lambda t: _lookup(_HAS, t, "has: value"), "has:indicator, has:ja ..."),
    Key(("layout",), _layout_clause, "Scryfall layout (normal, transform, split...)", ": !="),
    Key(("set", "s", "e", "edition"), _equals_clause('s."set"'), "set code", ": !="),
    Key(("cn", "number"), _equals_clause("s.collector_number"), "collector number", ": !="),
    Key(("r", "rarity"), _rarity_clause, "rarity", ": = != < <= > >="),
    Key(("year",), _year_clause, "release year", ": = != < <= > >="),
    Key(("date",), _date_clause, "release date (YYYY-MM-DD or a set code)", ": = != < <= > >="),
    Key(("lang", "language"), _lang_clause, "en, ja or any"),
    Key(("mech", "mechanic"), _mech_clause, "mtgkit: tagged with this mechanic"),
    Key(("role",), _role_clause, "mtgkit: tagged with this role of a mechanic"),
)


def _not(sql: Sql) -> Sql:
    return f"NOT coalesce({sql[0]}, false)", sql[1]


BY_NAME: dict[str, Key] = {name: key for key in KEYS for name in key.names}

# Scryfall keys whose data mtgkit does not store: an error that says so.
NOT_STORED = {
    "a": "artists", "artist": "artists", "ft": "flavor text", "flavor": "flavor text",
    "wm": "watermarks", "watermark": "watermarks", "f": "format legalities",
    "format": "format legalities", "legal": "format legalities", "banned": "format legalities",
    "restricted": "format legalities", "usd": "prices", "eur": "prices", "tix": "prices",
    "cube": "cube lists", "b": "blocks", "block": "blocks", "st": "set types",
    "frame": "frames", "border": "borders", "stamp": "security stamps", "in": "printings",
    "prints": "printings", "sets": "printings", "papersets": "printings", "game": "games",
    "devotion": "devotion", "produces": "produced mana", "art": "art tags",
    "atag": "art tags", "arttag": "art tags", "otag": "Tagger tags", "oracletag": "Tagger tags",
    "function": "Tagger tags", "new": "printing history", "watermarks": "watermarks",
    "illustrations": "illustrations", "prefer": "printing preferences",
}

ORDERS = {
    "name": "s.sort_name", "cmc": "s.cmc", "mv": "s.cmc", "manavalue": "s.cmc",
    "power": "list_max(list_transform(s.stats, lambda f: f.pow))",
    "toughness": "list_max(list_transform(s.stats, lambda f: f.tou))",
    "set": 's."set"', "released": "s.released_at", "date": "s.released_at",
    "rarity": _RARITY_RANK, "color": "s.color_mask", "colour": "s.color_mask",
}


@dataclass
class Options:
    """Display options written in the query (Scryfall's ``order:``, ``direction:``...)."""

    order: str = "s.sort_name"
    descending: bool = False
    seen: set[str] = field(default_factory=set)


def option(term: Term, options: Options) -> bool:
    """Apply ``term`` if it is a display option; False if it is a search term."""
    key = term.key
    if key not in ("order", "direction", "dir", "unique", "include", "display"):
        return False
    value = term.value.lower()
    if key == "order":
        if value not in ORDERS:
            raise QueryError(f"unknown order; valid: {', '.join(sorted(ORDERS))}",
                             term.position, term.text)
        options.order = ORDERS[value]
    elif key in ("direction", "dir"):
        if value not in ("asc", "desc"):
            raise QueryError("direction is asc or desc", term.position, term.text)
        options.descending = value == "desc"
    elif key == "unique":
        if value != "cards":
            raise QueryError("mtgkit stores one printing per card: only unique:cards",
                             term.position, term.text)
    elif key == "include":
        if value != "extras":
            raise QueryError("only include:extras (mtgkit hides nothing)", term.position,
                             term.text)
    else:
        raise QueryError("display: is a page setting, not a search term", term.position,
                         term.text)
    return True


def clause(term: Term) -> Sql:
    """The SQL for one term (not NULL-safe yet: the compiler wraps it in coalesce)."""
    if term.key is None:
        return _name_clause(term)
    key = BY_NAME.get(term.key)
    if key is None:
        if term.key in NOT_STORED:
            raise QueryError(f"mtgkit stores no {NOT_STORED[term.key]}, so {term.key}: cannot "
                             "be answered", term.position, term.text)
        valid = ", ".join(k.names[0] for k in KEYS)
        raise QueryError(f"unknown search key {term.key!r}; valid keys: {valid} (and order:, "
                         "direction:)", term.position, term.text)
    if term.value == "" and term.kind != "string":
        raise QueryError("empty value", term.position, term.text)
    return key.clause(term)
