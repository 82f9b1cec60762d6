"""English messages of the Rummy game (rummy.py): reason key -> template."""

MESSAGES: dict[str, str] = {}
