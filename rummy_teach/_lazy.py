"""Lazy package namespaces (PEP 562): a package's public names, each imported from its module on first use.

A package ``__init__`` lists where each name lives, once, and keeps the static imports for type
checkers and IDEs under ``if TYPE_CHECKING:``::

    if TYPE_CHECKING:
        from rummy_teach.melds.layoff import check_layoff

    if not TYPE_CHECKING:
        __getattr__, __dir__ = lazy_names(globals(), {"rummy_teach.melds.layoff": ("check_layoff",)})

(the call hidden from type checkers, so that they still flag a name the package lacks). Then
``from rummy_teach.melds import check_meld`` loads ``melds.reading`` and not ``melds.layoff``.
A lazy name must not also be one of the package's submodules: importing that submodule anywhere
first would set the package's attribute to the module and hide the name (import such a name
eagerly instead).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_names(
    namespace: dict[str, Any], modules: Mapping[str, Iterable[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose globals are ``namespace``, where
    ``modules`` maps each module to the names it defines: a name is imported on first use, then
    kept in ``namespace`` (later look-ups never reach ``__getattr__``)."""
    package = namespace["__name__"]
    home = {name: module for module, names in modules.items() for name in names}

    def module_getattr(name: str) -> Any:
        try:
            module = home[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def module_dir() -> list[str]:
        return sorted(namespace.keys() | home.keys())

    return module_getattr, module_dir
