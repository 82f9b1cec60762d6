"""The solver as a package: a light import (its libraries load on the first solve), its public
names, and a ``SolverError`` of the package's error family when HiGHS gives no answer."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import highspy
import pytest

import rummy_teach
from rummy_teach import RummikubRules, RummyTeachError, parse_tiles, solver
from rummy_teach.errors import SolverError

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "highspy", "scipy", "ortools")
T = parse_tiles


def _fresh(code: str, environment: dict[str, str] | None = None) -> Any:
    """What ``code``, run in a fresh interpreter with only ``environment`` set, prints last as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), **(environment or {})},
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])  # HiGHS's banner may come first


def _loaded_after(code: str) -> dict[str, bool]:
    """Which heavy libraries (and whether the solver package) a fresh interpreter holds after ``code``."""
    loaded: dict[str, bool] = _fresh(
        "import json, sys\n"
        f"{code}\n"
        f"names = {HEAVY!r} + ('rummy_teach.solver',)\n"
        "print(json.dumps({name: name in sys.modules for name in names}))\n"
    )
    return loaded


def test_import_rummy_teach_loads_neither_the_solver_nor_its_libraries() -> None:
    """``import rummy_teach`` imports neither numpy nor highspy; the solver loads on first use."""
    loaded = _loaded_after("import rummy_teach")
    assert not any(loaded.values()), loaded


def test_solver_names_and_package_import_light() -> None:
    """The solver's names, and the solver package itself, import without numpy or highspy."""
    loaded = _loaded_after(
        "from rummy_teach import best_opening, best_play, hint, review\n"
        "from rummy_teach.solver import Objective, Solution, Step\n"
        "import rummy_teach.solver.play, rummy_teach.solver.model"
    )
    assert loaded.pop("rummy_teach.solver")
    assert not any(loaded.values()), loaded


def test_first_solve_loads_highspy_and_numpy() -> None:
    """The check above can fail: a solve does load the libraries it needs."""
    loaded = _loaded_after(
        "from rummy_teach import RummikubRules, best_opening, parse_tiles\n"
        "assert best_opening(parse_tiles('R10 R11 R12'), RummikubRules()) is not None"
    )
    assert loaded["numpy"] and loaded["highspy"], loaded


def _after_a_solve(before: str, environment: dict[str, str]) -> list[object]:
    """In a fresh interpreter (``before`` run first): the OpenBLAS setting and the process's
    threads (Linux tasks) after one solve."""
    result: list[object] = _fresh(
        "import json, os\n"
        f"{before}\n"
        "from rummy_teach import RummikubRules, best_play, parse_tiles\n"
        "best_play(parse_tiles('R10 R11 R12'), [], RummikubRules())\n"
        "print(json.dumps([os.environ.get('OPENBLAS_NUM_THREADS'),"
        " len(os.listdir('/proc/self/task'))]))\n",
        environment,
    )
    return result


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts Linux tasks")
def test_the_solver_starts_no_blas_threads_unless_asked() -> None:
    """Importing the solver before numpy keeps OpenBLAS to the calling thread (no thread per
    core spinning at import); a value the user set, or numpy loaded first, is left alone."""
    assert _after_a_solve("", {}) == ["1", 1]
    assert _after_a_solve("", {"OPENBLAS_NUM_THREADS": "2"})[0] == "2"
    assert _after_a_solve("import numpy", {})[0] is None


