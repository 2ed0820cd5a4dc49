"""One module per ``mtgkit`` subcommand; each defines ``register(subparsers)``.

A command's parser sets ``func`` to a callable taking the parsed arguments and
returning an exit status. ``args.db`` (a path or ``None``) is the global ``--db``.
"""

# Each command's one-line help, as its module's ``register`` gives it: the CLI lists the
# commands from here without importing their modules (tests/cli/test_cli_lazy.py checks it).
HELP = {
    "build": "load cards (default: the embedded sample) and tag their mechanics",
    "check-rulings": "run the scenarios linked to rulings/rules and report coverage",
    "classify": "tag cards by mechanic (day_night, initiative, prepare, end_the_turn)",
    "coverage": "how many mechanic cards the Oracle-text compiler fully supports",
    "export": "write cards with their tags (or a stored table) as Parquet, CSV or JSON Lines",
    "load": "load Scryfall card or ruling files (.json, .jsonl, .jsonl.gz)",
    "play": "run scenario files (sample games) and check them",
    "report": "an HTML report with charts of one simulation run",
    "scrape": "fetch MTG Wiki pages or Scryfall cards into the database",
    "search": "search cards with Scryfall's syntax (t:, o:, c:, id:, is:, mech:, role: ...)",
    "serve": "serve a search page, card pages and a Scryfall-compatible JSON API",
    "simulate": "play seeded two-player games between two decks and record them",
}
