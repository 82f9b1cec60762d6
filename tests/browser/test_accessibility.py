"""Accessibility, checked by axe-core (axe-playwright-python bundles it) on every page a learner or
teacher opens: the lesson list, each lesson with its exercises drawn, the teacher's status page;
and each of them reflows at 320 CSS pixels (WCAG 1.4.10): nothing but a box of its own that the
keyboard reaches scrolls sideways. Every control in a lesson's exercises is a target of 44 x 44
CSS pixels at least (WCAG 2.5.5; a box to tick 24 x 24, its label ticking it too), and wider
text spacing cuts nothing off (WCAG 1.4.12).

All of axe's default rules: WCAG 2.1 A and AA and its best practices (unique landmarks, headings
in order, all content in a landmark). A violation names the rule, its impact and how many nodes
break it, so the failure message says what to fix.
"""

from __future__ import annotations

import contextlib

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from rummy_teach import languages, lessons
from tests.browser.conftest import Server
from tests.browser.test_lessons import HANG_GUARD, next_frames, open_lesson

PHONE = {"width": 320, "height": 800}
"""WCAG 1.4.10's width: 1280 CSS pixels at 400% zoom, or a small phone."""
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const boxed = (node) => {
    for (let up = node.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (["auto", "scroll"].includes(style.overflowX) && up.getBoundingClientRect().right <= width + 1)
        return up.tabIndex >= 0;
    }
    return false;
  };
  const out = [];
  if (document.documentElement.scrollWidth > width + 1)
    out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const node of document.querySelectorAll("body *")) {
    const box = node.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1 && !boxed(node))
      out.push(`${node.tagName.toLowerCase()} "${(node.textContent || "").trim().slice(0, 40)}" ends at ${Math.round(box.right)} px`);
  }
  return out.slice(0, 8);
}"""
"""What reaches past the window's right edge outside a keyboard-reachable box that scrolls sideways."""
SMALL_TARGETS = """() => [...document.querySelectorAll(
  ".rt-exercise :is(button, input, select, summary)")].filter((node) => node.offsetParent).map((node) => {
  const box = node.getBoundingClientRect();
  const least = ["checkbox", "radio"].includes(node.type) ? 24 : 44;
  if (box.width >= least && box.height >= least) return "";
  const name = node.dataset.id || node.className || node.type;
  return `${node.tagName.toLowerCase()} ${name} ${box.width.toFixed(1)} x ${box.height.toFixed(1)} px`;
}).filter(Boolean).slice(0, 8)"""
"""Controls in the exercises smaller than WCAG 2.5.5's 44 x 44 CSS px (a box to tick, whose label
ticks it too, 2.5.8's 24 x 24), one line each."""
REFLOWED = 10_000
"""How long a lesson's widgets may take to lay themselves out at the new width, in ms."""
PAGES_WITHOUT_CODE = [
    "/",
    "/rummy/status",
    *(
        f"/voila/render/{'' if language == languages.ENGLISH else language + '/'}{page}.ipynb"
        for language in languages.LANGUAGES
        for page in ("index", "rules", "teachers")
    ),
]
"""The lesson list, the teacher's status page, and the course's pages in every language."""


def violations(page: Page) -> str:
    """axe-core's violations on the page as drawn now, one line each ('' when none)."""
    return str(Axe().run(page).generate_snapshot())


