"""``python -m mtgkit`` runs the command line."""

import signal
import sys

from mtgkit.cli import main

code = main()
# The command is done (its own Ctrl-C handling is over): a Ctrl-C during interpreter shutdown
# would otherwise end the process by SIGINT (status -2), as if the work had been lost.
signal.signal(signal.SIGINT, signal.SIG_IGN)
sys.exit(code)
