"""The package as a whole: the layout's rules (small rooms, a Jupyter-free engine, light imports), typed."""

from __future__ import annotations

import ast
import importlib
import json
import pathlib
import subprocess
import sys

import pytest

import rummy_teach

PACKAGE = pathlib.Path(rummy_teach.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))
NOT_ENGINE = ("widgets", "lessons", "app.py", "classroom.py", "watch.py", "page_errors.py")
"""The views, the lesson data and the app (its kernel watch, its pages' failed cells): the rest is the engine."""
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


def run_fresh(code: str) -> object:
    """What a fresh interpreter prints last (as JSON) after running ``code``."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout.splitlines()[-1])


def modules_after(statement: str) -> set[str]:
    """Every module a fresh interpreter has loaded after running ``statement``."""
    loaded = run_fresh(f"import sys, json; {statement}; print(json.dumps(sorted(sys.modules)))")
    assert isinstance(loaded, list)
    return set(loaded)


def loaded_after(statement: str) -> set[str]:
    """The top-level packages a fresh interpreter has loaded after running ``statement``."""
    return {name.split(".")[0] for name in modules_after(statement)}


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


LAZY_PACKAGES = ["rummy_teach", "rummy_teach.melds", "rummy_teach.rummikub"]
"""The packages whose names are imported from their modules on first use (``rummy_teach._lazy``)."""
NOT_FOR_THE_SOLVER = {
    "rummy_teach.melds.layoff",
    "rummy_teach.melds.opening",
    "rummy_teach.rummikub.bots",
    "rummy_teach.rummikub.check",
    "rummy_teach.rummikub.moves",
    "rummy_teach.rummikub.saves",
    "rummy_teach.rummikub.setup",
    "rummy_teach.rummikub.state",
    "rummy_teach.rummikub.workspace",
    "rummy_teach.saves",
}
"""Rooms a first solve never uses: the packages' ``__init__`` must not load them on its path."""


def test_the_solver_loads_only_the_rooms_it_uses() -> None:
    """``from rummy_teach.solver import best_play`` (issue 12's first solve) loads neither the
    Rummikub bots, state, workspace and saves nor the layoff and opening checks."""
    loaded = modules_after(
        "from rummy_teach import RummikubRules, parse_tiles; "
        "from rummy_teach.solver import best_play"
    )
    assert {"rummy_teach.solver.play", "rummy_teach.rummikub.sets"} <= loaded
    assert not loaded & NOT_FOR_THE_SOLVER, sorted(loaded & NOT_FOR_THE_SOLVER)
    assert not loaded & {"pathlib", "html"}  # ~6 and ~2 ms: made or imported on first use


def test_the_messages_locale_folder_is_a_path_made_on_first_use() -> None:
    """``messages.LOCALE_DIR`` is still a ``Path`` to the catalogs, and a language still loads."""
    code = (
        "import json, sys; from rummy_teach import messages; "
        "before = 'pathlib' in sys.modules; folder = messages.LOCALE_DIR; "
        "messages.set_language('nb'); "
        "import pathlib; print(json.dumps([before, isinstance(folder, pathlib.Path), (folder / 'nb').is_dir(), "
        "messages.text('count.3')]))"
    )
    assert run_fresh(code) == [False, True, True, "tre"]


def test_a_name_loads_only_its_own_room() -> None:
    """Importing one name of a lazy package loads the module that defines it, not its siblings."""
    loaded = modules_after("from rummy_teach.melds import check_meld")
    assert "rummy_teach.melds.reading" in loaded
    assert not loaded & {"rummy_teach.melds.layoff", "rummy_teach.solver"}
    loaded = modules_after("from rummy_teach.rummikub import TileSet")
    assert "rummy_teach.rummikub.sets" in loaded
    assert not loaded & {"rummy_teach.rummikub.bots", "rummy_teach.rummikub.workspace"}


def type_checking_names(path: pathlib.Path) -> set[str]:
    """The names a module imports under ``if TYPE_CHECKING:`` (what type checkers and IDEs see)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom):
                    names |= {alias.asname or alias.name for alias in statement.names}
    return names


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_every_public_name_of_a_lazy_package_resolves_and_is_listed(package: str) -> None:
    """In a fresh interpreter, ``dir(package)`` lists every name of ``__all__`` before any is
    used, each resolves with ``getattr``, ``import *`` gives them all, and an unknown name is an
    ``AttributeError``; the lazy names are exactly those type checkers see imported."""
    code = f"""
import importlib, json
package = importlib.import_module({package!r})
listed = dir(package)
lazy = sorted(set(listed) - set(vars(package)))
resolved = [name for name in package.__all__ if getattr(package, name) is not None]
star = {{}}
exec(f"from {package} import *", star)
print(json.dumps([listed, lazy, resolved, sorted(star.keys() - {{"__builtins__"}}),
                  hasattr(package, "no_such_name")]))
"""
    listed, lazy, resolved, star, unknown = run_fresh(code)  # type: ignore[misc]
    module = importlib.import_module(package)
    assert module.__file__ is not None
    assert set(module.__all__) <= set(listed)
    assert lazy, "nothing is lazy"
    assert set(lazy) <= set(module.__all__)
    assert set(lazy) == type_checking_names(pathlib.Path(module.__file__))
    assert resolved == module.__all__
    assert star == sorted(module.__all__)
    assert unknown is False
    for name in module.__all__:
        assert getattr(module, name) is not None, name
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(module, "no_such_name")  # noqa: B009


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_a_public_name_is_never_hidden_by_its_module(package: str) -> None:
    """A public name that is also a submodule's name (``rummy_teach.referee``) stays the name,
    even when that submodule is imported first: importing a submodule sets the package's
    attribute to the module, so such a name must be imported eagerly, never lazily."""
    module = importlib.import_module(package)
    assert module.__file__ is not None
    rooms = {path.stem for path in pathlib.Path(module.__file__).parent.iterdir()}
    for name in set(module.__all__) & rooms:
        code = (
            f"import json, types, importlib; importlib.import_module('{package}.{name}'); "
            f"package = importlib.import_module({package!r}); "
            f"print(json.dumps(isinstance(getattr(package, {name!r}), types.ModuleType)))"
        )
        assert run_fresh(code) is False, f"{package}.{name} names its module"
