"""The guard: every solve the app, a bot or the command line starts gives an answer or says it has
none in time, and the process lives on (K-TURN-1, K-OPEN-3)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.cli import main
from rummy_teach.rummikub import RummikubBot, from_position
from rummy_teach.rummikub.bots import greedy_table
from rummy_teach.rummikub.moves import Draw, Play
from rummy_teach.solver import best_play, guard, hint, review
from rummy_teach.solver.guard import STARTUP, Guard, NoAnswerInTime, Task, guarded_play, run_task
from rummy_teach.solver.hints import NO_ANSWER
from rummy_teach.solver.solution import Solution

RULES = RummikubRules()
T = parse_tiles


def stuck_solve(task: Task) -> Solution | None:
    """A solve whose HiGHS run never returns: ``model._run`` patched in the worker to sleep."""
    from rummy_teach.solver import model

    model._run = lambda highs: time.sleep(3600)
    return run_task(task)


@pytest.fixture
def stuck(monkeypatch: pytest.MonkeyPatch) -> Iterator[Guard]:
    """The default guard replaced by one whose solves hang, with a short watchdog."""
    slow = Guard(target=stuck_solve, timeout=1.0, local=False)
    monkeypatch.setattr(guard, "_default", slow)
    yield slow
    slow.stop()


def test_a_stuck_solve_gives_no_answer_and_the_next_solve_works() -> None:
    """K-TURN-1: a solve that hangs ends in ``NoAnswerInTime``; the guard then solves again."""
    slow = Guard(target=stuck_solve, timeout=1.0, local=False)
    try:
        with pytest.raises(NoAnswerInTime) as caught:
            guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=slow)
        assert "no answer" in str(caught.value)
        assert not slow._process  # the stuck worker was ended
        slow.target = run_task
        play = guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=slow)
        assert play.tiles == 1
        again = guarded_play(T("R5 R6 R7"), [], RULES, guard=slow)
        assert again.tiles == 3  # the same worker, reused
    finally:
        slow.stop()


def test_a_stuck_local_solve_gives_no_answer_and_the_worker_takes_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """K-TURN-1: a first solve run in this process that hangs ends in ``NoAnswerInTime`` too; the
    thread is left to itself and every later solve goes to the worker."""
    import threading

    from rummy_teach.solver import model

    release = threading.Event()
    run = model._run

    def stuck_run(highs: object) -> None:
        release.wait(60)
        run(highs)

    monkeypatch.setattr(model, "_run", stuck_run)
    local = Guard(timeout=1.0)
    try:
        with pytest.raises(NoAnswerInTime):
            guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=local)
        assert not local.local  # no more solves in this process
        play = guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=local)
        assert play.tiles == 1 and local._ready  # the worker's answer
    finally:
        release.set()
        local.stop()


def test_the_first_solves_run_here_until_the_worker_is_ready() -> None:
    """K-TURN-1: a fresh guard answers at once in this process, starts its worker afterwards and
    hands the solves to it once it is ready; the answers are the direct ones either way."""
    fresh = Guard()
    rack, table = T("R4 B7 B8"), [T("R1 R2 R3"), T("B4 B5 B6")]
    try:
        first = guarded_play(rack, table, RULES, guard=fresh)
        assert first == best_play(rack, table, RULES)
        assert fresh._starter is not None or fresh._process is not None  # the worker is coming
        fresh._settle()
        assert fresh._connection.poll(STARTUP)  # its "ready"
        assert guarded_play(rack, table, RULES, guard=fresh) == first
        assert fresh._ready  # that one was the worker's
    finally:
        fresh.stop()


def test_errors_in_the_worker_reach_the_caller() -> None:
    """K-MELD-1: an invalid table set raises the solver's own error through the guard."""
    from rummy_teach.errors import RulesError

    with pytest.raises(RulesError):
        guarded_play(T("R4"), [T("R1 R2")], RULES)


def test_guarded_answers_equal_direct_ones() -> None:
    """K-TURN-1: the guard's answer is the solver's answer."""
    from rummy_teach.solver import best_play

    rack, table = T("R4 B7 B8"), [T("R1 R2 R3"), T("B4 B5 B6")]
    assert guarded_play(rack, table, RULES) == best_play(rack, table, RULES)


def _state() -> object:
    return from_position([T("R4 R5 K9"), T("B1 B2 O7")], table=[T("R1 R2 R3")], opened=[True, True])


def test_a_hint_without_an_answer_says_so(stuck: Guard) -> None:
    """K-OPEN-3: a hint whose solve hangs says there is no answer in time; the move is a draw."""
    state = _state()
    advice = hint(state)  # type: ignore[arg-type]
    assert advice.reason == NO_ANSWER and advice.play is None
    assert isinstance(advice.move, Draw)
    assert "no answer" in advice.message


