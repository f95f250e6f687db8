"""The detached supervisor of one agent task: ``python -m servers.fleet._supervisor``.

    python -m servers.fleet._supervisor RUN_DIR WORKTREE [--budget-usd X] -- claude -p "fix it"

It forks once (so the server that launched it never has to reap it) and, in its own session,
runs the command in WORKTREE in a new process group, with no shell. It writes to RUN_DIR:

- ``run.json``     who runs: the supervisor's and the task's pid and process start identity
- ``output.jsonl`` one JSON object a line: ``{"time", "level", "message"}``; standard output is
                   INFO, standard error WARN; the supervisor's own notes are INFO and its exit
                   line INFO on status 0, ERROR otherwise
- ``usage.json``   the tokens and cost the agent's CLI reported so far, when its command asks
                   for machine-readable output (:mod:`servers.fleet._usage`): then the
                   log gets the agent's words from it, not the JSON
- ``exit.json``    how it ended: exit code or signal, the time, whether it was interrupted or
                   stopped, and why when the supervisor stopped it (written last, atomically)

With ``--budget-usd X`` the task is stopped once the cost its CLI reports passes X.

SIGINT is forwarded to the task's process group (the agent's own interrupt: Ctrl-C); SIGTERM
stops the task (SIGTERM to its group, SIGKILL after a grace period). When the task's leader
exits, everything it started is killed: its process group, every process carrying the run's
environment marker (``FLEET_RUN``, even one that called ``setsid``) and every orphan re-parented
to the supervisor, a child subreaper (see :mod:`servers.fleet._procs`). Then what the task left in
the worktree is committed on the agent's branch (:mod:`servers.fleet._checkpoint`), before
``exit.json`` is written: an agent seen idle has its work committed.

Once ``run.json`` is written the supervisor prints one line of JSON to its standard output
(``{"ok": true}``, or ``{"ok": false, "error": ...}`` when the command could not be started) and
closes it: the launcher waits for it.

Any later server process reads the records back: a task outlives the server that started it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from servers.fleet._checkpoint import checkpoint, checkpoint_message
from servers.fleet._procs import MARKER_VAR, become_subreaper, children_of, kill_all, marked, marker
from servers.fleet._usage import AgentUsage, reader_for

__all__ = [
    "EXIT_FILE",
    "OUTPUT_FILE",
    "RUN_FILE",
    "USAGE_FILE",
    "is_alive",
    "process_start",
    "write_json",
]

RUN_FILE = "run.json"
USAGE_FILE = "usage.json"
EXIT_FILE = "exit.json"
OUTPUT_FILE = "output.jsonl"
STOP_GRACE_SECONDS = 3.0


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def process_start(pid: int) -> str | None:
    """An identity of process ``pid`` that a reused pid does not share (boot id and start
    time), or None if it is not running (a zombie counts as gone). On systems without /proc,
    the empty string for a running process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return None
    except OSError:
        return _kill0(pid)
    fields = stat[stat.rindex(")") + 2 :].split()
    if fields[0] in ("Z", "X"):
        return None
    return f"{_boot_id()}:{fields[19]}"


def _kill0(pid: int) -> str | None:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return ""
    return ""


def is_alive(pid: int, start: str | None) -> bool:
    """Whether the process recorded as (``pid``, ``start``) is still the one running."""
    if not Path("/proc/self/stat").exists():
        return _kill0(pid) is not None
    current = process_start(pid)
    return current is not None and current == start


