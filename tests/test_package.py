"""The package as a whole: the layout's rules (small rooms, a Jupyter-free engine, light imports), typed."""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest

import rummy_teach

PACKAGE = pathlib.Path(rummy_teach.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))
NOT_ENGINE = ("widgets", "lessons", "app.py", "classroom.py")
"""The views, the lesson data and the app: everything else is the engine."""
ENGINE = [path for path in MODULES if path.relative_to(PACKAGE).parts[0] not in NOT_ENGINE]
JUPYTER = {
    "ipywidgets",
    "anywidget",
    "IPython",
    "ipykernel",
    "traitlets",
    "voila",
    "jupyter_server",
    "jupyter_client",
    "nbformat",
    "comm",
}
HEAVY = {"scipy", "numpy", "highspy", "ortools", "babel"}
MAX_LINES = 600


def imported_names(path: pathlib.Path) -> set[str]:
    """Every module ``path`` imports anywhere (also inside functions), as dotted names."""
    imported: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module)
    return imported


def loaded_after(statement: str) -> set[str]:
    """The top-level packages a fresh interpreter has loaded after running ``statement``."""
    code = f"import sys, json; {statement}; print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return set(json.loads(result.stdout.splitlines()[-1]))


def test_the_engine_is_most_of_the_package() -> None:
    """The engine list is not empty by mistake: the games, melds and solver are in it."""
    rooms = {path.relative_to(PACKAGE).parts[0] for path in ENGINE}
    assert {"melds", "rummy", "rummikub", "solver", "pieces.py", "verdict.py"} <= rooms


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_is_over_600_lines(path: pathlib.Path) -> None:
    """One feature per module: no room over ~600 lines."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(PACKAGE)} has {lines} lines"


@pytest.mark.parametrize("path", ENGINE, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_engine_modules_never_import_jupyter_or_the_views(path: pathlib.Path) -> None:
    """The engine imports nothing from Jupyter, ipywidgets, anywidget or traitlets, nor the views."""
    imported = imported_names(path)
    assert not {name.split(".")[0] for name in imported} & JUPYTER
    assert not [name for name in imported if name.startswith("rummy_teach.widgets")]


def test_lessons_are_data_only() -> None:
    """``rummy_teach.lessons`` holds puzzle data: it imports no views and nothing from Jupyter."""
    for path in sorted((PACKAGE / "lessons").rglob("*.py")):
        imported = imported_names(path)
        assert not {name.split(".")[0] for name in imported} & JUPYTER, path
        assert not [name for name in imported if name.startswith("rummy_teach.widgets")], path


@pytest.mark.parametrize(
    "statement",
    [
        "import rummy_teach",
        "import rummy_teach.rummy, rummy_teach.rummikub, rummy_teach.bots, rummy_teach.cli",
        "import rummy_teach.solver",
        "from rummy_teach import best_play, best_opening, hint, review",
    ],
)
def test_light_imports_load_no_solver_library_and_no_jupyter(statement: str) -> None:
    """The solver's numpy and highspy load on the first solve, never on import."""
    loaded = loaded_after(statement)
    assert not loaded & (JUPYTER | HEAVY), loaded & (JUPYTER | HEAVY)


def test_importing_the_app_does_not_import_the_views() -> None:
    """``rummy_teach.app`` (the server) loads no anywidget or ipywidgets: kernels do."""
    loaded = loaded_after("import rummy_teach.app")
    assert not loaded & {"anywidget", "ipywidgets", "numpy", "highspy"}


def test_package_is_typed() -> None:
    """The package ships ``py.typed`` (PEP 561)."""
    assert (PACKAGE / "py.typed").exists()


def test_public_api_is_exported() -> None:
    """Every name in ``rummy_teach.__all__`` is there."""
    for name in rummy_teach.__all__:
        assert hasattr(rummy_teach, name), name
