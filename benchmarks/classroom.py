"""A classroom against the lesson app: 30 protocol-level learners open lessons within 10 s (issue 10).

Starts the app (``server_argv``: ``python -m rummy_teach.app`` on a temporary copy of the index and
the chosen lessons, pools sized for the class) and waits until its pool is full (``/rummy/status``)
and the server and kernels are quiet (the pooled notebooks have run).
Then one learner alone, once on each lesson, and then the class: each learner (``learners.py``:
page request, kernel websocket, the browser's widget messages and intents) opens a lesson at a
seeded moment within the window and does its first exercise rightly (picks with the real piece
ids, Hint, Lay down) with short think times. Prints pages served, learners lost, time to the first
answered intent (from the page request), intent round trips, kernel and server CPU seconds
(psutil on the server and its kernels) and memory per learner, the class against the lone learner
measured in the same run, with the targets. ``--soak [SECONDS]`` (600 without a value): the class
clicks around for that long; prints lost kernels, errors and memory sampled every 30 s.

Run: ``python benchmarks/classroom.py`` or ``python benchmarks/classroom.py --soak``; extra app
options with ``--serve-args='--class-size 30 --lessons 02,04'``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import shlex
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Collection, Coroutine
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]
from tornado.httpclient import AsyncHTTPClient

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.learners import HANG_GUARD, Learner, Run, attend  # noqa: E402
from tests.browser.conftest import ARTIFACTS, Logged, checkout_env, free_port  # noqa: E402

LEARNERS = 30
WINDOW = 10.0
"""Seconds within which the class opens its lessons."""
LESSONS = "02,04"
THINK = (0.3, 1.2)
"""Seconds a learner thinks between two intents (uniform): short, as a class doing an exercise."""
SOAK_THINK = (1.0, 4.0)
TARGET_RATIO = 3.0
"""p95 time to the first answered intent in class, at most this many times one learner's."""
TARGET_MIB = 120.0
SOAK_SECONDS = 600.0
SAMPLE_SECONDS = 30.0
QUIET = 0.15
"""Cores the server and its kernels use at most when nothing happens (idle kernels still tick)."""
FLAT = 0.10
"""Memory is flat when the last sample is within this share of the sample after warm-up."""
MIB = 2**20
_KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def server_argv(python: str, folder: Path, port: int, args: argparse.Namespace) -> list[str]:
    """The command that serves the lessons: switch the app's options here (and ``--serve-args``)."""
    argv = [python, "-m", "rummy_teach.app", str(folder), "--port", str(port)]
    if args.pool_size:
        argv += ["--pool-size", str(args.pool_size)]
    return argv + shlex.split(args.serve_args)


def lesson_files(codes: str) -> list[str]:
    """The notebooks named by their numbers (``02,04``), from the checkout's notebooks/."""
    files = []
    for code in filter(None, (part.strip() for part in codes.split(","))):
        found = sorted(p.name for p in (REPO / "notebooks").glob(f"{code}-*.ipynb"))
        if len(found) != 1:
            raise SystemExit(f"lesson {code!r}: {len(found)} notebooks match, not 1")
        files += found
    return files


def copy_lessons(files: list[str], into: Path) -> Path:
    """A notebooks folder with the lesson list and these lessons only."""
    folder = into / "notebooks"
    folder.mkdir()
    for name in ["index.ipynb", *files]:
        shutil.copy(REPO / "notebooks" / name, folder / name)
    return folder