def test_a_review_without_an_answer_says_so(stuck: Guard) -> None:
    """K-TURN-1: a review whose solve hangs says it cannot tell."""
    before = _state()
    after = before.apply(Draw())  # type: ignore[attr-defined]
    verdict = review(before, after)  # type: ignore[arg-type]
    assert verdict.reason == "solver.review_no_answer"
    assert "cannot say" in verdict.message


def test_the_strong_bot_falls_back_to_the_easy_move(stuck: Guard) -> None:
    """K-TURN-1: when the solve hangs the strong bot plays what the easy bot plays."""
    state = _state()
    move = RummikubBot("strong").choose(state)  # type: ignore[arg-type]
    assert move == RummikubBot("easy").choose(state)  # type: ignore[arg-type]
    expected = greedy_table(state.rack, state.table, RULES, opened=True)  # type: ignore[attr-defined]
    assert move == (Draw() if expected is None else Play(expected))


def test_the_cli_says_no_answer_in_time(stuck: Guard, capsys: pytest.CaptureFixture[str]) -> None:
    """K-TURN-1: ``rummy-teach solve`` exits 3 with a message when the solve hangs."""
    assert main(["solve", "R4", "--table", "R1 R2 R3"]) == 3
    assert "No answer" in capsys.readouterr().err


def test_the_solve_path_reads_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """K-TURN-1: with every Python clock jumping an hour per reading, the answers are the same.

    The limits are HiGHS node and iteration counts only, so no clock can change an answer."""
    import json
    from pathlib import Path

    from rummy_teach.solver import best_opening, best_play

    data = Path(__file__).resolve().parent.parent / "benchmarks" / "data"
    positions = json.loads((data / "rummikub_positions.json").read_text())["positions"][::15]

    def answers() -> list[object]:
        found: list[object] = []
        for position in positions:
            rack = T(" ".join(position["rack"]))
            table = [T(" ".join(tiles)) for tiles in position["table"]]
            if position["tier"] == "opening":
                found.append(best_opening(rack, RULES))
            else:
                play = best_play(rack, table, RULES)
                assert play.proven, position["id"]
                found.append(play)
        return found

    calm = answers()
    jump = iter(range(0, 10**9, 3600))
    for name in ("time", "monotonic", "perf_counter", "process_time"):
        monkeypatch.setattr(time, name, lambda: float(next(jump)))
        monkeypatch.setattr(time, f"{name}_ns", lambda: next(jump) * 10**9)
    assert answers() == calm


def test_the_strong_bot_plays_the_same_game_twice() -> None:
    """K-TURN-1: two strong bots from the same deal play the same moves, whatever else ran first
    (the one HiGHS instance is reused, and nothing it keeps between solves changes an answer)."""
    from rummy_teach.rummikub import deal

    def game(warm: bool) -> list[object]:
        if warm:  # something else solved first, in this process and in the worker
            best_play(T("K1 K2 K3 R9"), [T("R5 R6 R7 R8")], RULES)
            guarded_play(T("B9 B10 B11"), [], RULES)
        state = deal(2, seed=5)
        bot = RummikubBot("strong")
        moves: list[object] = []
        for _ in range(16):
            if state.is_over:
                break
            move = bot.choose(state)
            moves.append(move)
            state = state.apply(move)
        return moves

    assert game(False) == game(True)


def slow_solve(task: Task) -> Solution | None:
    """A solve that takes a second: long enough to interrupt its caller meanwhile."""
    time.sleep(1.0)
    return run_task(task)


def test_an_interrupted_caller_never_gets_the_answer_of_the_solve_it_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C (KeyboardInterrupt) while the worker has a task ends that worker: the next solve
    gets its own answer, not the one the interrupted solve would have had."""
    worker = Guard(target=slow_solve, timeout=30.0, local=False)
    try:
        assert guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=worker).tiles == 1  # ready
        waiting = worker._receive

        def interrupted(seconds: float) -> tuple[str, object]:
            monkeypatch.setattr(worker, "_receive", waiting)
            raise KeyboardInterrupt

        monkeypatch.setattr(worker, "_receive", interrupted)
        with pytest.raises(KeyboardInterrupt):
            guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=worker)  # one tile placed
        assert worker._process is None  # the worker with the left task was ended
        again = guarded_play(T("R5 R6 R7"), [], RULES, guard=worker)
        assert again.tiles == 3
    finally:
        worker.stop()


def test_the_worker_lives_through_an_interrupt_of_its_process_group() -> None:
    """A kernel's interrupt (SIGINT to its process group) leaves the worker solving."""
    import os
    import signal

    worker = Guard(timeout=30.0, local=False)
    try:
        assert guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=worker).tiles == 1
        process = worker._process
        os.kill(process.pid, signal.SIGINT)
        assert guarded_play(T("R5 R6 R7"), [], RULES, guard=worker).tiles == 3
        assert worker._process is process and process.poll() is None
    finally:
        worker.stop()


