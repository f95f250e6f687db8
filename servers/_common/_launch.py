"""Starts one child program of a server so that its process group dies with the server, even a
server killed with SIGKILL (or by the OOM killer). :func:`servers._common.process.run_command`
(``die_with_server``) runs it as ``python -I -S _launch.py WATCH_FD STATUS_FD GRACE PROGRAM
[ARG...]``, in a session (and process group) of its own; stdlib only, nothing of the servers
imported (it starts fast).

It forks a *watcher* (twice, so that init adopts it and the program never sees it as a child),
then becomes the program with ``execvp``, keeping its pid: the program is still the server's
child and its group's leader. The watcher stays in that group, ignoring SIGTERM and SIGHUP, and
blocks reading ``WATCH_FD``, the read end of a pipe whose only write end the server holds (not
inherited by any child: close-on-exec). The read returns (EOF) once that write end closes: the
server ended the run, or the server process is gone, however it died. The watcher then does
what the server does at a deadline: SIGTERM to the group, SIGKILL to whatever is left (itself
included) after ``GRACE`` seconds or once the program is gone. When the run ends normally the
server kills the group first, watcher included, so it never outlives a run.

A pipe rather than ``PR_SET_PDEATHSIG``: the parent-death signal is sent when the *thread* that
forked exits, reaches only the process that set it (not the program's own children), and is
lost if the server dies before it is set; an end-of-file on the pipe has none of these gaps.

``STATUS_FD`` is close-on-exec: the server reads nothing from it when the program started, or
the ``errno`` of a failed ``execvp`` (the launcher then exits 127), which it raises as the
``OSError`` starting the program directly would have.
"""

import os
import signal
import sys
import time


def _watch(watch_fd: int, grace: float) -> None:
    """In the watcher: wait for the server's end of the pipe to close, then end the group."""
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, signal.SIG_IGN)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # never hold the server's output pipes open
        os.dup2(devnull, fd)
    while True:
        try:
            if not os.read(watch_fd, 64):
                break
        except InterruptedError:
            continue
        except OSError:
            break
    group = os.getpgid(0)
    try:
        os.killpg(group, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            os.kill(group, 0)  # the program (the group's leader) is still there
            time.sleep(0.05)
    except OSError:
        pass
    try:
        os.killpg(group, signal.SIGKILL)  # this watcher too
    finally:
        os._exit(0)


def main(argv: list[str]) -> None:
    watch_fd, status_fd, grace, program = int(argv[1]), int(argv[2]), float(argv[3]), argv[4:]
    first = os.fork()
    if first == 0:
        try:
            os.close(status_fd)  # the server reads it to its end: only the program may hold it
            if os.fork() == 0:
                _watch(watch_fd, grace)
        finally:
            os._exit(0)
    os.waitpid(first, 0)
    os.close(watch_fd)
    os.set_inheritable(status_fd, False)
    try:
        os.execvp(program[0], program)
    except OSError as exc:
        os.write(status_fd, str(exc.errno or 0).encode())
        os._exit(127)


if __name__ == "__main__":
    main(sys.argv)
