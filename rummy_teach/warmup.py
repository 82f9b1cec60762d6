"""Classroom warm-up: how many kernels each lesson keeps ready so a whole class opens it at once.

A teacher names the class size and the lessons (``rummy-teach serve --class-size 30 --lessons
02,04``, or on the status page). Each named lesson then keeps ``size`` preheated kernels, one per
learner still to come: as learners open it, the reserve shrinks instead of refilling, down to the
app's usual pool. The kernels for the class take at most half the memory available, so a plan too
big for the machine is cut down (and says so). Pure logic: the server parts are in
``rummy_teach.classroom``.

>>> plan = ClassPlan.make(30, pick_lessons("02", ["01-start-here.ipynb", "02-runs.ipynb"]))
>>> plan.reserve("02-runs.ipynb", taken=12, pool=4), plan.reserve("01-start-here.ipynb", 0, 4)
(18, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rummy_teach.errors import RummyTeachError

__all__ = [
    "DEFAULT_CLASS_SIZE",
    "KERNEL_MIB",
    "MAX_CLASS_SIZE",
    "ClassPlan",
    "PlanError",
    "pick_lessons",
    "pool_config",
    "ready",
]

KERNEL_MIB = 64
"""Memory one lesson kernel takes, rounded up (measured: ~58 MiB)."""
DEFAULT_CLASS_SIZE = 30
"""The class a lesson list alone gets ready for (``serve --lessons 02,04``)."""
MAX_CLASS_SIZE = 200
"""The most learners a plan may name: far more than one machine serves (a guard on the input)."""
MEMORY_SHARE = 2
"""The kernels kept for a class take at most 1/MEMORY_SHARE of the memory available."""


class PlanError(RummyTeachError):
    """A class size or lesson list that cannot be used; the message says which and why."""


def pick_lessons(spec: str | Sequence[str], available: Sequence[str]) -> tuple[str, ...]:
    """The lessons named in ``spec`` ("02,04": numbers or file names), in order, each once.

    ``available`` holds the lessons' notebook paths. An empty spec names every lesson.
    """
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    wanted = [name.strip() for name in names if name.strip()]
    if not wanted:
        return tuple(available)
    chosen: list[str] = []
    for name in wanted:
        if len(name) > 200:
            raise PlanError(f"a lesson name of {len(name)} characters is too long")
        if "," in name:
            raise PlanError(f"a lesson name has no comma: {name!r}")
        matches = [
            path
            for path in available
            if path == name or path == f"{name}.ipynb" or path.split("-", 1)[0] == name
        ]
        if len(matches) != 1:
            known = ", ".join(path.split("-", 1)[0] for path in available)
            found = "no lesson" if not matches else f"{len(matches)} lessons"
            raise PlanError(f"{found} called {name!r}: the lessons are {known}")
        if matches[0] not in chosen:
            chosen.append(matches[0])
    return tuple(chosen)


def kernels_that_fit(available_bytes: int | None) -> int | None:
    """How many class kernels fit in the share of ``available_bytes`` they may take (None: unknown)."""
    if available_bytes is None:
        return None
    return int(available_bytes // MEMORY_SHARE // (KERNEL_MIB * 2**20))


@dataclass(frozen=True)
class ClassPlan:
    """A class of ``size`` learners who will open each of ``lessons``; ``asked`` before any cut."""

    size: int
    lessons: tuple[str, ...]
    asked: int

    @classmethod
    def make(
        cls, size: int, lessons: Sequence[str], *, available_bytes: int | None = None
    ) -> ClassPlan:
        """A plan for ``size`` learners, cut down so its kernels fit the memory; PlanError if unusable."""
        if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= MAX_CLASS_SIZE:
            raise PlanError(f"a class size must be a whole number from 1 to {MAX_CLASS_SIZE}")
        if not lessons:
            raise PlanError("a class plan needs at least one lesson")
        fit = kernels_that_fit(available_bytes)
        kept = size if fit is None else max(1, min(size, fit // len(lessons)))
        return cls(size=kept, lessons=tuple(lessons), asked=size)

    @property
    def cut(self) -> bool:
        """True when the machine's memory made the plan smaller than asked."""
        return self.size < self.asked

    def reserve(self, lesson: str, taken: int, pool: int) -> int:
        """How many preheated kernels ``lesson`` keeps now: its learners still to come, or ``pool``."""
        if lesson not in self.lessons:
            return pool
        return max(pool, self.size - taken)


def pool_config(
    plan: ClassPlan | None,
    taken: Mapping[str, int],
    pool: int,
    base: Mapping[str, object] | None = None,
) -> dict[str, dict[str, object]]:
    """Voilà's ``kernel_pools_config``: ``base``'s ``default`` entry with ``pool``, plus each
    planned lesson's reserve (the learners still to come)."""
    entry = (base or {}).get("default", {})
    default = {**(entry if isinstance(entry, Mapping) else {}), "pool_size": pool}
    config: dict[str, dict[str, object]] = {"default": default}
    if plan is not None:
        for lesson in plan.lessons:
            config[lesson] = {
                **default,
                "pool_size": plan.reserve(lesson, taken.get(lesson, 0), pool),
            }
    return config


def ready(plan: ClassPlan, waiting: Mapping[str, int], taken: Mapping[str, int], pool: int) -> bool:
    """True when every lesson of the plan has its whole reserve waiting (``waiting``: started kernels)."""
    return all(
        waiting.get(lesson, 0) >= plan.reserve(lesson, taken.get(lesson, 0), pool)
        for lesson in plan.lessons
    )