def write_json(path: Path, body: dict[str, Any]) -> None:
    """Write ``body`` to ``path`` atomically (readers see all of it or nothing)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(body), encoding="utf-8")
    os.replace(tmp, path)


class _Supervisor:
    def __init__(
        self, run_dir: Path, cwd: Path, command: Sequence[str], budget: float | None = None
    ) -> None:
        self.run_dir = run_dir
        self.budget = budget
        self.reader = reader_for(command)
        self.usage: AgentUsage | None = None
        self.reason: str | None = None  # why the supervisor stopped the task
        self.cwd = cwd
        self.command = list(command)
        self.lock = threading.RLock()
        self.output: IO[str] = open(run_dir / OUTPUT_FILE, "a", encoding="utf-8")  # noqa: SIM115
        self.process: subprocess.Popen[bytes] | None = None
        self.interrupted = False
        self.stopped = False

    def line(self, level: str, message: str) -> None:
        with self.lock:  # stamped under the lock: the file's order is the stamps' order
            entry = json.dumps({"time": _now(), "level": level, "message": message})
            self.output.write(entry + "\n")
            self.output.flush()

    def _signal_group(self, signum: int) -> None:
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signum)

    def on_interrupt(self, signum: int, frame: object) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.interrupted = True
        self.line("INFO", "interrupt sent (SIGINT)")
        self._signal_group(signal.SIGINT)

    def on_stop(self, signum: int, frame: object) -> None:
        if self.process is None or self.stopped:
            return
        self.stopped = True
        self.line("INFO", "stopping (SIGTERM)")
        self._signal_group(signal.SIGTERM)
        timer = threading.Timer(STOP_GRACE_SECONDS, self._signal_group, (signal.SIGKILL,))
        timer.daemon = True
        timer.start()

    def _pump(self, stream: IO[bytes], level: str) -> None:
        reader = self.reader if level == "INFO" else None
        for raw in iter(stream.readline, b""):
            text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            if reader is None:
                self.line(level, text)
                continue
            for said in reader.feed(text):
                self.line(level, said)
            self._note_usage()
        if reader is not None:
            for said in reader.finish():
                self.line(level, said)
            self._note_usage(ended=True)
        stream.close()

    def _note_usage(self, ended: bool = False) -> None:
        """Record the usage reported so far; stop the task once its cost passes the budget
        (``ended``: its output is over, as a CLI that reports only at its end has it)."""
        assert self.reader is not None
        usage = self.reader.usage
        if usage == self.usage:
            return
        self.usage = usage
        write_json(self.run_dir / USAGE_FILE, usage.as_dict())
        cost = usage.cost_usd
        if self.budget is not None and cost is not None and cost > self.budget and not self.reason:
            self.reason = f"its cost ${cost:.4f} passed its budget ${self.budget:.4f}"
            if ended:  # its output is over: nothing more to stop, the reason is the record
                self.line("ERROR", f"the task ended over budget: {self.reason}")
            else:
                self.line("ERROR", f"stopping the task: {self.reason}")
                self.on_stop(signal.SIGTERM, None)

    def run(self, handshake: IO[str]) -> int:
        signal.signal(signal.SIGINT, self.on_interrupt)
        signal.signal(signal.SIGTERM, self.on_stop)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        try:
            process = subprocess.Popen(
                self.command,
                cwd=self.cwd,
                env={**os.environ, MARKER_VAR: marker(self.run_dir)},
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                process_group=0,
            )
        except OSError as exc:
            reason = f"cannot start {self.command[0]!r}: {exc.strerror or exc}"
            handshake.write(json.dumps({"ok": False, "error": reason}) + "\n")
            handshake.close()
            return 1
        self.process = process
        write_json(
            self.run_dir / RUN_FILE,
            {
                "supervisor": {"pid": os.getpid(), "start": process_start(os.getpid())},
                "task": {"pid": process.pid, "start": process_start(process.pid)},
                "started_at": _now(),
            },
        )
        handshake.write(json.dumps({"ok": True, "pid": process.pid}) + "\n")
        handshake.close()
        pumps = [
            threading.Thread(target=self._pump, args=(process.stdout, "INFO"), daemon=True),
            threading.Thread(target=self._pump, args=(process.stderr, "WARN"), daemon=True),
        ]
        for pump in pumps:
            pump.start()
        returncode = process.wait()
        self._end_leftovers()
        for pump in pumps:
            pump.join(timeout=5)
        self._finish(returncode)
        return 0

    def _end_leftovers(self) -> None:
        """Kill whatever the task started that is still running, wherever it went."""
        self._signal_group(signal.SIGKILL)
        value = marker(self.run_dir)
        killed = kill_all(lambda: {*marked(value), *children_of(os.getpid())})
        if killed:
            self.line("INFO", f"ended {killed} process(es) the task left running")
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, os.WNOHANG)[0] > 0:  # the orphans we inherited, now dead
                pass

    def _finish(self, returncode: int) -> None:
        signal_name = None
        if returncode < 0:
            signal_name = signal.Signals(-returncode).name
            ending = f"was killed by {signal_name}"
        else:
            ending = f"exited with status {returncode}"
        if self.interrupted or self.stopped:
            ending += " after it was " + ("stopped" if self.stopped else "interrupted")
        saved = checkpoint(self.cwd, checkpoint_message(os.environ.get("FLEET_TASK", ""), ending))
        if not saved.skipped:
            self.line("WARN" if saved.error else "INFO", saved.describe())
        if self.usage is not None:
            self.line("INFO", f"usage: {self.usage.line()}")
        if signal_name is not None:
            self.line("ERROR", f"killed by {signal_name}")
        else:
            self.line("INFO" if returncode == 0 else "ERROR", f"exited with status {returncode}")
        write_json(
            self.run_dir / EXIT_FILE,
            {
                "exit_code": returncode if returncode >= 0 else None,
                "signal": signal_name,
                "ended_at": _now(),
                "interrupted": self.interrupted,
                "stopped": self.stopped,
                "reason": self.reason,
                "checkpoint": saved.commit,
                "checkpoint_error": saved.error,
            },
        )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    budget: float | None = None
    if len(args) > 4 and args[2] == "--budget-usd":
        try:
            budget = float(args[3])
        except ValueError:
            budget = -1.0
        args = [*args[:2], *args[4:]]
    if len(args) < 4 or args[2] != "--" or (budget is not None and budget < 0):
        print(
            "usage: python -m servers.fleet._supervisor RUN_DIR CWD [--budget-usd X] -- COMMAND...",
            file=sys.stderr,
        )
        return 2
    run_dir, cwd, command = Path(args[0]), Path(args[1]), args[3:]
    if os.fork() > 0:  # the launcher reaps this parent at once; the supervisor lives on
        os._exit(0)
    become_subreaper()
    # Our standard output is the launcher's handshake pipe; anything else goes to a file.
    handshake = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_RDWR)
    log = os.open(run_dir / "supervisor.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.dup2(log, 2)
    return _Supervisor(run_dir, cwd, command, budget).run(handshake)


if __name__ == "__main__":
    sys.exit(main())
