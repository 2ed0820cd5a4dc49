"""Links from a card to Scryfall and to the Japanese MTG Wiki (mtgwiki.com).

MTG Wiki card pages are titled ``日本語名/English Name``; a card with no Japanese name uses
the English name alone, and split cards join their halves with ``+`` (``生+死/Life+Death``;
see ``shared/spec/mtgwiki.md``). Other multi-face cards (transform, prepare, adventure) have
their page under the front face's names. Spaces become ``_`` and the rest is percent-encoded,
keeping the ``/`` between the names.
"""

from __future__ import annotations

from urllib.parse import quote

from mtgkit.web.cards import Card

MTGWIKI = "http://mtgwiki.com/wiki/"
_JOINED_LAYOUTS = {"split", "aftermath", "flip"}


def mtgwiki_title(card: Card) -> str:
    """The MTG Wiki page title of ``card``."""
    faces = card.faces
    if len(faces) > 1 and (card.layout or "") in _JOINED_LAYOUTS:
        english = "+".join(f.name or "" for f in faces)
        japanese = "+".join(f.name_ja or "" for f in faces) if all(
            f.name_ja for f in faces) else None
    elif len(faces) > 1:
        english, japanese = faces[0].name or card.name, faces[0].name_ja or card.name_ja
    else:
        english, japanese = card.name, card.name_ja
    return f"{japanese}/{english}" if japanese else english


def mtgwiki_url(title: str) -> str:
    return MTGWIKI + quote(title.replace(" ", "_"), safe="/")


def scryfall_url(card: Card, scryfall_uri: str | None = None) -> str:
    """The card's own Scryfall page when the stored object has one, else an exact-name search."""
    if scryfall_uri and scryfall_uri.startswith("https://scryfall.com/"):
        return scryfall_uri
    return "https://scryfall.com/search?q=" + quote(f'!"{card.name}"', safe="")
