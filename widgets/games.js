// What the game views (rummy_game.js, rummikub_game.js) share, apart from the exercise code of
// base.js: joined in front of those two views only (rummy_teach/static.py), so the other views'
// modules stay smaller.
import { asList, asText, el } from "./dom.js";

// Whose move it is (an aria-live line from the tally), the opponents' counts, the score sheet, and
// the automatic pace: with a pace set by the page's author (seconds), the page presses "Next move"
// itself while it is enabled.
function gameStatus(model) {
  const node = el("p", "rt-game-status");
  node.setAttribute("aria-live", "polite");
  const draw = () => {
    const text = asText(model.get("tally"));
    if (node.textContent !== text) node.textContent = text;
  };
  return { node, draw, traits: ["tally"] };
}

function opponents(model) {
  const node = el("ul", "rt-opponents");
  const draw = () => {
    const lines = asList(model.get("opponents")).map(asText);
    const now = Array.from(node.children, (item) => item.textContent);
    if (now.join("\n") !== lines.join("\n")) node.replaceChildren(...lines.map((line) => el("li", "", line)));
  };
  return { node, draw, traits: ["opponents"] };
}

function row(cells, head) {
  const tr = el("tr");
  cells.forEach((cell, index) => {
    const header = head || index === 0;
    const td = el(header ? "th" : "td", "", asText(cell));
    if (header) td.setAttribute("scope", head ? "col" : "row");
    tr.appendChild(td);
  });
  return tr;
}

// The sheet scrolls sideways in a box of its own, named by its caption and reached by the keyboard:
// with three computers it is ~520 px wide, wider than a phone (WCAG 1.4.10).
function sheet(model) {
  const node = el("div", "rt-scroll");
  node.setAttribute("role", "group");  // not a landmark: a lesson may hold two games with one caption
  node.tabIndex = 0;
  const table = node.appendChild(el("table", "rt-sheet"));
  let shown = "";
  const draw = () => {
    const value = model.get("sheet") || {};
    const text = JSON.stringify(value);
    if (text === shown) return;
    shown = text;
    const caption = el("caption", "", asText(value.caption));
    const thead = el("thead");
    thead.appendChild(row(asList(value.head), true));
    const tbody = el("tbody");
    for (const cells of asList(value.rows)) tbody.appendChild(row(asList(cells), false));
    tbody.appendChild(row(asList(value.totals), false));
    table.replaceChildren(caption, thead, tbody);
    node.setAttribute("aria-label", asText(value.caption));
  };
  return { node, draw, traits: ["sheet"] };
}

// the automatic pace: one pending press at a time, only while "Next move" is enabled
function pacer(model) {
  const node = el("span", "rt-pacer");
  node.hidden = true;
  let timer = null;
  let seq = 1000000000;
  const draw = () => {
    const pace = Number(model.get("pace")) || 0;
    const next = asList(model.get("buttons")).find((spec) => spec && spec.id === "next");
    if (timer !== null || pace <= 0 || !next || !next.enabled) return;
    timer = setTimeout(() => {
      timer = null;
      seq += 1;
      model.send({ intent: "press", button: "next", seq });
    }, pace * 1000);
  };
  return { node, draw, traits: ["pace", "buttons"] };
}

export function gameParts(model) {
  return [gameStatus(model), opponents(model), sheet(model), pacer(model)];
}