class Meter:
    """CPU seconds and memory of the server and its kernels, sampled each second by a thread.

    A kernel that ends keeps the CPU time it had at its last sample; memory counts live ones only.
    """

    def __init__(self, pid: int) -> None:
        self.server = psutil.Process(pid)
        self.cpu: dict[int, float] = {}
        self.rss: dict[int, int] = {}
        self.kernel_of: dict[int, str] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(1.0):
            self.sample()

    def sample(self) -> None:
        """Read every process's CPU time and resident memory now."""
        rss: dict[int, int] = {}
        try:
            processes = [self.server, *self.server.children(recursive=True)]
        except psutil.Error:
            return
        with self._lock:
            for process in processes:
                try:
                    with process.oneshot():
                        times = process.cpu_times()
                        rss[process.pid] = process.memory_info().rss
                        if process.pid not in self.kernel_of:
                            found = _KERNEL_FILE.search(" ".join(process.cmdline()))
                            self.kernel_of[process.pid] = found.group(1) if found else ""
                except psutil.Error:
                    continue
                self.cpu[process.pid] = times.user + times.system
            self.rss = rss

    def mark(self) -> dict[int, float]:
        """CPU seconds per process now, to measure from."""
        self.sample()
        with self._lock:
            return dict(self.cpu)

    def cpu_since(
        self, mark: dict[int, float], kernel_ids: Collection[str] = ()
    ) -> tuple[float, float, float]:
        """CPU seconds since ``mark``: the server, all kernels, the kernels with these ids."""
        self.sample()
        with self._lock:
            used = {pid: cpu - mark.get(pid, 0.0) for pid, cpu in self.cpu.items()}
            chosen = sum(cpu for pid, cpu in used.items() if self.kernel_of.get(pid) in kernel_ids)
        server = used.pop(self.server.pid, 0.0)
        return server, sum(used.values()), chosen

    def memory(self, kernel_ids: Collection[str] = ()) -> tuple[float, float, float]:
        """MiB now: the server, all its kernels, and the kernels with these ids."""
        self.sample()
        with self._lock:
            kernels = {pid: rss for pid, rss in self.rss.items() if pid != self.server.pid}
            chosen = sum(
                rss for pid, rss in kernels.items() if self.kernel_of.get(pid) in kernel_ids
            )
            server = self.rss.get(self.server.pid, 0)
        return server / MIB, sum(kernels.values()) / MIB, chosen / MIB

    def stop(self) -> None:
        """End the sampling thread."""
        self._stop.set()
        self._thread.join()


async def status(base: str) -> dict[str, Any]:
    """The app's ``/rummy/status`` report."""
    reply = await AsyncHTTPClient().fetch(
        f"{base}/rummy/status?format=json", request_timeout=HANG_GUARD
    )
    report: dict[str, Any] = json.loads(reply.body)
    return report


async def wait_for_pool(base: str, lessons: list[str], per_lesson: int | None, meter: Meter) -> int:
    """Wait until every lesson's pool holds ``per_lesson`` kernels (or, unknown, stops growing),
    then until the server and its kernels are quiet (their notebooks run).

    Polls ``/rummy/status`` each second (the state, not a time); returns the pool's size. The
    status counts a pooled kernel once started, before its notebook has run, so the quiet spell
    (under QUIET cores for 2 s) is what says the pool is warm.
    """
    deadline = time.monotonic() + 20 * HANG_GUARD
    sizes: list[int] = []
    while time.monotonic() < deadline:
        report = await status(base)
        pools = [report["lessons"].get(lesson, {}).get("pool", 0) for lesson in lessons]
        sizes.append(int(report["pool"]))
        if report.get("class"):  # the app's class warm-up: it says when it is ready (and warm)
            if report["class"]["ready"]:
                break
            await asyncio.sleep(1.0)
            continue
        full = per_lesson is not None and all(size >= per_lesson for size in pools)
        stable = min(pools) > 0 and len(sizes) > 5 and len(set(sizes[-6:])) == 1
        if full or (per_lesson is None and stable):
            break
        await asyncio.sleep(1.0)
    while time.monotonic() < deadline:
        mark = meter.mark()
        await asyncio.sleep(2.0)
        server, kernels, _ = meter.cpu_since(mark)
        if server + kernels < 2.0 * QUIET:
            return sizes[-1]
    raise SystemExit(f"the pool never filled: {sizes[-1:]} kernels")


Work = Callable[[Learner], Coroutine[Any, Any, None]]


