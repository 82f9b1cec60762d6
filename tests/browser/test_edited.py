"""A lesson edited while the app runs is served as edited (rummy_teach.edited), in a real browser.

Voilà's preheated kernels render a notebook ahead of its page: a notebook changed on disk was
served as it had been until the app restarted. The test edits a page between two visits and waits
for states (the page's text, the server's log lines), never for a time.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import nbformat
from playwright.sync_api import Page, expect

from rummy_teach.edited import EditedLessons
from tests.browser.conftest import Server, checkout_env
from tests.browser.test_classroom import HANG_GUARD, KERNEL, open_kernel_of

PAGE = "own_page.ipynb"


def write_page(folder: Path, version: str) -> None:
    """A teacher's page: a heading and a cell that prints, both naming ``version``."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [
        nbformat.v4.new_markdown_cell(f"# Version {version}"),
        nbformat.v4.new_code_cell(f'print("printed by version {version}")'),
    ]
    for number, cell in enumerate(notebook.cells):
        cell.id = f"cell{number}"
    nbformat.write(notebook, folder / PAGE)


def shows(page: Page, server: Server, version: str) -> str:
    """Open the page, check it shows ``version`` (heading and output); its kernel id."""
    page.goto(f"{server.url}/voila/render/{PAGE}", timeout=HANG_GUARD)
    expect(page.locator("h1")).to_contain_text(f"Version {version}")
    expect(page.get_by_text(f"printed by version {version}")).to_be_visible()
    return open_kernel_of(page)


def test_a_page_edited_while_the_app_runs_shows_the_edit(page: Page, tmp_path: Path) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    index = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Pages")])
    nbformat.write(index, folder / "index.ipynb")
    write_page(folder, "one")
    server = Server(
        sys.executable, folder, "voila-edited.log", checkout_env(), ["--pool-size", "1"]
    )
    try:
        filled = rf"Kernel pool of {re.escape(PAGE)} is filled"
        _, after = server.wait_for_line(filled)  # else the page starts a kernel of its own
        first = shows(page, server, "one")
        _, after = server.wait_for_line(filled, after)  # refilled: it has read version one
        write_page(folder, "two")
        assert shows(page, server, "two") != first
        _, after = server.wait_for_line(
            rf"{re.escape(PAGE)} changed on disk: 1 waiting kernels end", after
        )
        found, after = server.wait_for_line(
            rf"kernel ({KERNEL}) rendered {re.escape(PAGE)} before it changed", after
        )
        server.wait_for_line(rf"kernel {found.group(1)} \({re.escape(PAGE)}\) ended", after)
        shows(page, server, "two")  # the refilled pool rendered the file as it is now
        server.wait_for_line(rf"Using pre-heated kernel: {KERNEL} for {re.escape(PAGE)}", after)
    finally:
        server.stop()


def test_a_change_is_seen_once_and_a_new_or_gone_file_is_none(tmp_path: Path) -> None:
    write_page(tmp_path, "one")
    edited = EditedLessons(tmp_path)
    assert not edited.changed(PAGE)
    write_page(tmp_path, "two")
    path = tmp_path / PAGE
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # past a coarse clock
    assert edited.changed(PAGE)
    assert not edited.changed(PAGE)  # noted: the refilled pool renders this version
    assert not edited.changed("new_page.ipynb")  # no pool was filled from a file made later
    path.unlink()
    assert not edited.changed(PAGE)
