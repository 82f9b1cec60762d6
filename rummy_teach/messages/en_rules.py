"""English messages of the rules objects' refusals: a setting out of range, a bad rules key.

The setting names (``jokers``, ``ace`` …) and the values are quoted as the code and the rules key
write them; only the sentence around them is translated.
"""

MESSAGES: dict[str, str] = {
    "rules.bad_choice": "{name} must be one of {choices}, not {value}",
    "rules.bad_number": "{name} must be a whole number from {low} to {high}, not {value}",
    "rules.bad_number_or_none": (
        "{name} must be a whole number from {low} to {high} or None, not {value}"
    ),
    "rules.bad_flag": "{name} must be True or False, not {value}",
    "rules.bad_jokers": "jokers must be 2 or 4, not {value}",
    "rules.too_many_digits": "{name} must be a whole number of at most {digits} digits, not {text}…",
    "rules.key_not_text": "a rules key is a non-empty string, not {value}",
    "rules.key_game": "a rules key starts with 'rummy' or 'rummikub', not {value}",
    "rules.key_unknown": "unknown setting {setting} in rules key {key}",
    "rules.key_twice": "the setting {name} comes twice in rules key {key}",
}