async def class_of(
    base: str,
    lessons: list[str],
    window: float,
    seed: int,
    work: Work,
    think: tuple[float, float] = THINK,
) -> list[Learner]:
    """Learners on these lessons (one each), opening at seeded moments within ``window`` seconds.

    Each thinks ``think`` seconds (uniform, seeded) between intents; returns them with their pages
    still open.
    """
    learners = make_class(base, lessons, seed, think)
    await attend_all(learners, window, seed, work)
    return learners


def make_class(
    base: str, lessons: list[str], seed: int, think: tuple[float, float] = THINK
) -> list[Learner]:
    """Learners on these lessons (one each), each with its own seeded random choices."""
    rng = random.Random(seed)
    return [Learner(base, lesson, random.Random(rng.random()), think) for lesson in lessons]


async def attend_all(learners: list[Learner], window: float, seed: int, work: Work) -> None:
    """Each learner opens its page at a seeded moment within ``window`` seconds and does ``work``."""
    rng = random.Random(-seed)
    starts = sorted(rng.uniform(0.0, window) for _ in learners)
    await asyncio.gather(
        *(attend(learner, start, work) for learner, start in zip(learners, starts, strict=True))
    )


def assign(files: list[str], count: int, seed: int) -> list[str]:
    """``count`` learners spread evenly over the lessons, in a seeded order."""
    chosen = [files[i % len(files)] for i in range(count)]
    random.Random(seed).shuffle(chosen)
    return chosen


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``; NaN when there are none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def lost(run: Run) -> str:
    """Why a learner counts as lost (no page, no kernel, no answer, an error reply), or ''."""
    return run.lost or "; ".join(run.errors)


def server_log(server: Logged) -> str:
    """What the server's log says about refusals, failures and culling."""
    log = server.log()
    counts = {
        "refused intents": len(re.findall(r"rummy_teach exercise ignored", log)),
        "failed intents": len(re.findall(r"rummy_teach exercise failed", log)),
        "rate-limited": len(re.findall(r"over the rate limit", log)),
        "tracebacks": log.count("Traceback"),
        "culled": len(re.findall(r"culling kernel|Culling '", log)),
    }
    return ", ".join(f"{name} {count}" for name, count in counts.items())


def warnings(runs: list[Run]) -> None:
    """Say what the kernels wrote to stderr while the learners used them (not counted as lost)."""
    said = [(r.kernel_id, text) for r in runs for text in r.warnings]
    print(f"  kernel stderr lines seen by the learners: {len(said)}")
    for kernel_id, text in said[:5]:
        print(f"    {kernel_id}: {text.strip()}")


def row(name: str, one: str, many: str, target: str = "", verdict: str = "") -> None:
    """One line of the report's table."""
    print(f"  {name:<40} {one:>12} {many:>14}   {target:<24} {verdict}")


def check(ok: bool) -> str:
    """A target's verdict word."""
    return "ok" if ok else "MISSED"


def seconds(value: float) -> str:
    """Seconds as the report shows them."""
    return "-" if math.isnan(value) else f"{value:.2f} s"


def millis(value: float) -> str:
    """Seconds as milliseconds, as the report shows them."""
    return "-" if math.isnan(value) else f"{1000 * value:.0f} ms"


async def one_learner_each(
    base: str, files: list[str], meter: Meter, per_lesson: int | None, seed: int
) -> tuple[list[Run], float, float, float]:
    """One learner alone, once on each lesson (the pool refilled between): runs, CPU, MiB."""
    runs, server_cpu, kernel_cpu, mib = [], 0.0, 0.0, []
    for number, lesson in enumerate(files):
        mark = meter.mark()
        alone = (await class_of(base, [lesson], 0.0, seed + number, Learner.exercise))[0]
        server, kernels, _ = meter.cpu_since(mark)
        server_cpu, kernel_cpu = server_cpu + server, kernel_cpu + kernels
        mib.append(meter.memory({alone.run.kernel_id})[2])
        await alone.close(leave_page=True)
        runs.append(alone.run)
        await wait_for_pool(base, files, per_lesson, meter)
    return runs, server_cpu / len(files), kernel_cpu / len(files), statistics.fmean(mib)


