"""Hub tests drive the same Chromium as the browser tests: their launch fixtures, reused."""

from __future__ import annotations

from tests.browser.conftest import browser_context_args, browser_type_launch_args

__all__ = ["browser_context_args", "browser_type_launch_args"]
