"""One module per ``mtgkit`` subcommand; each defines ``register(subparsers)``.

A command's parser sets ``func`` to a callable taking the parsed arguments and
returning an exit status. ``args.db`` (a path or ``None``) is the global ``--db``.
"""