def values(runs: list[Run], name: str) -> list[float]:
    """One timing (``page``, ``loaded``, ``first_answer``) of every learner who got that far."""
    return [value for r in runs if (value := getattr(r, name)) is not None]


def by_intent(runs: list[Run]) -> str:
    """Median round trip of each kind of intent."""
    trips: dict[str, list[float]] = {}
    for r in runs:
        for kind, trip in zip(r.kinds, r.round_trips, strict=True):
            trips.setdefault(kind, []).append(trip)
    return ", ".join(f"{kind} {millis(quantile(t, 0.5))}" for kind, t in sorted(trips.items()))


async def load_run(args: argparse.Namespace, base: str, meter: Meter, files: list[str]) -> None:
    """A first open of each lesson (the server's one-time costs), one learner alone, the class."""
    first_opens = (await one_learner_each(base, files, meter, args.per_lesson, args.seed))[0]
    alone, solo_server, solo_kernels, solo_mib = await one_learner_each(
        base, files, meter, args.per_lesson, args.seed
    )
    mark, client = meter.mark(), psutil.Process().cpu_times()
    started = time.perf_counter()
    learners = await class_of(
        base, assign(files, args.learners, args.seed), args.window, args.seed, Learner.exercise
    )
    wall = time.perf_counter() - started
    mine = psutil.Process().cpu_times()
    kernel_ids = {learner.run.kernel_id for learner in learners if learner.run.kernel_id}
    server_cpu, kernel_cpu, learner_cpu = meter.cpu_since(mark, kernel_ids)
    server_mib, kernels_mib, learner_mib = meter.memory(kernel_ids)
    pool = (await status(base))["pool"]
    for learner in learners:
        await learner.close(leave_page=True)
    runs = [learner.run for learner in learners]
    n, served = len(runs), sum(r.page is not None for r in runs)
    missing = [lost(r) for r in runs if lost(r)]
    one = statistics.fmean(values(alone, "first_answer") or [math.nan])
    p95 = quantile(values(runs, "first_answer"), 0.95)
    trips_alone = [t for r in alone for t in r.round_trips]
    trips = [t for r in runs for t in r.round_trips]
    print(f"\n{n} learners on {', '.join(files)} within {args.window:.0f} s; over in {wall:.1f} s")
    row("", "one learner", f"class of {n}", "target")
    row("pages served", f"{len(values(alone, 'page'))}/{len(alone)}", f"{served}/{n}",
        f"all {n}", check(served == n))  # fmt: skip
    row("learners lost", str(sum(bool(lost(r)) for r in alone)), str(len(missing)), "none",
        check(not missing))  # fmt: skip
    row("right answers", f"{sum(r.right for r in alone)}/{len(alone)}",
        f"{sum(r.right for r in runs)}/{n}")  # fmt: skip
    for name, of in (("page served", "page"), ("widgets loaded", "loaded")):
        for q in (0.5, 0.95):
            row(f"{name} p{100 * q:.0f}", seconds(quantile(values(alone, of), q)),
                seconds(quantile(values(runs, of), q)))  # fmt: skip
    row(
        "first answered intent p50",
        seconds(one),
        seconds(quantile(values(runs, "first_answer"), 0.5)),
    )
    row("first answered intent p95", seconds(one), seconds(p95),
        f"<= {TARGET_RATIO:.0f}x one = {seconds(TARGET_RATIO * one)}",
        f"{check(p95 <= TARGET_RATIO * one)} ({p95 / one:.1f}x)")  # fmt: skip
    for q in (0.5, 0.95):
        mine_q, theirs_q = quantile(trips_alone, q), quantile(trips, q)
        row(f"intent round trip p{100 * q:.0f}", millis(mine_q), millis(theirs_q), "",
            f"({theirs_q / mine_q:.1f}x)")  # fmt: skip
    row(
        "kernel CPU s (per learner)",
        f"{solo_kernels:.1f}",
        f"{kernel_cpu:.1f} ({kernel_cpu / n:.2f})",
    )
    row(
        "server CPU s (per learner)",
        f"{solo_server:.1f}",
        f"{server_cpu:.1f} ({server_cpu / n:.2f})",
    )
    row("MiB per learner: its kernel", f"{solo_mib:.0f}", f"{learner_mib / n:.0f}")
    row("MiB per learner: all kernels", "", f"{kernels_mib / n:.0f}",
        f"<= {TARGET_MIB:.0f} MiB", check(kernels_mib / n <= TARGET_MIB))  # fmt: skip
    print(f"  kernel CPU: {learner_cpu:.1f} s in the learners' kernels, {kernel_cpu - learner_cpu:.1f} s"
          " in kernels started meanwhile (the pool refilling)")  # fmt: skip
    print(f"  all kernels: {kernels_mib:.0f} MiB ({pool} in the pool after the class); server "
          f"{server_mib:.0f} MiB; load generator CPU {sum(mine[:2]) - sum(client[:2]):.1f} s")  # fmt: skip
    print(f"  round trip p50 by intent: one learner {by_intent(alone)}; class {by_intent(runs)}")
    print("  first open of each lesson after the start (not counted): " + ", ".join(
        f"page {seconds(r.page or math.nan)}, answer {seconds(r.first_answer or math.nan)}"
        for r in first_opens))  # fmt: skip
    for reason in missing:
        print(f"  lost: {reason}")
    warnings(alone + runs)
    targets = {
        f"all {n} served": served == n,
        "none lost": not missing,
        f"p95 first answer <= {TARGET_RATIO:.0f}x one learner": p95 <= TARGET_RATIO * one,
        f"<= {TARGET_MIB:.0f} MiB per learner": kernels_mib / n <= TARGET_MIB,
    }
    missed = [name for name, ok in targets.items() if not ok]
    print(f"  targets: {'all met' if not missed else 'MISSED ' + '; '.join(missed)}")


