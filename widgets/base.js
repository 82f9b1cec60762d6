// Browser side shared by the rummy-teach exercise views (meld.js, layoff.js, opening.js).
//
// Python owns the state; a view draws it and sends only the learner's intents, each as one
// anywidget custom message (model.send), which arrive in Python one by one, in order, never merged:
//   {intent: "pick",  piece: "p3", seq}              a piece clicked
//   {intent: "press", button: "lay_down", seq}       a button pressed
//   {intent: "drop",  piece: "p3", on: "m0", seq}    a piece dragged onto a zone or a button
//   {intent: "answer", value: 22, seq}               a whole number typed into a number field
// Text is set with textContent, never innerHTML; pieces are svg.py's pictures shown through <img>
// data URLs, so no markup from the model can run in the page. Once drawn with the model's state, in
// the page, the root carries data-ready="1"; data-hand is the dealt hand's number ("Another hand";
// 0 for the exercise's own position, shown in words as "Hand 7"); data-answered is how many intents Python has answered so far (and
// data-throttled how many of them it dropped over the rate limit, which the view says in words). An
// answer that arrives mid-drag is drawn when the drag ends (data-draw-after-drag="1" until then).
//
// anywidget loads a view as one module: rummy_teach.static joins dom.js, this file (and games.js for
// the game views) and the view's file.

import { asList, asText, el } from "./dom.js";

export const STATUS_ICONS = { ok: "\u2714", bad: "\u2716", info: "\u2026", solved: "\u2605" };
// zone roles: a hand or rack, a meld of the learner's, a table meld, a Rummikub table set being
// edited, the drop zone for a new set, the stock / pool, the discard pile
// a link the feedback may carry (a hint's rule in the rule book): a notebook beside this one
const SAFE_LINK = /^[A-Za-z0-9_-]+\.ipynb(#[A-Za-z0-9_-]+)?$/;
const ROLES = ["hand", "meld", "table", "set", "new", "stock", "discard"];
const DRAWN = ["title", "goal", "instructions", "pieces", "zones", "selected", "feedback", "buttons", "solved", "answered", "notice", "stars", "par", "par_text", "stage", "hand_number", "hand_caption"];

// Stages (as in Lichess Learn): each lesson page is a stage, each exercise on it a level. The best
// stars per level are kept in this browser only (localStorage "rummy-teach-progress", never sent
// anywhere): {"<lesson file>": {"levels": <exercises on the page>, "stars": {"<index>": 1..3}}}.
// The landing page (voila/templates/rummy/progress.js) reads the same record.
export const PROGRESS_KEY = "rummy-teach-progress";

export function lessonFile() {
  const last = decodeURIComponent(location.pathname.split("/").pop() || "");
  return last.endsWith(".ipynb") ? last : "";
}

export function readProgress() {
  try {
    const stored = JSON.parse(localStorage.getItem(PROGRESS_KEY) || "{}");
    return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  } catch (error) {
    return {};  // storage blocked (private mode) or spoiled: start afresh
  }
}

function keepProgress(file, levels, index, stars) {
  if (!file) return;
  const progress = readProgress();
  const lesson = progress[file] && typeof progress[file] === "object" ? progress[file] : {};
  const best = lesson.stars && typeof lesson.stars === "object" ? lesson.stars : {};
  lesson.levels = Math.max(Number(lesson.levels) || 0, levels);
  if (index >= 0 && stars > 0) best[String(index)] = Math.max(Number(best[String(index)]) || 0, stars);
  lesson.stars = best;
  progress[file] = lesson;
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch (error) {
    /* storage blocked: the stars are shown, not kept */
  }
}

// A live line under the zones showing the view's `tally` trait (the opening's points, what ending a
// Rummikub turn now would mean): an aria-live region, so screen readers hear it change.
export function tallyPart(model) {
  const node = el("p", "rt-tally");
  node.setAttribute("aria-live", "polite");
  const draw = () => {
    const text = asText(model.get("tally"));
    if (node.textContent !== text) node.textContent = text;
    node.hidden = !text;
  };
  return { node, draw, traits: ["tally"] };
}

export function pieceImage(svgText) {
  const img = document.createElement("img");
  img.alt = "";
  img.draggable = false;
  if (typeof svgText === "string" && svgText.startsWith("<svg")) {
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgText);
  }
  return img;
}

