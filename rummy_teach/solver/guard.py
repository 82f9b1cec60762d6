"""Every solve the app, a bot or the command line starts runs under a guard: never stuck.

The solve itself has deterministic limits only (``model``: HiGHS node and iteration limits), so
the same position gives the same answer on any machine under any load. The guard is a watchdog on
top: the solve runs in a worker process, reused from solve to solve; when no answer comes within
``TIMEOUT`` seconds the worker is ended and replaced on the next solve, and the caller gets
``NoAnswerInTime`` (its learner-facing message is ``solver.no_answer``). The caller's process never
hangs. The watchdog is far above any solve the deterministic limits allow, so it only ever fires
when HiGHS itself misbehaves.

A session's first solves do not wait for the worker's interpreter and imports (issue 12: the first
solve within 150 ms): until the worker is ready they run in the caller's process, in a thread the
watchdog waits for in the same way (HiGHS lets go of the GIL while it runs). The worker is started
right after the first of them. A local solve that gives no answer in time is left to finish on its
own (a thread cannot be ended) and every later solve goes to the worker. The answers are the same
either way: the limits are deterministic and nothing HiGHS keeps between solves changes an answer.

``guarded_play`` and ``guarded_opening`` are ``best_play`` and ``best_opening`` under the guard.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from rummy_teach import messages
from rummy_teach.errors import SolverError
from rummy_teach.pieces import Tile
from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import TileSet
from rummy_teach.solver.solution import Solution

__all__ = [
    "STARTUP",
    "TIMEOUT",
    "Guard",
    "NoAnswerInTime",
    "Task",
    "default_guard",
    "guarded_opening",
    "guarded_play",
    "run_task",
]

TIMEOUT = 20.0
"""Seconds the watchdog waits for an answer."""
STARTUP = 120.0
"""Seconds the watchdog waits for a new worker to be ready (its imports, on a busy machine)."""

_BOOT = """\
import sys
from multiprocessing.connection import Connection
connection = Connection(int(sys.argv[1]))
sys.path[:] = connection.recv()
from rummy_teach.solver.guard import _serve
_serve(connection, connection.recv())
"""
"""The worker's program: its line to the caller, the caller's ``sys.path``, then ``_serve``."""


class NoAnswerInTime(SolverError):
    """The guarded solve gave no answer within the watchdog's time; ``key`` words it for learners."""

    key = "solver.no_answer"

    def __init__(self, seconds: float) -> None:
        """Say how long the watchdog waited."""
        super().__init__(messages.text(self.key, seconds=f"{seconds:g}"))
        self.seconds = seconds


@dataclass(frozen=True, slots=True)
class Task:
    """One solve for the worker: an opening or a play, on plain picklable values."""

    kind: Literal["opening", "play"]
    rack: TileSet
    table: tuple[TileSet, ...]
    rules: RummikubRules
    objective: Literal["tiles", "points"] = "tiles"
    language: str = "en"
    """The caller's language: a refusal (``RulesError``) is worded in it, as if solved there."""


def run_task(task: Task) -> Solution | None:
    """Solve ``task`` in this process (what the worker runs), speaking the task's language."""
    from rummy_teach.languages import speaking
    from rummy_teach.solver.opening import best_opening
    from rummy_teach.solver.play import best_play

    with speaking(task.language):
        if task.kind == "opening":
            return best_opening(task.rack, task.rules, table=task.table)
        return best_play(task.rack, task.table, task.rules, objective=task.objective)


def _serve(connection: Any, target: Callable[[Task], Solution | None]) -> None:
    """The worker's loop: warm up, answer each task ("ok" or "error"), end once the caller is gone.

    It ignores SIGINT: an interrupt or a shutdown of the kernel that started it reaches the whole
    process group, and the guard, not the signal, ends a worker whose caller was interrupted."""
    import pickle
    import signal

    from rummy_teach.solver import model

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    model.warm_up()
    try:
        connection.send(("ready", None))
        while True:
            task = connection.recv()
            try:
                answer: tuple[str, Any] = ("ok", target(task))
            except Exception as error:  # the worker reports every failure to the caller
                answer = ("error", error)
            try:
                message = pickle.dumps(answer)
            except Exception as error:  # an answer that cannot be pickled: said, not lost
                message = pickle.dumps(("error", error))
            connection.send_bytes(message)
    except (EOFError, OSError):  # the caller is gone (a kernel ended mid-solve): nobody to answer
        return