async def soak(args: argparse.Namespace, base: str, meter: Meter, files: list[str]) -> None:
    """The class clicking around for ``args.soak`` seconds; lost kernels, errors, memory samples."""
    samples: list[tuple[float, float, float]] = []
    started = time.monotonic()
    until = started + args.window + args.soak
    learners = make_class(base, assign(files, args.learners, args.seed), args.seed, SOAK_THINK)

    async def click(learner: Learner) -> None:
        await learner.click_around(until)

    def take_sample() -> None:
        server, kernels, theirs = meter.memory({learner.run.kernel_id for learner in learners})
        samples.append((time.monotonic() - started, server + kernels, theirs))

    async def sample() -> None:
        while True:
            take_sample()
            await asyncio.sleep(SAMPLE_SECONDS)

    sampler = asyncio.create_task(sample())
    await attend_all(learners, args.window, args.seed, click)
    sampler.cancel()
    take_sample()
    alive = set((await status(base))["kernel_ids"])
    runs = [learner.run for learner in learners]
    gone = [r.kernel_id for r in runs if r.kernel_id and r.kernel_id not in alive]
    gone += [f"{learner.run.kernel_id} ({learner.gone})" for learner in learners if learner.gone]
    for learner in learners:
        await learner.close(leave_page=True)
    errors = [error for r in runs for error in ([r.lost] if r.lost else []) + r.errors]
    trips = [t for r in runs for t in r.round_trips]
    warm_at = min(60.0, args.soak / 4)
    warm = next((mib for at, mib, _ in samples if at >= warm_at), samples[-1][1])
    first, last, top = samples[0][1], samples[-1][1], max(mib for _, mib, _ in samples)
    flat = abs(last - warm) <= FLAT * warm
    print(f"\nsoak: {len(runs)} learners clicking on {', '.join(files)} for {args.soak:.0f} s")
    print(f"  kernels lost: {len(gone)}; learners lost or with errors: "
          f"{sum(bool(lost(r)) for r in runs)}; errors: {len(errors)}")  # fmt: skip
    print(f"  intents answered: {len(trips)}; round trip p50 {millis(quantile(trips, 0.5))}, "
          f"p95 {millis(quantile(trips, 0.95))}, max {millis(max(trips, default=math.nan))}")  # fmt: skip
    print("  memory every 30 s, MiB (server + all kernels / the learners' kernels): "
          + ", ".join(f"{at:.0f} s {mib:.0f}/{theirs:.0f}" for at, mib, theirs in samples))  # fmt: skip
    print(f"  first {first:.0f}, after warm-up ({warm_at:.0f} s) {warm:.0f}, last {last:.0f}, "
          f"max {top:.0f}")  # fmt: skip
    print(f"  verdict: {'memory flat' if flat else 'memory NOT flat'} "
          f"({100 * (last - warm) / warm:+.1f}% since warm-up; flat is within {FLAT:.0%})")  # fmt: skip
    print("  (random clicks are often refused by the exercise, as in a browser: the server log "
          "counts them below; refused clicks are answered, so they are no error)")  # fmt: skip
    for error in (gone + errors)[:20]:
        print(f"  error: {error}")
    warnings(runs)


