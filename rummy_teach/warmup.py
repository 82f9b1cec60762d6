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

from rummy_teach.errors import RummyTeachError, shown
from rummy_teach.languages import ENGLISH

__all__ = [
    "DEFAULT_CLASS_SIZE",
    "KERNEL_MIB",
    "MAX_CLASS_SIZE",
    "MAX_POOL_SIZE",
    "ClassPlan",
    "PlanError",
    "language_pools",
    "pick_lessons",
    "pool_budget",
    "pool_config",
    "ready",
    "usual_pool",
]

KERNEL_MIB = 64
"""Memory one lesson kernel takes, rounded up (measured: ~58 MiB)."""
DEFAULT_CLASS_SIZE = 30
"""The class a lesson list alone gets ready for (``serve --lessons 02,04``)."""
MAX_CLASS_SIZE = 200
"""The most learners a plan may name: far more than one machine serves (a guard on the input)."""
MEMORY_SHARE = 2
"""The kernels kept for a class take at most 1/MEMORY_SHARE of the memory available."""
POOL_SHARE = 8
"""The preheated pools (no class) take about 1/POOL_SHARE of the memory available."""
MAX_POOL_SIZE = 4
"""The most preheated kernels a lesson keeps without a class."""


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
            raise PlanError(f"a lesson name has no comma: {shown(name)}")
        matches = [
            path
            for path in available
            if path == name or path == f"{name}.ipynb" or path.split("-", 1)[0] == name
        ]
        if len(matches) != 1:
            known = ", ".join(path.split("-", 1)[0] for path in available)
            found = "no lesson" if not matches else f"{len(matches)} lessons"
            raise PlanError(f"{found} called {shown(name)}: the lessons are {known}")
        if matches[0] not in chosen:
            chosen.append(matches[0])
    return tuple(chosen)


def _kernels_in(available_bytes: int | None, share: int) -> int | None:
    """How many kernels of KERNEL_MIB fit in 1/``share`` of ``available_bytes`` (None: unknown)."""
    if available_bytes is None:
        return None
    return int(available_bytes // share // (KERNEL_MIB * 2**20))


def kernels_that_fit(available_bytes: int | None) -> int | None:
    """How many class kernels fit in the share of ``available_bytes`` they may take (None: unknown)."""
    return _kernels_in(available_bytes, MEMORY_SHARE)


def pool_budget(available_bytes: int | None) -> int | None:
    """How many preheated kernels the pools may keep in 1/POOL_SHARE of ``available_bytes``."""
    return _kernels_in(available_bytes, POOL_SHARE)


def language_pools(
    lessons: Mapping[str, int],
    main: str,
    available_bytes: int | None,
    pool_size: int | None = None,
) -> dict[str, int]:
    """Preheated kernels per lesson for each language (``lessons``: how many lessons with code each
    has), within :func:`pool_budget`: ``main`` (the server's language) keeps 1 to MAX_POOL_SIZE
    (``pool_size`` when given); English, when it is not ``main``, keeps 1 if the budget left holds
    one for each of its lessons, and then the other languages together keep 1 on the same terms,
    else 0 (their pages start a kernel when opened). What is left then raises ``main``'s pool.

    >>> language_pools({"en": 12, "nb": 12, "da": 12, "nl": 12}, "nb", 22 * 2**30)
    {'en': 1, 'nb': 2, 'da': 0, 'nl': 0}
    """
    pools = dict.fromkeys(lessons, 0)
    if pool_size is not None and pool_size <= 0:
        return pools  # no preheating at all
    own = lessons.get(main, 0)
    pools[main] = 1 if pool_size is None else pool_size
    budget = pool_budget(available_bytes)
    if budget is None:
        return pools
    left = budget - pools[main] * own
    english = [ENGLISH] if main != ENGLISH and ENGLISH in lessons else []
    others = [language for language in lessons if language not in (main, ENGLISH)]
    for tier in (english, others):
        wanted = sum(lessons[language] for language in tier)
        if tier and wanted <= left:
            pools.update(dict.fromkeys(tier, 1))
            left -= wanted
    if pool_size is None and own > 0:
        pools[main] = max(1, min(MAX_POOL_SIZE, 1 + max(0, left) // own))
    return pools


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


def usual_pool(lesson: str, pool: int, pools: Mapping[str, int] | None = None) -> int:
    """The preheated kernels ``lesson`` keeps without a class: its own in ``pools``, else ``pool``."""
    return (pools or {}).get(lesson, pool)


def pool_config(
    plan: ClassPlan | None,
    taken: Mapping[str, int],
    pool: int,
    base: Mapping[str, object] | None = None,
    pools: Mapping[str, int] | None = None,
) -> dict[str, dict[str, object]]:
    """Voilà's ``kernel_pools_config``: ``base``'s ``default`` entry with ``pool``, each lesson of
    ``pools`` with its own usual pool, and each planned lesson's reserve (the learners still to
    come)."""
    entry = (base or {}).get("default", {})
    default = {**(entry if isinstance(entry, Mapping) else {}), "pool_size": pool}
    config: dict[str, dict[str, object]] = {"default": default}
    for lesson, size in (pools or {}).items():
        config[lesson] = {**default, "pool_size": size}
    if plan is not None:
        for lesson in plan.lessons:
            usual = usual_pool(lesson, pool, pools)
            config[lesson] = {
                **default,
                "pool_size": plan.reserve(lesson, taken.get(lesson, 0), usual),
            }
    return config


def ready(
    plan: ClassPlan,
    waiting: Mapping[str, int],
    taken: Mapping[str, int],
    pool: int,
    pools: Mapping[str, int] | None = None,
) -> bool:
    """True when every lesson of the plan has its whole reserve waiting (``waiting``: started
    kernels); ``pool`` and ``pools`` as in :func:`pool_config`."""
    return all(
        waiting.get(lesson, 0)
        >= plan.reserve(lesson, taken.get(lesson, 0), usual_pool(lesson, pool, pools))
        for lesson in plan.lessons
    )