def test_the_solver_runs_after_another_highs_set_up_its_threads() -> None:
    """Another HiGHS in the process (cvxpy's, a learner's own) that ran first with two threads
    leaves the solver working, and that HiGHS, on its default threads, still runs afterwards."""
    answers = _fresh(
        "import json, highspy\n"
        "from rummy_teach import RummikubRules, parse_tiles\n"
        "from rummy_teach.solver import best_opening, best_play\n"
        "def other(threads):\n"
        "    h = highspy.Highs()\n"
        "    h.setOptionValue('output_flag', False)\n"
        "    h.setOptionValue('threads', threads)\n"
        "    h.addVar(0.0, 3.0)\n"
        "    h.changeColCost(0, -1.0)\n"
        "    return str(h.run()), h.getSolution().col_value[0]\n"
        "first = other(2)\n"
        "play = best_play(parse_tiles('R3 R4 R5 B7'), [parse_tiles('K7 O7 R7')], RummikubRules())\n"
        "opening = best_opening(parse_tiles('R10 R11 R12 K1 K2 K3'), RummikubRules())\n"
        "print(json.dumps([first, play.tiles, opening.tiles, other(0)]))\n"
    )
    assert answers[1:3] == [4, 6], answers
    assert answers[0] == answers[3], answers  # the other HiGHS solved its model both times
    assert answers[0][1] == 3.0, answers


def test_lazy_names_are_the_solver_functions() -> None:
    """``rummy_teach.best_play`` and friends are the solver's own functions; others stay errors."""
    for name in ("best_opening", "best_play", "hint", "review"):
        assert getattr(rummy_teach, name) is getattr(solver, name)
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = rummy_teach.no_such_name  # type: ignore[attr-defined]


class _StoppedHighs:
    """A HiGHS that stops at once with ``status`` and no solution."""

    def __init__(self, status: Any) -> None:
        self.status = status
        self.columns = 0
        self.runs = 0

    def passModel(self, lp: Any) -> None:
        self.columns = lp.num_col_

    def setOptionValue(self, name: str, value: object) -> None:
        pass

    def addRow(self, *row: object) -> None:
        pass

    def setSolution(self, solution: object) -> None:
        pass

    def run(self) -> None:
        self.runs += 1

    def getModelStatus(self) -> Any:
        return self.status

    def modelStatusToString(self, status: Any) -> str:
        return str(status)

    def getInfo(self) -> SimpleNamespace:
        return SimpleNamespace(
            primal_solution_status=0, mip_dual_bound=float("inf"), objective_function_value=0.0
        )

    def getSolution(self) -> SimpleNamespace:
        return SimpleNamespace(col_value=[0.0] * self.columns)


@pytest.mark.parametrize(
    "status", [highspy.HighsModelStatus.kSolveError, highspy.HighsModelStatus.kSolutionLimit]
)
def test_no_answer_from_highs_raises_solver_error(
    monkeypatch: pytest.MonkeyPatch, status: Any
) -> None:
    """HiGHS stopping without a solution (an error, or at its node limit with nothing found) raises
    ``SolverError``, a ``RummyTeachError``, for the opening and for a later play alike."""
    stopped = _StoppedHighs(status)
    monkeypatch.setattr(solver.model, "_highs", lambda: stopped)
    with pytest.raises(SolverError, match="without an answer"):
        solver.best_opening(T("R10 R11 R12 K1 K2 K3"), RummikubRules())
    with pytest.raises(SolverError, match="without an answer") as raised:
        solver.best_play(T("R3 R4"), [T("K5 R5 B5 O5")], RummikubRules())
    assert isinstance(raised.value, RummyTeachError)
    assert stopped.runs == 2  # one run per solve: no staged re-runs


SOLVER = ROOT / "rummy_teach" / "solver"
JUPYTER = {"ipywidgets", "anywidget", "IPython", "ipykernel", "traitlets", "voila", "nbformat"}


def _top_level_imports(path: Path) -> set[str]:
    """Top-level package names ``path`` imports at module level (not inside functions or
    ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_solver_modules_are_small_and_import_nothing_heavy_at_module_level() -> None:
    """Every solver module is under 600 lines and imports numpy/highspy only inside functions,
    never anything from Jupyter."""
    modules = sorted(SOLVER.glob("*.py"))
    assert len(modules) > 5
    for path in modules:
        assert len(path.read_text(encoding="utf-8").splitlines()) < 600, path.name
        imported = _top_level_imports(path)
        assert not imported & ({"numpy", "highspy", "scipy"} | JUPYTER), (path.name, imported)