def test_a_refusal_in_the_worker_is_worded_in_the_callers_language() -> None:
    """A worker started speaking English words a refusal in the caller's language (Norwegian)."""
    from rummy_teach import languages
    from rummy_teach.errors import RulesError

    worker = Guard(timeout=30.0, local=False)
    try:
        assert guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=worker).tiles == 1
        with languages.speaking("nb"), pytest.raises(RulesError, match="jokere på stativet"):
            guarded_play(T("J J J"), [], RULES, guard=worker)
        with pytest.raises(RulesError, match="3 jokers in the rack"):
            guarded_play(T("J J J"), [], RULES, guard=worker)  # and English again after
    finally:
        worker.stop()


def test_a_plain_script_runs_once_though_its_solves_go_to_a_worker(tmp_path: Path) -> None:
    """A script that solves at its top level (no ``if __name__ == "__main__"``) runs once.

    Under ``multiprocessing``'s spawn the worker ran the script's body again, and there the
    worker's own start failed with a traceback: the script printed twice."""
    import subprocess
    import sys

    script = tmp_path / "play.py"
    script.write_text(
        "import os\n"
        "from rummy_teach import RummikubRules, parse_tiles\n"
        "from rummy_teach.solver.guard import Guard, guarded_play\n"
        "print('the body runs', flush=True)\n"
        "worker = Guard(local=False)\n"
        "play = guarded_play(parse_tiles('R4'), [parse_tiles('R1 R2 R3')], RummikubRules(),"
        " guard=worker)\n"
        "print('placed', play.tiles, 'elsewhere', worker._process.pid != os.getpid(), flush=True)\n"
        "worker.stop()\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["the body runs", "placed 1 elsewhere True"], done.stdout
    assert "Traceback" not in done.stderr, done.stderr


def test_a_worker_whose_caller_died_mid_solve_ends_without_a_traceback(tmp_path: Path) -> None:
    """A kernel killed while its worker solves (a crash, a cull): the worker ends, and says nothing.

    It used to print two BrokenPipeError tracebacks into the server's log. The worker's task waits
    until its caller has gone; ``subprocess.run`` returns once the worker, which holds the caller's
    stderr, has ended too."""
    import subprocess
    import sys

    (tmp_path / "slow.py").write_text(
        "import os, time\n"
        "from rummy_teach.solver.guard import run_task\n"
        "def slow(task):\n"
        "    while os.getppid() == int(os.environ['CALLER']):  # until the caller has gone\n"
        "        time.sleep(0.01)\n"
        "    return run_task(task)\n"
    )
    (tmp_path / "caller.py").write_text(
        "import os\n"
        "from slow import slow\n"
        "from rummy_teach import RummikubRules, parse_tiles\n"
        "from rummy_teach.solver.guard import STARTUP, Guard, Task\n"
        "guard = Guard(target=slow, local=False)\n"
        "os.environ['CALLER'] = str(os.getpid())  # the worker's environment\n"
        "guard._start()\n"
        "assert guard._receive(STARTUP)[0] == 'ready'\n"
        "rack, table = tuple(parse_tiles('R4')), (tuple(parse_tiles('R1 R2 R3')),)\n"
        "guard._connection.send(Task('play', rack, table, RummikubRules()))\n"
        "print(guard._process.pid, flush=True)\n"
        "os._exit(0)  # gone, as a killed kernel, with the task being solved\n"
    )
    done = subprocess.run(
        [sys.executable, "caller.py"], cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0 and done.stdout.strip().isdigit()  # the worker's pid
    assert done.stderr == "", done.stderr


def test_a_target_that_cannot_be_pickled_is_refused_and_leaves_no_worker() -> None:
    """A guard's target must be a module-level function; a lambda fails at the start, and the
    worker started for it is ended, not left waiting for a target that never comes."""
    import pickle

    import psutil

    before = {child.pid for child in psutil.Process().children()}
    worker = Guard(target=lambda task: None, timeout=30.0, local=False)
    with pytest.raises((pickle.PicklingError, AttributeError)):
        guarded_play(T("R4"), [T("R1 R2 R3")], RULES, guard=worker)
    assert worker._process is None
    assert {child.pid for child in psutil.Process().children()} <= before
