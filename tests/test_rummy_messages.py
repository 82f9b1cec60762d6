"""Every learner-facing sentence of the Rummy area lives in messages/en_rummy.py and is used."""

from __future__ import annotations

import re
import string
from pathlib import Path

from rummy_teach import messages
from rummy_teach.messages import Plural, en_rummy

PACKAGE = Path(messages.__file__).parent.parent
SOURCES = sorted((PACKAGE / "rummy").glob("*.py"))


def used_keys() -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in SOURCES)
    return set(re.findall(r'"(rummy\.[a-z_.]+)"', text))


def test_every_rummy_key_used_in_code_exists() -> None:
    """No refusal or sentence can fail for want of a template."""
    missing = used_keys() - set(messages.CATALOG)
    assert not missing


def test_every_rummy_template_is_used_and_prefixed() -> None:
    """The Rummy catalog holds only this area's keys, and none is dead."""
    assert all(key.startswith("rummy.") for key in en_rummy.MESSAGES)
    assert set(en_rummy.MESSAGES) - used_keys() == set()


def test_every_rummy_template_is_well_formed() -> None:
    """Templates parse and name their parameters."""
    for key, english in en_rummy.MESSAGES.items():
        forms = (english.one, english.other) if isinstance(english, Plural) else (english,)
        fields = [
            name
            for template in forms
            for _, name, _, _ in string.Formatter().parse(template)
            if name is not None
        ]
        assert all(name.isidentifier() for name in fields), key
