"""``python -m mtgkit`` runs the command line."""

import signal
import sys

from mtgkit.cli import main

try:
    code = main()
    # The command is done (its own Ctrl-C handling is over): a Ctrl-C during interpreter
    # shutdown would otherwise end the process by SIGINT (status -2), as if work were lost.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
except KeyboardInterrupt:  # one that landed between the command's end and the line above
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    print("mtgkit: interrupted; what was committed is kept", file=sys.stderr)
    code = 130
sys.exit(code)