async def main_async(args: argparse.Namespace) -> int:
    """Start the app on a copy of the lessons, wait for its pool, run the chosen scenario."""
    files = lesson_files(args.lessons)
    AsyncHTTPClient.configure(None, max_clients=4 * args.learners + 10)
    with tempfile.TemporaryDirectory(prefix="classroom-") as tmp:
        folder = copy_lessons(files, Path(tmp))
        argv = server_argv(sys.executable, folder, free_port(), args)
        ARTIFACTS.mkdir(exist_ok=True)
        server = Logged(argv, ARTIFACTS / "classroom-bench.log", cwd=Path(tmp),
                        env={**os.environ, **checkout_env()})  # fmt: skip
        meter: Meter | None = None
        try:
            base = f"http://127.0.0.1:{server.wait_until_listening()}"
            meter = Meter(server.process.pid)
            print(f"server: {shlex.join(argv[1:])}")
            print(f"machine: {psutil.cpu_count()} cores, load average "
                  f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} (shared with other work)")  # fmt: skip
            started = time.perf_counter()
            pool = await wait_for_pool(base, files, args.per_lesson, meter)
            print(
                f"pool full and quiet: {pool} kernels after {time.perf_counter() - started:.0f} s"
            )
            await (soak if args.soak else load_run)(args, base, meter, files)
            print(f"  server log: {server_log(server)}")
        finally:
            if meter is not None:
                meter.stop()
            server.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--learners", type=int, default=LEARNERS)
    parser.add_argument("--lessons", default=LESSONS, help="lesson numbers (default: 02,04)")
    parser.add_argument("--window", type=float, default=WINDOW, help="seconds to open lessons in")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pool-size",
        type=int,
        default=None,
        help="preheated kernels per lesson (default: enough for the class; with --serve-args "
        "none is passed; 0: none)",
    )
    parser.add_argument("--serve-args", default="", help="more options for the app, quoted")
    parser.add_argument(
        "--soak", type=float, nargs="?", const=SOAK_SECONDS, default=None, metavar="SECONDS",
        help=f"soak instead: the class clicks around this long (default {SOAK_SECONDS:.0f})",
    )  # fmt: skip
    parser.add_argument(
        "--no-warm-up",
        action="store_true",
        help="serve without the app's class warm-up (a pool per lesson big enough for the class)",
    )
    args = parser.parse_args(argv)
    lessons = len(lesson_files(args.lessons))
    if args.pool_size is None and not args.serve_args:
        if args.no_warm_up:
            args.pool_size = math.ceil(args.learners / lessons)
        else:  # what a teacher does: get the app ready for the class (learners split by lesson)
            size = math.ceil(args.learners / lessons) + 2  # + the first open and the one alone
            args.serve_args = f"--pool-size 1 --class-size {size} --lessons {args.lessons}"
    args.per_lesson = args.pool_size or None
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
