"""English messages of the lesson app and the command line: the language switch, the front door,
the joker's printed word, notation help and the teacher's page on languages (reason key -> template).

``LANGUAGE_NAMES`` are the languages' own names (endonyms) for the language switch: a learner finds
their language by its own name whatever the page's language, so they are no catalog entries.
"""

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "nb": "Norsk",
    "da": "Dansk",
    "nl": "Nederlands",
}
"""Each language the lessons come in, by its code, named in that language (never translated)."""

MESSAGES: dict[str, str] = {
    # the language switch on every page, and the front door (/) that opens the chosen language
    "app.language.label": "Language",
    "app.front.title": "Learn Rummy and Rummikub",
    "app.front.open": "Open the lessons",
    "app.lang_unknown": (
        "rummy-teach: no lessons in the language {language!r}; choose one of {languages}"
    ),
    "app.lang_missing": (
        "rummy-teach serve: --lang {language} needs the lessons in {folder} (no index.ipynb there)"
    ),
    "app.no_such_address": (
        "rummy-teach serve: cannot listen at {host}: this machine has no such address"
        " (--ip 0.0.0.0 listens on all of its addresses, 127.0.0.1 on this machine only)"
    ),
    "app.port_denied": (
        "rummy-teach serve: port {port} needs administrator rights: choose one above 1023 with --port"
    ),
    # the server's log at its start, and the status page: where the class opens the app
    "app.learners_open": "The class opens {urls} in their browsers.",
    "app.only_this_machine": (
        "Only this machine can open {url}: for a class, start the app with --ip 0.0.0.0."
    ),
    "app.no_network_address": (
        "This machine has no address on a network: the class can reach the app once it has one"
        " (that address with :{port})."
    ),
    "app.no_lessons": (
        "no lessons here: {folder} has no index.ipynb"
        " (give the folder that holds the lessons' index.ipynb, e.g. notebooks)"
    ),
    "app.cli.not_whole": "{value} is not a whole number from {low} to {high}",
    "app.port_in_use": (
        "rummy-teach serve: port {port} is in use: is the app already running there"
        " (http://{host}:{port}/)? Stop it first, or choose another port with --port"
    ),
    # the word printed on a joker's picture (capitals, at most about seven letters fit)
    "app.joker_word": "JOKER",
    # notation help: the command line's help and the errors that name a bad token
    "app.notation.card_help": (
        "a card is a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), e.g. 10H or Q♠"
    ),
    "app.notation.tile_help": (
        "a tile is a colour (K black, R red, B blue, O orange) then a number 1-13, e.g. R7 or B13; "
        "J or * is a joker, J=R4 a joker standing for R4"
    ),
    "app.notation.rummikub_card_help": (
        "a card is a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), e.g. 10H or Q♠; "
        "* is a joker, *=4H a joker standing for 4H"
    ),
    "app.notation.bad_card": (
        "bad card {token!r} (token {position}, at character {offset}): {help}"
    ),
    "app.notation.bad_tile": (
        "bad tile {token!r} (token {position}, at character {offset}): {help}"
    ),
    "app.cli.description": (
        "Learn Rummy and Rummikub: judge melds from the command line, or serve the lessons."
    ),
    "app.cli.lang": "the language of the answers: en, nb, da or nl (default: en)",
    "app.cli.check": "judge a meld (Rummy cards by default) or a Rummikub initial meld",
    "app.cli.check_description": (
        'Judge a meld, e.g. rummy-teach check "5H 6H 8H" or rummy-teach check --rummikub '
        '"R10 B10 K10". With --opening, give a Rummikub initial meld as sets separated by "|". '
        "Exit code: 0 valid, 1 invalid, 2 bad notation or settings."
    ),
    "app.cli.pieces": 'pieces in notation, e.g. "5H 6H 7H" or "R10 B10 K10 J"',
    "app.cli.rummikub": "read tiles and judge under Rummikub rules",
    "app.cli.opening": 'judge a Rummikub initial meld: sets separated by "|" (K-OPEN-2)',
    "app.cli.no_cards": 'no cards given: write the meld to judge, e.g. "5H 6H 7H"',
    "app.cli.no_tiles": 'no tiles given: write the set to judge, e.g. "R10 B10 K10"',
    "app.cli.no_tiles.cards": 'no cards given: write the set to judge, e.g. "10H 10S 10D"',
    "app.cli.no_opening": (
        'no sets given: write the initial meld to judge as sets separated by "|", '
        'e.g. "R10 R11 R12 | K5 B5 O5"'
    ),
    "app.cli.no_opening.cards": (
        'no sets given: write the initial meld to judge as sets separated by "|", '
        'e.g. "10H JH QH | 5S 5H 5D"'
    ),
    "app.cli.rules": (
        "a rules key naming house rules, e.g. rummy:ace=low_or_high or "
        "rummikub:initial_meld_points=25"
    ),
    "app.cli.json_verdict": "print the verdict as JSON",
    "app.cli.solve": "find the best Rummikub opening, or the best play onto a table",
    "app.cli.solve_description": (
        'Find the best Rummikub move, e.g. rummy-teach solve "R10 R11 R12 K1 K2 K3" (an initial '
        'meld) or rummy-teach solve "B10 B12" --table "B9 J B11 | K5 R5 B5". Exit code: 0 when '
        "tiles can be placed, 1 when the only move is to draw, 2 bad notation or settings, "
        "3 no answer in time."
    ),
    "app.cli.rack": (
        'the rack in notation: tiles such as "R10 J", or cards such as "10H *" under '
        "rummikub:pieces=cards"
    ),
    "app.cli.table": 'the sets on the table, separated by "|" (then the player has opened)',
    "app.cli.opened": "the player has made the initial meld already (implied by --table)",
    "app.cli.solve_rules": (
        "a Rummikub rules key, e.g. rummikub:jokers=4, or rummikub:pieces=cards to play with "
        "two packs of cards"
    ),
    "app.cli.json_play": "print the play as JSON",
    "app.cli.needs_rummikub": "--rummikub and --opening need Rummikub rules, not {rules!r}",
    "app.cli.solve_needs_rummikub": "solve needs Rummikub rules, not {rules!r}",
    "app.cli.serve": "start the lesson app (Voilà) at http://127.0.0.1:8866/",
    "app.cli.serve_description": (
        "Serve the lessons with Voilà: the same options as python -m rummy_teach.app."
    ),
    "app.cli.serve_lang": (
        "the lessons' default language: / opens the lesson list in it (en, nb, da or nl; "
        "default: en)"
    ),
    # the teacher's guide (notebooks/teachers.ipynb and its translations)
    "app.teachers.languages_title": "Languages",
    "app.teachers.languages": (
        "Every lesson, the lesson list, the rule book and this guide come in English, Norwegian, "
        "Danish and Dutch. In the app, every page has a language switch at the top; the browser "
        "remembers the choice, and a learner's stars count in every language. To start the app in "
        "Norwegian (nb), Danish (da) or Dutch (nl), so that its front page opens that language:"
    ),
    "app.teachers.languages_link": (
        "On the app started with rummy-teach serve, the front page's address can name the "
        "language instead: add /?lang= and the language's code after the app's address (the "
        "computer's name or address and :8866), and the browser remembers that choice as well. "
        "This works only on that app, not on Binder or JupyterHub:"
    ),
    "app.teachers.languages_binder": (
        "On Binder the lessons open in English. To start a class in another language, give the "
        "learners the Binder link to that language's lesson list:"
    ),
    "app.teachers.languages_hub": (
        "On JupyterHub every learner lands on the English lesson list. For another language, "
        "give them the address of that language's lesson list on the hub, each with their own "
        "user name in it:"
    ),
}
