"""Each view's browser code is one module: the shared files it needs (dom.js, base.js, games.js)
joined in front of its own file, imports joined away, any other import refused; CSS likewise."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_teach import static
from rummy_teach.errors import RummyTeachError
from rummy_teach.widgets import Exercise, LayoffExercise, MeldExercise, OpeningExercise


@pytest.mark.parametrize(
    ("view", "kind"),
    [(MeldExercise, "meld"), (LayoffExercise, "layoff"), (OpeningExercise, "opening")],
)
def test_each_view_has_its_module_and_css(view: type[Exercise], kind: str) -> None:
    """Each view's _esm is base.js plus its own file (one module, no import left); _css likewise."""
    esm = str(view._esm)
    assert esm.count("export default") == 1 and "function renderExercise" in esm
    assert f'name: "{kind}"' in esm and "import " not in esm.replace("// ", "")
    assert ".rt-exercise" in str(view._css) and f"/* ---- {kind}.css */" in str(view._css)


def test_a_view_module_may_import_only_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The joiner puts dom.js and base.js (only if the view needs it) before the view, drops their
    imports and refuses any other import."""
    (tmp_path / "dom.js").write_text("export const D = 1;\n", encoding="utf-8")
    (tmp_path / "base.js").write_text(
        'import { D } from "./dom.js";\nexport const A = D;\n', encoding="utf-8"
    )
    (tmp_path / "good.js").write_text(
        'import { A } from "./base.js";\nexport default { render() { return A; } };\n',
        encoding="utf-8",
    )
    (tmp_path / "small.js").write_text(
        'import { D } from "./dom.js";\nexport default { render() { return D; } };\n',
        encoding="utf-8",
    )
    (tmp_path / "bad.js").write_text('import x from "https://example.org/x.js";\n', "utf-8")
    monkeypatch.setattr(static, "static_dir", lambda: tmp_path)
    joined = static.view_module.__wrapped__("good")
    assert joined.index("export const D") < joined.index("export const A") < joined.index("render")
    assert "import" not in joined
    small = static.view_module.__wrapped__("small")
    assert "export const D" in small and "export const A" not in small and "import" not in small
    with pytest.raises(RummyTeachError, match=r"only from \./dom\.js, \./base\.js and \./games"):
        static.view_module.__wrapped__("bad")
    with pytest.raises(RummyTeachError, match="no browser file"):
        static.view_module.__wrapped__("missing")


def test_the_rules_picker_is_sent_without_the_exercise_code() -> None:
    """Every instance carries its module: the picker's holds dom.js and its own file only."""
    picker = static.view_module("rules_picker")
    assert "function el(" in picker and "function renderExercise" not in picker
    assert len(picker) < len(static.view_module("meld")) / 3
    for game in ("rummy_game", "rummikub_game"):  # the game views add games.js, after base.js
        module = static.view_module(game)
        assert (
            module.index("---- base.js")
            < module.index("---- games.js")
            < module.index(f"---- {game}.js")
        )
        assert "function gameParts(" in module and "import " not in module.replace("// ", "")
    assert "function gameParts(" not in static.view_module("meld")
