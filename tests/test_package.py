"""The package as a whole: a light import, a typed package, the engine free of Jupyter."""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import rummy_teach

PACKAGE = pathlib.Path(rummy_teach.__file__).parent
ENGINE = [
    "errors.py",
    "pieces.py",
    "rules.py",
    "melds.py",
    "rummy.py",
    "rummikub.py",
    "solver.py",
    "bots.py",
    "cli.py",
]
JUPYTER = {
    "ipywidgets",
    "anywidget",
    "IPython",
    "ipykernel",
    "traitlets",
    "voila",
    "jupyter_server",
    "nbformat",
}


def test_importing_rummy_teach_imports_no_solver_or_jupyter_library() -> None:
    code = "import sys, json, rummy_teach; print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded = set(json.loads(result.stdout))
    assert not loaded & (JUPYTER | {"scipy", "numpy", "highspy", "ortools", "babel"}), loaded


def test_engine_modules_never_import_jupyter() -> None:
    for name in ENGINE:
        path = PACKAGE / name
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
        assert not imported & JUPYTER, (name, imported & JUPYTER)


def test_package_is_typed() -> None:
    assert (PACKAGE / "py.typed").exists()


def test_public_api_is_exported() -> None:
    for name in rummy_teach.__all__:
        assert hasattr(rummy_teach, name), name
