"""``python -m mtgkit`` runs the command line."""

import sys

from mtgkit.cli import main

sys.exit(main())