def test_the_lesson_list_is_accessible(page: Page, server: Server) -> None:
    page.goto(server.url + "/", timeout=HANG_GUARD)
    first = lessons.LESSONS[0]
    name = f"Lesson {first.number}: {first.title}"
    expect(page.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert violations(page) == ""


def overflowing(page: Page) -> list[str]:
    """What the page as drawn now shows past its right edge, unboxed, one line each."""
    return [str(line) for line in page.evaluate(OVERFLOWING)]


@pytest.mark.parametrize("file", [lesson.file for lesson in lessons.LESSONS])
def test_each_lesson_is_accessible(page: Page, server: Server, file: str) -> None:
    open_lesson(page, server, file, [])
    assert violations(page) == ""
    assert page.evaluate(SMALL_TARGETS) == []
    page.set_viewport_size(PHONE)
    next_frames(page)
    # the widgets' panels lay themselves out again some frames after a resize; if the page never
    # reflows, the assertion below names what still reaches past its edge
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(f"() => ({OVERFLOWING})().length === 0", timeout=REFLOWED)
    assert overflowing(page) == []


@pytest.mark.parametrize(
    "file", ["nb/04-rummy-laying-off.ipynb", "da/11-rummikub-the-end-of-the-game.ipynb"]
)
def test_a_translated_lesson_reflows_on_a_phone(page: Page, server: Server, file: str) -> None:
    """Norwegian and Danish have the longest words: beside its status ("Fortsett"), an exercise's
    sentence could not shrink below "kombinasjonen", and the view's box cut it off at 320 px; a
    hint's link to the rule book ("Les «Så: legg til hvis du vil» i regelboken") did not wrap."""
    page.set_viewport_size(PHONE)
    exercise = open_lesson(page, server, file, [])[0]
    assert overflowing(page) == []
    exercise.locator("button.rt-button-hint").click()
    expect(exercise.locator("a.rt-feedback-link")).to_be_visible()
    assert overflowing(page) == []


TEXT_SPACING = """* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }"""
"""WCAG 1.4.12's text spacing, as a learner's own style sheet may set it."""
CUT_OFF = """() => {
  const out = [];
  const hides = (value) => ["hidden", "clip"].includes(value);
  for (const node of document.querySelectorAll(".rt-exercise *")) {
    if (!node.offsetParent) continue;
    const style = getComputedStyle(node);
    if ((hides(style.overflowX) && node.scrollWidth > node.clientWidth + 1)
        || (hides(style.overflowY) && node.scrollHeight > node.clientHeight + 1))
      out.push(`${node.tagName.toLowerCase()} "${(node.textContent || "").trim().slice(0, 30)}" is cut off`);
  }
  for (const box of document.querySelectorAll(".rt-exercise :is(.rt-piece, .rt-button, .rt-feedback, .rt-zone)")) {
    if (!box.offsetParent) continue;
    const outer = box.getBoundingClientRect();
    const spill = [...box.querySelectorAll("*")].find((inner) => {
      const rect = inner.getBoundingClientRect();
      return rect.width && (rect.right > outer.right + 1 || rect.left < outer.left - 1 || rect.bottom > outer.bottom + 1);
    });
    if (spill) out.push(`"${(spill.textContent || spill.tagName).trim().slice(0, 30)}" spills out of its ${box.className.split(" ")[0]}`);
  }
  return out.slice(0, 8);
}"""
"""What an exercise cuts off (a box hiding its overflow) or lets spill out of a piece, a button,
the feedback or a zone, one line each."""


@pytest.mark.parametrize(
    "file", ["09-rummikub-rearranging-the-table.ipynb", "da/06-rummy-play-a-round.ipynb"]
)
def test_more_space_between_letters_lines_and_words_cuts_nothing_off(
    page: Page, server: Server, file: str
) -> None:
    """WCAG 1.4.12: with a learner's wider text spacing, on a phone, every piece, button and
    sentence still shows whole: nothing is cut off, spills out of its box or past the edge."""
    page.set_viewport_size(PHONE)
    open_lesson(page, server, file, [])
    page.add_style_tag(content=TEXT_SPACING)
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(f"() => ({OVERFLOWING})().length === 0", timeout=REFLOWED)
    assert page.evaluate(CUT_OFF) == []
    assert overflowing(page) == []


def test_a_phone_shows_three_cards_a_row(page: Page, server: Server) -> None:
    """At 84 px two cards fit a row at 320 px: lesson 6's hand of ten took five rows (663 px),
    more than a phone's screen. Smaller pieces on a phone fit three, each still a big target."""
    page.set_viewport_size(PHONE)
    game = open_lesson(page, server, "06-rummy-play-a-round.ipynb", [])[0]
    boxes = [piece.bounding_box() for piece in game.locator(".rt-zone-hand button.rt-piece").all()]
    assert len(boxes) == 10
    rows = {round(box["y"]) for box in boxes if box}
    assert len(rows) == 4, rows
    assert min(box["width"] for box in boxes if box) >= 44  # WCAG 2.5.5's target size
    assert overflowing(page) == []


AROUND_THE_LESSONS = """() => [...document.querySelectorAll(
  "#rummy-teach-languages a, main li > a:first-child, .rt-progress-continue a, #rummy-teach-projector")]
  .filter((node) => node.offsetParent).map((node) => {
    const high = node.getBoundingClientRect().height;
    return high >= 44 ? "" : `${node.id || node.textContent.trim().slice(0, 30)}: ${high.toFixed(1)} px high`;
  }).filter(Boolean).slice(0, 8)"""
"""The links and buttons around the exercises (the language switch, the lesson list's links, the
link to go on, the projector switch) lower than WCAG 2.5.5's 44 px, one line each."""


@pytest.mark.parametrize(
    "path", ["/voila/render/nb/index.ipynb", "/voila/render/02-rummy-groups-and-runs.ipynb"]
)
def test_on_a_touch_screen_the_links_around_the_lessons_are_a_fingers_target(
    browser: Browser, server: Server, path: str
) -> None:
    """On a phone or tablet the language switch (23 px high), the lesson list's links (19 px), the
    link to go on and the projector switch (37 px) are 44 px high targets, as the exercises are."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + path, timeout=HANG_GUARD)
    expect(page.locator("#rummy-teach-languages a").first).to_be_visible()
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    assert page.evaluate(AROUND_THE_LESSONS) == []
    context.close()


STATUS_LINES = """() => [...document.querySelectorAll(".rt-referee strong")].map((word) => {
  const range = document.createRange();
  range.selectNodeContents(word);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
})"""
"""How many lines each referee box's status word ("Not valid") takes, in page order."""


@pytest.mark.parametrize("language", languages.LANGUAGES)
def test_the_referees_status_word_stays_on_one_line_on_a_phone(
    page: Page, server: Server, language: str
) -> None:
    """Beside its sentence, "Not valid" ("Ikke gyldig", "Niet geldig") broke in two at 320 px in
    every language; the sentence now goes under the word where the two do not fit side by side.
    Lesson 8 has valid and invalid openings."""
    folder = "" if language == languages.ENGLISH else f"{language}/"
    page.set_viewport_size(PHONE)
    open_lesson(page, server, f"{folder}08-rummikub-initial-meld.ipynb", [])
    lines = page.evaluate(STATUS_LINES)
    assert len(lines) == 12 and set(lines) == {1}, lines
    assert overflowing(page) == []


@pytest.mark.parametrize("path", PAGES_WITHOUT_CODE)
def test_each_page_without_code_reflows_on_a_phone(page: Page, server: Server, path: str) -> None:
    """The teacher's guide's lesson plan (four columns) and the status page's kernel tables (six)
    are wider than 320 px in some languages: each scrolls in a box of its own, the page does not."""
    page.set_viewport_size(PHONE)
    page.goto(server.url + path, timeout=HANG_GUARD)
    expect(page.locator("h1").first).to_be_visible()
    assert overflowing(page) == []
    assert violations(page) == ""


FORCED_LOOKS = """(exercise) => {
  const look = (selector, ...properties) => {
    const node = exercise.querySelector(selector);
    const style = getComputedStyle(node);
    return properties.map((property) => style[property]).join(" ");
  };
  return {
    picked: look("button.rt-piece[aria-pressed='true']", "borderTopColor"),
    unpicked: look("button.rt-piece[aria-pressed='false']", "borderTopColor"),
    unavailable: look(".rt-button[aria-disabled='true']", "color", "borderTopColor"),
    available: look(".rt-button:not([aria-disabled='true'])", "color", "borderTopColor"),
  };
}"""
"""How a picked and an unpicked piece, and an unavailable and an available button, are drawn."""


def test_picked_pieces_and_unavailable_buttons_show_in_a_contrast_theme(
    page: Page, server: Server
) -> None:
    """Windows' contrast themes (forced colours) replace the page's colours and drop its shadows:
    a picked piece was told from the others by a 10 px lift alone, and a button that cannot be
    pressed yet looked like one that can. Both now use the theme's own Highlight and GrayText."""
    page.emulate_media(forced_colors="active")
    exercise = open_lesson(page, server, lessons.LESSONS[1].file, [])[0]
    exercise.locator(".rt-zone-hand button.rt-piece").first.click()
    expect(exercise.locator("button.rt-piece[aria-pressed='true']")).to_have_count(1)
    page.mouse.move(0, 0)  # neither hovered nor focused: the picked look alone
    page.evaluate("() => document.activeElement?.blur()")
    next_frames(page)
    looks = exercise.evaluate(FORCED_LOOKS)
    assert looks["picked"] != looks["unpicked"], looks
    assert looks["unavailable"] != looks["available"], looks


def test_the_teachers_page_is_accessible(page: Page, server: Server) -> None:
    page.goto(server.url + "/rummy/status", timeout=HANG_GUARD)
    expect(page.locator("#rummy-class")).to_be_visible()
    assert violations(page) == ""


def test_pages_load_with_no_error_in_the_console(page: Page, server: Server) -> None:
    """The front door, the lesson list and a lesson load with nothing failing in the console, and
    each names its own icon (without one Chromium asks for /favicon.ico: a 404 in the console)."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda answer: (
            errors.append(f"{answer.status} {answer.url}") if answer.status >= 400 else None
        ),
    )
    icons = []
    page.goto(server.url + "/", timeout=HANG_GUARD)
    expect(
        page.get_by_role("link", name=f"Lesson {lessons.LESSONS[0].number}", exact=False).first
    ).to_be_visible()
    icons.append(page.evaluate("() => document.querySelector('link[rel=icon]')?.href ?? ''"))
    open_lesson(page, server, lessons.LESSONS[0].file, [])
    icons.append(page.evaluate("() => document.querySelector('link[rel=icon]')?.href ?? ''"))
    assert all(icon.startswith("data:image/svg+xml,") for icon in icons), icons
    assert errors == []
