"""Run a command and measure what it alone cost: exit status, wall time, CPU and peak RSS.

Why a launcher: Linux charges a child's ``ru_maxrss`` with the resident set of the process it
was forked from (``exec`` records the old address space's high-water mark), so a command started
by a 600 MB pytest process reports 600 MB whatever it did itself. Here the command runs as the
child of a small fresh Python process (about 10 MB), which reads the command's own rusage with
``wait4`` and hands it back through a file. Signals sent to the launcher (SIGINT, SIGTERM,
SIGHUP) are forwarded to the command, and the launcher ends the way the command ended, so a test
can interrupt it as if it were the command. Used by the hardening tests (peak RSS under 600 MB)
and by ``bench/load_cards.py``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

_LAUNCHER = r"""
import os, signal, sys
child = None
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
def forward(sig, _frame):
    if child:  # (None before the fork; 0 in the forked child before its exec)
        try:
            os.kill(child, sig)
        except ProcessLookupError:
            pass
for s in SIGNALS:
    signal.signal(s, forward)
child = os.fork()
if child == 0:
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(child, 0)
# the command is over: a signal now must not end this launcher either (Python's shutdown
# restores the default handlers, and a SIGINT there would look like the command's death)
for s in SIGNALS:
    signal.signal(s, signal.SIG_IGN)
with open(sys.argv[1], "w") as f:
    f.write(f"{usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}")
if os.WIFSIGNALED(status):
    sig = os.WTERMSIG(status)
    signal.signal(sig, signal.SIG_DFL)
    os.kill(os.getpid(), sig)
sys.exit(os.waitstatus_to_exitcode(status))
"""


@dataclass
class Usage:
    """What one measured command cost (``peak_mb`` in MiB; ``cpu`` user + system seconds)."""

    returncode: int
    seconds: float
    peak_mb: float
    cpu: float
    killed: bool


class MeasuredProcess:
    """A command started under the launcher; ``pid`` is the launcher's (signals reach the
    command). The command runs in its own session so a deadline kills launcher and command."""

    def __init__(self, args: list[str], *, cwd: Path | str | None = None,
                 stdout=None, stderr=None, env: dict[str, str] | None = None) -> None:
        fd, self._result = tempfile.mkstemp(prefix="mtgkit-usage-")
        os.close(fd)
        self._start = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-c", _LAUNCHER, self._result, *args],
                                     cwd=cwd, stdout=stdout, stderr=stderr, env=env,
                                     start_new_session=True)
        self.pid = self.proc.pid

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def wait(self, timeout: float | None = None) -> Usage:
        """Wait for the end (killing launcher and command after ``timeout`` seconds)."""
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            self.kill()

        timer = threading.Timer(timeout, kill) if timeout is not None else None
        if timer:
            timer.start()
        try:
            self.proc.wait()
        finally:
            if timer:
                timer.cancel()
        seconds = time.perf_counter() - self._start
        try:
            text = Path(self._result).read_text().split()
            peak_kib, cpu = float(text[0]), float(text[1])
        except (OSError, IndexError, ValueError):  # killed before the command ended
            peak_kib, cpu = 0.0, 0.0
        finally:
            Path(self._result).unlink(missing_ok=True)
        return Usage(self.proc.returncode, seconds, peak_kib / 1024, cpu, killed.is_set())