// Draw one exercise in `host` and wire the learner's intents. `view` is what a view adds:
//   name                    "meld" | "layoff" | "opening" (data-view, and the rt-view-* class)
//   draggable(role)         whether pieces in a zone of this role may be dragged
//   zoneTakes(zone, drag)   whether a dragged piece ({id, role}) may be dropped on this zone
//   buttonTakes(spec, drag) whether it may be dropped on this button
//   parts(model, send)      extra parts placed after the zones: [{node, draw(), traits: [...]}];
//                           send(intent, fields) sends an intent with the view's next seq
//   pickable(role)          optional: whether pieces in zones of this role (besides the hand) show
//                           as pressed when picked (aria-pressed), e.g. table tiles in a rearrange
// Each zone Python syncs is {id, label, role, pieces: [ids], status?: "ok"|"bad"|"info",
// note?: a line under the pieces (a set's live verdict, say), marked?: [ids] placed this turn,
// action?: {id, label, enabled}: a button drawn in the zone that sends press(id), e.g. "Move here"}.
// Returns the cleanup function anywidget calls when the view goes away.
export function renderExercise({ model, el: host }, view) {
  let seq = 0;
  let scheduled = false;
  let dragging = null;
  let drawAfterDrag = false;
  const root = el("div", `rt-exercise rt-view-${view.name}`);
  root.dataset.view = view.name;
  host.appendChild(root);

  function send(intent, fields) {
    seq += 1;
    model.send({ intent, ...fields, seq });
  }

  // A redraw keeps every node whose piece, zone or button is still shown (keyed by id), so a press
  // or a drag that began before an answer arrived ends on the node it began on, and is not lost.
  const pieceNodes = new Map();
  const zoneNodes = new Map();
  const buttonNodes = new Map();

  function sameChildren(parent, nodes) {
    const now = parent.children;
    return now.length === nodes.length && nodes.every((node, index) => now[index] === node);
  }

  function placeChildren(parent, nodes) {
    if (!sameChildren(parent, nodes)) parent.replaceChildren(...nodes);
  }

  function forget(nodes, kept) {
    for (const key of Array.from(nodes.keys())) if (!kept.has(key)) nodes.delete(key);
  }

  function endDrag() {
    dragging = null;
    if (drawAfterDrag) {
      drawAfterDrag = false;
      schedule();
    }
  }

  // Drag and drop is a shortcut for the same steps as clicks; Python checks each drop as if clicked.
  // `accepts` reads the node's current zone or button, which a redraw updates in place.
  function dropTarget(node, accepts, on) {
    node.addEventListener("dragover", (event) => {
      if (dragging && accepts(dragging)) {
        event.preventDefault();
        node.classList.add("rt-drop");
      }
    });
    node.addEventListener("dragleave", () => node.classList.remove("rt-drop"));
    node.addEventListener("drop", (event) => {
      node.classList.remove("rt-drop");
      if (!dragging || !accepts(dragging)) return;
      event.preventDefault();
      send("drop", { piece: dragging.id, on: on() });
      endDrag();
    });
  }

  function focusKey() {
    const active = document.activeElement;
    return active && root.contains(active) ? active.dataset.key : undefined;
  }

  function movePieceFocus(current, step) {
    const all = Array.from(root.querySelectorAll("button.rt-piece"));
    const index = all.indexOf(current);
    if (index < 0 || all.length === 0) return;
    all[(index + step + all.length) % all.length].focus();
  }

  // Parts that persist across redraws, so screen readers announce changes in the live regions.
  const titleBox = el("h3", "rt-title");
  const goal = el("p", "rt-goal");
  goal.appendChild(el("span", "rt-goal-icon", "\u25B6")).setAttribute("aria-hidden", "true");
  const goalText = goal.appendChild(el("span", "rt-goal-text"));
  const handCaption = el("p", "rt-hand-number");  // "Hand 7": the dealt hand everyone can share
  handCaption.hidden = true;
  const instructions = el("p", "rt-instructions");
  const zones = el("div", "rt-zones");
  const extras = view.parts ? view.parts(model, send) : [];
  const box = el("div", "rt-feedback");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  const icon = box.appendChild(el("span", "rt-feedback-icon"));
  icon.setAttribute("aria-hidden", "true");
  const statusText = box.appendChild(el("strong", "rt-feedback-status"));
  const message = box.appendChild(el("span", "rt-feedback-message"));
  // a hint's rule, linked in the rule book: a page beside the lesson, never a script or a site
  const ruleLink = box.appendChild(el("a", "rt-feedback-link"));
  ruleLink.hidden = true;
  const notice = el("p", "rt-notice");
  notice.setAttribute("role", "status");
  notice.hidden = true;
  const bar = el("div", "rt-buttons");
  const parLine = el("p", "rt-par");
  parLine.hidden = true;
  // a solved level: its stars in icons and words, then the next exercise or lesson
  const stagePanel = el("div", "rt-stage");
  stagePanel.hidden = true;
  const starsLine = stagePanel.appendChild(el("p", "rt-stars"));
  starsLine.setAttribute("role", "status");
  const starIcons = starsLine.appendChild(el("span", "rt-stars-icons"));
  starIcons.setAttribute("aria-hidden", "true");
  const starsText = starsLine.appendChild(el("span", "rt-stars-text"));
  const nextBox = stagePanel.appendChild(el("p", "rt-next"));
  root.append(titleBox, goal, handCaption, parLine, instructions, zones, ...extras.map((part) => part.node), box, notice, bar, stagePanel);

  function exercisesOnPage() {
    const scope = root.closest(".jp-Notebook") || document;
    // the levels of this stage: every exercise, not the house-rule pickers beside some of them
    return Array.from(scope.querySelectorAll(".rt-exercise:not(.rt-rules-picker)"));
  }

  function goNext(next) {
    next.scrollIntoView({ block: "center" });
    const target = next.querySelector('button.rt-piece[tabindex="0"]') || next.querySelector("button");
    if (target) target.focus({ preventScroll: true });
  }

  function nextLink(stage) {
    const lessons = asList(stage.lessons);
    const here = lessons.findIndex((lesson) => lesson && lesson.file === lessonFile());
    const after = here >= 0 ? lessons[here + 1] : undefined;
    const target = after && typeof after.file === "string" ? after : stage.index || {};
    const link = el("a", "rt-next-lesson", asText(target.label));
    link.href = encodeURI(asText(target.file));
    return link;
  }

  let offered = "";
  function drawStage() {
    const stage = model.get("stage") || {};
    const parText = asText(model.get("par_text"));
    parLine.textContent = parText;
    parLine.hidden = !parText;
    const stars = Number(model.get("stars")) || 0;
    const max = Number(stage.max) || 3;
    const all = exercisesOnPage();
    const index = all.indexOf(root);
    root.dataset.stars = String(stars);
    if (!model.get("solved") || stars < 1) {
      const kept = (readProgress()[lessonFile()] || {}).stars || {};
      const best = Number(kept[String(index)]) || 0;
      stagePanel.hidden = !(best > 0 && stage.best);
      starIcons.textContent = "\u2605".repeat(best) + "\u2606".repeat(Math.max(0, max - best));
      starsText.textContent = best > 0 ? asText(stage.best).replace("{stars}", String(best)).replace("{max}", String(max)) : "";
      nextBox.replaceChildren();
      offered = "";
      return;
    }
    keepProgress(lessonFile(), all.length, index, stars);
    stagePanel.hidden = false;
    starIcons.textContent = "\u2605".repeat(stars) + "\u2606".repeat(Math.max(0, max - stars));
    starsText.textContent = asText((stage.stars || {})[String(stars)]);
    const next = index >= 0 ? all[index + 1] : undefined;
    const want = next ? "exercise" : "lesson";
    if (offered === want) return;  // keep the node a learner may be about to press
    offered = want;
    if (next) {
      const button = el("button", "rt-button rt-next-exercise", asText(stage.next));
      button.type = "button";
      button.addEventListener("click", () => goNext(next));
      nextBox.replaceChildren(button);
    } else {
      nextBox.replaceChildren(nextLink(stage));
    }
  }

  function newPieceButton(id, role) {
    const button = el("button", "rt-piece");
    button.type = "button";
    button.dataset.key = `piece:${id}`;
    button.dataset.id = id;
    button.appendChild(pieceImage(""));
    button.addEventListener("click", () => send("pick", { piece: id }));
    if (view.draggable(role)) {
      button.draggable = true;
      button.addEventListener("dragstart", (event) => {
        dragging = { id, role };
        event.dataTransfer.setData("text/plain", button.getAttribute("aria-label") || "");
        event.dataTransfer.effectAllowed = "move";
      });
      button.addEventListener("dragend", endDrag);
    }
    button.addEventListener("keydown", (event) => {
      if (event.key === "ArrowRight" || event.key === "ArrowDown") {
        event.preventDefault();
        movePieceFocus(button, 1);
      } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
        event.preventDefault();
        movePieceFocus(button, -1);
      }
    });
    return button;
  }

  function pieceButton(id, info, role, selected, marked, kept) {
    const key = `${role}:${id}`;
    kept.add(key);
    let button = pieceNodes.get(key);
    if (!button) {
      button = newPieceButton(id, role);
      pieceNodes.set(key, button);
    }
    const name = asText(info.name);
    if (button.getAttribute("aria-label") !== name) {
      button.setAttribute("aria-label", name);
      button.title = name;
    }
    if (role === "hand" || view.pickable?.(role)) {
      button.setAttribute("aria-pressed", selected.has(id) ? "true" : "false");
    }
    button.classList.toggle("rt-selected", selected.has(id));
    button.classList.toggle("rt-marked", marked.has(id));  // placed this turn (drawn crosswise)
    if (button.dataset.svg !== asText(info.svg)) {
      button.dataset.svg = asText(info.svg);
      button.replaceChildren(pieceImage(info.svg));
    }
    return button;
  }

  function zoneSection(zone, role, kept) {
    const key = `${role}:${zone.id}`;
    kept.add(key);
    let part = zoneNodes.get(key);
    if (!part) {
      // a group, not a landmark: a page holds several exercises, each with "Your hand"
      const section = el("div", `rt-zone rt-zone-${role}`);
      section.dataset.zone = zone.id;
      const label = section.appendChild(el("div", "rt-zone-label"));
      label.setAttribute("role", "heading");
      // the zone's own button (a set's "Move here"): a press like any button's, drawn in the zone
      const action = section.appendChild(el("button", "rt-button rt-zone-action"));
      action.type = "button";
      action.hidden = true;
      action.addEventListener("click", () => {
        if (action.dataset.id) send("press", { button: action.dataset.id });
      });
      const row = section.appendChild(el("div", "rt-pieces"));
      row.setAttribute("role", "group");
      // the zone's own verdict or note (a set's live verdict, a meld's owner): icon + word + text
      const note = section.appendChild(el("p", "rt-zone-note"));
      note.hidden = true;
      const noteIcon = note.appendChild(el("span", "rt-zone-note-icon"));
      noteIcon.setAttribute("aria-hidden", "true");
      const noteText = note.appendChild(el("span", "rt-zone-note-text"));
      part = { section, label, action, row, note, noteIcon, noteText, shown: null, current: null };
      const current = part;
      // one tab stop per zone: Tab reaches the piece last focused here, the arrows move between
      row.addEventListener("focusin", (event) => {
        if (event.target instanceof HTMLElement && event.target.classList.contains("rt-piece")) {
          current.current = event.target;
          rove(current);
        }
      });
      dropTarget(section, (drag) => view.zoneTakes(current.shown, drag), () => current.shown.id);
      zoneNodes.set(key, part);
    }
    part.shown = { ...zone, role };
    const text = asText(zone.label);
    if (part.label.textContent !== text) part.label.textContent = text;
    part.label.setAttribute("aria-level", String(zoneLevel));  // headings in order
    part.row.setAttribute("aria-label", text);
    part.section.classList.toggle("rt-zone-ok", zone.status === "ok");
    part.section.classList.toggle("rt-zone-bad", zone.status === "bad");
    const act = zone.action && typeof zone.action.id === "string" ? zone.action : null;
    part.action.hidden = !act;
    if (act) {
      const actText = asText(act.label);
      if (part.action.textContent !== actText) part.action.textContent = actText;
      part.action.dataset.id = act.id;
      part.action.dataset.key = `button:${act.id}`;
      if (act.enabled) part.action.removeAttribute("aria-disabled");
      else part.action.setAttribute("aria-disabled", "true");
    }
    const said = asText(zone.note);
    if (part.noteText.textContent !== said) part.noteText.textContent = said;
    part.note.hidden = !said;
    const noteStatus = ["ok", "bad", "info"].includes(zone.status) ? zone.status : "info";
    part.note.className = `rt-zone-note rt-zone-note-${noteStatus}`;
    part.noteIcon.textContent = said ? STATUS_ICONS[noteStatus] : "";
    return part;
  }

  function rove(part) {
    const buttons = Array.from(part.row.children);
    const stop = buttons.includes(part.current) ? part.current : buttons[0];
    for (const button of buttons) button.tabIndex = button === stop ? 0 : -1;
  }

  // Headings in order: the title one level below the lesson heading before the exercise (headings
  // of other exercises do not count), the zone labels one below the title (or in its place). Placed
  // once, when the view is in the page (fixHeadings); zones drawn later take zoneLevel.
  let zoneLevel = 4;
  function levelAround() {
    let level = 2;
    for (const head of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
      if (head.closest(".rt-exercise")) continue;
      if (!(head.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      level = Number(head.tagName.slice(1));
    }
    return level;
  }

  function placeHeadings() {
    const outer = levelAround();
    titleBox.setAttribute("aria-level", String(Math.min(outer + 1, 6)));
    zoneLevel = Math.min(outer + (titleBox.hidden ? 1 : 2), 6);
  }

  // anywidget may draw the view before its host is in the page: the heading levels (which depend
  // on the lesson's headings around it) are placed once it is, and only then is the view ready
  function fixHeadings(tries) {
    if (!root.isConnected && tries > 0) {
      requestAnimationFrame(() => fixHeadings(tries - 1));
      return;
    }
    placeHeadings();
    for (const part of zoneNodes.values()) part.label.setAttribute("aria-level", String(zoneLevel));
    keepProgress(lessonFile(), exercisesOnPage().length, -1, 0);  // how many levels this stage has
    drawStage();
    root.dataset.ready = "1";
  }

  function drawZones(pieces, selected) {
    const keptZones = new Set();
    const keptPieces = new Set();
    const sections = [];
    for (const zone of asList(model.get("zones"))) {
      if (!zone || typeof zone !== "object" || typeof zone.id !== "string") continue;
      const role = ROLES.includes(zone.role) ? zone.role : "hand";
      const part = zoneSection(zone, role, keptZones);
      const marked = new Set(asList(zone.marked));
      const buttons = [];
      for (const id of asList(zone.pieces)) {
        const info = pieces[id];
        if (typeof id === "string" && info && typeof info === "object") {
          buttons.push(pieceButton(id, info, role, selected, marked, keptPieces));
        }
      }
      placeChildren(part.row, buttons);
      rove(part);
      sections.push(part.section);
    }
    placeChildren(zones, sections);
    forget(zoneNodes, keptZones);
    forget(pieceNodes, keptPieces);
  }

  function drawButtons() {
    const kept = new Set();
    const buttons = [];
    for (const spec of asList(model.get("buttons"))) {
      if (!spec || typeof spec.id !== "string" || kept.has(spec.id)) continue;
      kept.add(spec.id);
      let part = buttonNodes.get(spec.id);
      if (!part) {
        const button = el("button", `rt-button rt-button-${spec.id.replace(/[^a-z_]/g, "")}`);
        button.type = "button";
        button.dataset.key = `button:${spec.id}`;
        button.dataset.id = spec.id;
        part = { button, spec };
        const current = part;
        // a greyed-out button still sends its press: Python answers why it cannot be used now
        button.addEventListener("click", () => send("press", { button: spec.id }));
        dropTarget(button, (drag) => view.buttonTakes(current.spec, drag), () => spec.id);
        buttonNodes.set(spec.id, part);
      }
      part.spec = spec;
      const text = asText(spec.label);
      if (part.button.textContent !== text) part.button.textContent = text;
      if (spec.enabled) part.button.removeAttribute("aria-disabled");
      else part.button.setAttribute("aria-disabled", "true");
      buttons.push(part.button);
    }
    placeChildren(bar, buttons);
    forget(buttonNodes, kept);
  }

  function draw() {
    scheduled = false;
    if (dragging) {
      drawAfterDrag = true;
      root.dataset.drawAfterDrag = "1";
      return;
    }
    delete root.dataset.drawAfterDrag;
    const keep = focusKey();
    const pieces = model.get("pieces") || {};
    const selected = new Set(asList(model.get("selected")));
    const feedback = model.get("feedback") || {};
    root.classList.toggle("rt-solved", Boolean(model.get("solved")));

    const title = asText(model.get("title"));
    titleBox.textContent = title;
    titleBox.hidden = !title;
    goalText.textContent = asText(model.get("goal"));
    const caption = asText(model.get("hand_caption"));
    if (handCaption.textContent !== caption) handCaption.textContent = caption;
    handCaption.hidden = !caption;
    instructions.textContent = asText(model.get("instructions"));
    drawZones(typeof pieces === "object" ? pieces : {}, selected);
    for (const part of extras) part.draw();

    const status = ["ok", "bad", "info", "solved"].includes(feedback.status) ? feedback.status : "info";
    box.className = `rt-feedback rt-feedback-${status}`;
    icon.textContent = STATUS_ICONS[status];
    statusText.textContent = asText(feedback.status_text);
    message.textContent = asText(feedback.message);
    const href = asText(feedback.link);
    ruleLink.hidden = !SAFE_LINK.test(href);
    ruleLink.textContent = ruleLink.hidden ? "" : asText(feedback.link_text);
    if (ruleLink.hidden) ruleLink.removeAttribute("href");
    else ruleLink.href = href;
    const said = asText(model.get("notice"));
    if (notice.textContent !== said) notice.textContent = said;
    notice.hidden = !said;
    drawButtons();
    drawStage();

    if (keep && focusKey() !== keep) {
      const again = Array.from(root.querySelectorAll("[data-key]")).find((node) => node.dataset.key === keep);
      if (again) again.focus();
    }
    const answered = model.get("answered");
    root.dataset.answered = String(Number.isInteger(answered) ? answered : 0);
    const hand = model.get("hand_number");
    root.dataset.hand = String(Number.isInteger(hand) ? hand : 0);
    const throttled = model.get("throttled");
    root.dataset.throttled = String(Number.isInteger(throttled) ? throttled : 0);
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(draw);
  }

  const traits = [...DRAWN, ...extras.flatMap((part) => asList(part.traits))];
  for (const name of traits) model.on(`change:${name}`, schedule);
  draw();
  fixHeadings(600);
  return () => {
    for (const name of traits) model.off(`change:${name}`, schedule);
  };
}

// What the views that lay down melds of their own (meld.js, opening.js) share: hand pieces can be
// dragged onto "Lay down", and a laid meld's piece back onto the hand.
export const MELD_DRAGS = {
  draggable: (role) => role === "hand" || role === "meld",
  zoneTakes: (zone, drag) => zone.role === "hand" && drag.role === "meld",
  buttonTakes: (spec, drag) => spec.id === "lay_down" && drag.role === "hand",
};

// What the Rummy play views (turn.js, rummy_game.js) share: hand cards can be dragged onto a table
// meld (lay off), the discard pile or "Discard" (discard), or "Lay down"; table cards never move.
export const RUMMY_PLAY_DRAGS = {
  draggable: (role) => role === "hand",
  zoneTakes: (zone, drag) => drag.role === "hand" && (zone.role === "table" || zone.role === "discard"),
  buttonTakes: (spec, drag) => drag.role === "hand" && (spec.id === "discard" || spec.id === "lay_down"),
};

// What the rearrange views (rearrange.js, joker.js, rummikub_game.js) share: tiles of the rack and
// of every table set can be dragged onto a set, the new-set zone, or (table tiles) back onto the
// rack; a set's tiles are picked by a click.
export const TURN_DRAGS = {
  draggable: (role) => role === "hand" || role === "set",
  zoneTakes: (zone, drag) => zone.role === "set" || zone.role === "new" || (zone.role === "hand" && drag.role === "set"),
  buttonTakes: () => false,
  pickable: (role) => role === "set",
};
