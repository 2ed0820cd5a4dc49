"""``mtgkit serve``: a local web app and a Scryfall-compatible JSON API over a card store.

:func:`create_app` builds the Starlette application (read-only on the database); the command
module runs it under uvicorn. See docs/architecture.md for the parts.
"""

from mtgkit.web.app import create_app

__all__ = ["create_app"]