class Guard:
    """A watchdog around solves: a reusable worker process and a time after which it gives up."""

    def __init__(
        self,
        target: Callable[[Task], Solution | None] = run_task,
        timeout: float = TIMEOUT,
        *,
        local: bool = True,
    ) -> None:
        """A guard running ``target`` (a module-level function) in a worker, ``timeout`` seconds each;
        with ``local`` the solves before the worker is ready run in this process (in a thread)."""
        self.target = target
        self.timeout = timeout
        self.local = local
        self._lock = threading.Lock()
        self._process: Any = None
        self._connection: Any = None
        self._ready = False
        self._starter: threading.Thread | None = None

    def _start(self) -> None:
        """Start the worker: a fresh interpreter that runs the solver and nothing of the caller's.

        A fresh interpreter, not a fork, is safe inside a Jupyter kernel's threads. It is not
        ``multiprocessing``'s spawn either, which runs the caller's main module again in the
        worker: a plain script that played a game at its top level ran twice, and there the
        worker's own start failed. The worker gets this process's ``sys.path`` (so ``target``
        imports there as here) and one end of a socket pair, read as a ``Connection``."""
        import pickle
        import socket
        import subprocess
        import sys
        from multiprocessing.connection import Connection

        # pickled before the worker starts: a target that cannot be pickled starts nothing
        setup = [pickle.dumps(sys.path), pickle.dumps(self.target)]
        mine, theirs = socket.socketpair()
        try:
            process = subprocess.Popen(
                [sys.executable, "-P", "-c", _BOOT, str(theirs.fileno())],
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL,
            )
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        connection = Connection(mine.detach())
        for message in setup:  # sys.path first: the worker imports the target's module by it
            connection.send_bytes(message)
        self._process, self._connection, self._ready = process, connection, False

    def _alive(self) -> bool:
        """True while the worker process runs."""
        return self._process is not None and self._process.poll() is None

    def _start_later(self) -> None:
        """Start the worker in a thread of its own (the caller does not wait for it)."""
        self._starter = threading.Thread(
            target=self._start, daemon=True, name="rummy-teach-solver-start"
        )
        self._starter.start()

    def _settle(self) -> None:
        """Wait until a worker being started in the background has been started."""
        starter, self._starter = self._starter, None
        if starter is not None:
            starter.join()

    def stop(self) -> None:
        """End the worker, if there is one (the next solve starts another)."""
        self._settle()
        process, connection = self._process, self._connection
        self._process = self._connection = None
        self._ready = False
        if connection is not None:
            connection.close()
        if process is not None:
            import subprocess

            process.kill()  # nothing if it has ended already
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(5)  # reaped: no zombie left behind

    def _worker_ready(self) -> bool:
        """True when a live worker has finished its imports (without waiting for it)."""
        if self._starter is not None and self._starter.is_alive():
            return False
        self._settle()
        if not self._alive():
            return False
        if not self._ready:
            try:
                if not self._connection.poll(0):
                    return False
                self._connection.recv()  # ("ready", None)
            except (EOFError, OSError):
                return False
            self._ready = True
        return True

    def solve(self, task: Task) -> Solution | None:
        """The worker's answer to ``task``; ``NoAnswerInTime`` when none comes in time.

        An error raised in the worker is raised here; a worker that dies counts as no answer."""
        with self._lock:
            if self.local and not self._worker_ready():
                return self._solve_here(task)
            self._settle()
            if not self._alive():
                self.stop()
                self._start()
            try:
                if not self._ready:
                    self._receive(STARTUP)  # the worker is ready (its imports done)
                    self._ready = True
                self._connection.send(task)
                kind, value = self._receive(self.timeout)
            except BaseException:  # no answer in time, or the caller interrupted (Ctrl-C): a
                self.stop()  # worker still at this task would give its answer to the next one
                raise
            if kind == "error":
                raise value
            return value  # type: ignore[no-any-return]

    def _solve_here(self, task: Task) -> Solution | None:
        """``task`` solved in this process under the watchdog, while the worker gets ready."""
        outcome: list[tuple[str, Any]] = []

        def work() -> None:
            try:
                outcome.append(("ok", self.target(task)))
            except BaseException as error:  # the caller gets every failure
                outcome.append(("error", error))

        thread = threading.Thread(target=work, daemon=True, name="rummy-teach-solve")
        thread.start()
        thread.join(self.timeout)
        if self._starter is None and not self._alive():
            self.stop()
            self._start_later()  # after the solve: its start-up does not slow this answer
        if not outcome:  # stuck: it may never end, so every later solve goes to the worker
            self.local = False
            raise NoAnswerInTime(self.timeout)
        kind, value = outcome[0]
        if kind == "error":
            raise value
        return value  # type: ignore[no-any-return]

    def _receive(self, seconds: float) -> tuple[str, Any]:
        """The worker's next message, or ``NoAnswerInTime`` after ``seconds`` or if it died."""
        try:
            if self._connection.poll(seconds):
                message: tuple[str, Any] = self._connection.recv()
                return message
        except (EOFError, OSError):
            pass
        raise NoAnswerInTime(self.timeout)


_default = Guard()
atexit.register(_default.stop)


def default_guard() -> Guard:
    """The guard every hint, review, strong bot and command-line solve runs under."""
    return _default


def guarded_play(
    rack: Iterable[Tile],
    table: Iterable[Iterable[Tile]],
    rules: RummikubRules,
    *,
    objective: Literal["tiles", "points"] = "tiles",
    guard: Guard | None = None,
) -> Solution:
    """``best_play`` under the guard; ``NoAnswerInTime`` instead of hanging."""
    task = Task("play", tuple(rack), _sets(table), rules, objective, messages.get_language())
    answer = (guard or default_guard()).solve(task)
    assert answer is not None
    return answer


def guarded_opening(
    rack: Iterable[Tile],
    rules: RummikubRules,
    *,
    table: Iterable[Iterable[Tile]] = (),
    guard: Guard | None = None,
) -> Solution | None:
    """``best_opening`` under the guard; ``NoAnswerInTime`` instead of hanging."""
    task = Task("opening", tuple(rack), _sets(table), rules, language=messages.get_language())
    return (guard or default_guard()).solve(task)


def _sets(table: Iterable[Iterable[Tile]]) -> tuple[TileSet, ...]:
    """The table as tuples (picklable, and checked by the solver in the worker)."""
    return tuple(tuple(tiles) for tiles in table)
