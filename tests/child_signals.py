"""How tests start a child process that they interrupt with a real SIGINT.

Why: a process started in the background by a non-interactive shell (``cmd &``, nohup, some
CI runners) has SIGINT ignored, and every child inherits that; a Python child then never
sees the test's Ctrl-C, and whether a run stops came down to timing. The child gets SIGINT's
default action back before it starts, so it reacts as under a user's terminal.
"""

from __future__ import annotations

import signal


def default_sigint() -> None:
    """``preexec_fn`` for a child: SIGINT back to its default action (Python then installs
    its KeyboardInterrupt handler at start-up)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
