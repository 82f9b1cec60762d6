"""English texts of the course: lesson titles and aims, the landing page, progress and stars, the teacher's guide."""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    # the twelve lessons (CURRICULUM numbers): a title and what the learner can do afterwards
    "course.lesson.1.title": "Start here",
    "course.lesson.1.goal": (
        "Say what a meld is, what the two games share and where they differ, and use the "
        "lessons: pick pieces, read the answer, ask for a hint."
    ),
    "course.lesson.2.title": "Rummy: groups and runs",
    "course.lesson.2.goal": (
        "Build groups and runs from a hand of cards, and see why a gap, mixed suits or a high "
        "ace spoil a run."
    ),
    "course.lesson.3.title": "Rummy: a turn",
    "course.lesson.3.goal": (
        "Play one turn in the right order: draw, lay down if you like, lay off if you like, "
        "discard."
    ),
    "course.lesson.4.title": "Rummy: laying off",
    "course.lesson.4.goal": (
        "Add cards to any meld on the table, your own or another player's, and know that cards "
        "on the table never move."
    ),
    "course.lesson.5.title": "Rummy: going out and scoring",
    "course.lesson.5.goal": (
        "Go out in each of the three ways and count the points of a round, with and without "
        "going rummy."
    ),
    "course.lesson.6.title": "Rummy: play a round against the computer",
    "course.lesson.6.goal": (
        "Play a whole round, watching each move of the computer with a sentence on why it made it."
    ),
    "course.lesson.7.title": "Rummikub: tiles, groups, runs and jokers",
    "course.lesson.7.goal": (
        "Know the 106 tiles, build groups in different colours and runs in one colour, and use "
        "a joker."
    ),
    "course.lesson.8.title": "Rummikub: the 30-point initial meld",
    "course.lesson.8.goal": (
        "Tell whether a rack can open, and open with the sets worth the most points."
    ),
    "course.lesson.9.title": "Rummikub: rearranging the table",
    "course.lesson.9.goal": (
        "Split, join and move sets on the table to fit your tiles in, and know the penalty for "
        "leaving it in a mess."
    ),
    "course.lesson.10.title": "Rummikub: joker rules",
    "course.lesson.10.goal": (
        "Grow a set that holds a joker, swap a joker out and play it at once, and handle a group "
        "of two tiles and a joker."
    ),
    "course.lesson.11.title": "Rummikub: the end of the game",
    "course.lesson.11.goal": (
        "Score a finished game, know what happens when the pool is empty, then play a game "
        "against the computer."
    ),
    "course.lesson.12.title": "House rules",
    "course.lesson.12.goal": (
        "Name every house rule of both games and say what it changes, switching each one and "
        "watching a verdict change."
    ),
    # the landing page (notebooks/index.ipynb)
    "course.index.title": "Learn Rummy and Rummikub",
    "course.index.intro": (
        "Short lessons, one idea each: read a little, look at the pictures, then try it yourself "
        "and get an answer straight away. Each exercise you solve earns up to three stars. "
        "Start at the top and work down."
    ),
    "course.section.start": "Begin",
    "course.section.rummy": "Rummy",
    "course.section.rummikub": "Rummikub",
    "course.section.house": "House rules",
    "course.section.more": "Look things up",
    "course.index.lesson": "Lesson {number}: {title}",
    "course.index.coming": "Lesson {number}: {title} (coming soon)",
    "course.index.rulebook": "The rule book: every rule of both games in plain words",
    "course.index.teachers": (
        "For teachers: running a class, the lesson plan, hand numbers and projector mode"
    ),
    # progress on the landing page (kept in the learner's browser)
    "course.progress.title": "Your progress",
    "course.progress.private": (
        "Your stars are kept in this browser only: nothing is sent anywhere, and nobody else "
        "can see them."
    ),
    "course.progress.start": "Start with {lesson}",
    "course.progress.continue": "Continue with {lesson}",
    "course.progress.finished": "You have solved every exercise of every lesson. Well done!",
    "course.progress.lesson": "{solved} of {levels} exercises solved, {stars} of {max} stars",
    "course.progress.done": "Done: {stars} of {max} stars",
    "course.progress.forget": "Forget my progress",
    "course.progress.forgotten": "Your progress in this browser has been forgotten.",
    # a level solved (shown in the exercise view)
    "course.stars.3": "Three stars: solved without a hint.",
    "course.stars.2": "Two stars: solved with a little help. Next time, without a hint, it earns three.",
    "course.stars.1": "One star: solved with the hints. Next time, with fewer hints, it earns more.",
    "course.stars.best": "Solved before: {stars} of {max} stars.",
    "course.par": Plural(
        "par", "Par: {par} move for three stars.", "Par: {par} moves for three stars."
    ),
    "course.next_exercise": "Next exercise",
    "course.next_lesson": "Next lesson: {title}",
    "course.all_lessons": "Back to the list of lessons",
    "course.lab.missing": (
        "make lab needs JupyterLab: pip install 'rummy-teach[lab]' (make lab installs it in .venv)."
    ),
    # the teacher's guide (notebooks/teachers.ipynb)
    "course.teachers.title": "For teachers",
    "course.teachers.intro": (
        "The lessons run in any web browser. Learners need no account and install nothing; "
        "their stars stay in their own browser."
    ),
    "course.teachers.run_title": "Running a class",
    "course.teachers.run_one": (
        "On one computer on the school network, start the app so that other machines can reach "
        "it. The learners then open that computer's address, followed by :8866, in their "
        "browsers; the app names that address when it starts, and so does its status page:"
    ),
    "course.teachers.run_ready": (
        "Tell the app beforehand how many learners will open which lessons, and it starts a "
        "kernel for each of them in the background:"
    ),
    "course.teachers.run_status": (
        "The status page at /rummy/status (on the computer that runs the app) shows the open "
        "pages, the kernels and the memory, and says when the class is ready. It is part of the "
        "app, not of Binder or JupyterHub."
    ),
    "course.teachers.run_outage": (
        "If the network drops for a moment, every page says so and carries on by itself when it "
        "is back, answering what the learner clicked meanwhile. After more than five minutes "
        "away, or if you restart the app, a page reloads by itself and its exercise starts "
        "again. Stars are never lost: they stay in the learners' browsers."
    ),
    "course.teachers.run_binder": (
        "Without a server of your own, the Binder link opens the lessons on mybinder.org. The "
        "first start takes a few minutes and idle sessions end after about ten minutes, so it "
        "suits a try-out or a small group better than a lesson that must start on time:"
    ),
    "course.teachers.run_hub": (
        "For logins or bigger groups, run JupyterHub (deploy/jupyterhub, or the Zero to "
        "JupyterHub chart for Kubernetes). Every learner gets a server of their own and lands "
        "on the lesson list at this address:"
    ),
    "course.teachers.run_lab": (
        "To read or change the lessons yourself, make lab opens them in JupyterLab, with the "
        "pictures showing before anything runs; Run All makes every exercise work."
    ),
    "course.teachers.run_edit": (
        "A lesson you change and save while the app is running shows the change the next time a "
        "page opens it. If a page of your own asks for something the lessons cannot do (a game of "
        "six players, say), that page says what is wrong where that part would have been."
    ),
    "course.teachers.plan_title": "The lesson plan",
    "course.teachers.plan_intro": (
        "Twelve lessons of 10 to 15 minutes each, in this order. Each one shows examples first, "
        "then gives an exercise after every idea."
    ),
    "course.teachers.plan_number": "Lesson",
    "course.teachers.plan_lesson": "Title",
    "course.teachers.plan_goal": "Afterwards the learner can",
    "course.teachers.plan_minutes": "Minutes",
    "course.teachers.plan_total": "About {minutes} minutes in all.",
    "course.teachers.plan_coming": "{title} (coming soon)",
    "course.teachers.hands_title": "The same hand for everyone",
    "course.teachers.hands": (
        "An exercise with an Another hand button deals a fresh position of the same kind. The "
        "deals are numbered, and a number always gives the same cards or tiles, on every "
        'computer. Say "everyone try hand 7" and the whole class works on one position and can '
        "compare answers. In a notebook, the same deal comes from hand_number=7."
    ),
    "course.teachers.projector_title": "On the projector",
    "course.teachers.projector": (
        "Every lesson page has a Projector mode switch at the top. It makes the text, the cards "
        "and tiles and the buttons bigger, so the back row can read them; the browser remembers "
        "the choice."
    ),
    "course.teachers.guide_link": "The teacher's guide: running a class, the lesson plan, hand numbers",
    "course.teachers.stars_title": "Stars",
    "course.teachers.stars": (
        "An exercise solved without a hint earns three stars; after one step of the hint ladder, "
        "two; after more, one. An exercise with a par also wants to be solved within that many "
        "moves for three stars. Stars are a learner's own and never leave their browser: ask "
        "the class to show their landing page if you want to see how far they got."
    ),
}
