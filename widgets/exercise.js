// Browser side of the rummy-teach exercises (MeldExercise, LayoffExercise, OpeningExercise).
// Python owns the state; this view draws it and sends only the learner's intent through the
// `request` trait: {action: "pick" | "button", id, seq}. Text is set with textContent, never
// innerHTML; pieces are svg.py's pictures shown through <img> data URLs, so no markup from the
// model can run in the page.

const STATUS_ICONS = { ok: "\u2714", bad: "\u2716", info: "\u2026", solved: "\u2605" };

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function asList(value) {
  return Array.isArray(value) ? value : [];
}

function asText(value) {
  return typeof value === "string" ? value : "";
}

function pieceImage(svgText) {
  const img = document.createElement("img");
  img.alt = "";
  img.draggable = false;
  if (typeof svgText === "string" && svgText.startsWith("<svg")) {
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgText);
  }
  return img;
}

function render({ model, el: host }) {
  let seq = 0;
  let scheduled = false;
  const root = el("div", "rt-exercise");
  host.appendChild(root);

  function send(action, id) {
    seq += 1;
    model.set("request", { action, id, seq });
    model.save_changes();
  }

  // Drag and drop, as a shortcut for the same intents as clicks: a hand piece dropped on a table
  // meld is laid off there, on "Lay down" is laid down with the picked ones; a piece of your own
  // meld dropped on the hand goes back. Python checks every step as if it were clicked.
  let dragging = null;

  function pickForDrop() {
    if (dragging && dragging.role === "hand" && !asList(model.get("selected")).includes(dragging.id)) {
      send("pick", dragging.id);
    }
  }

  function dropTarget(node, accepts, onDrop) {
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
      onDrop(dragging);
      dragging = null;
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
    const next = all[(index + step + all.length) % all.length];
    next.focus();
  }

  // Parts that persist across redraws, so screen readers announce changes in the live regions.
  const titleBox = el("h3", "rt-title");
  const goal = el("p", "rt-goal");
  goal.appendChild(el("span", "rt-goal-icon", "\u25B6")).setAttribute("aria-hidden", "true");
  const goalText = goal.appendChild(el("span", "rt-goal-text"));
  const instructions = el("p", "rt-instructions");
  const zones = el("div", "rt-zones");
  const tallyBox = el("p", "rt-tally");
  tallyBox.setAttribute("aria-live", "polite");
  const box = el("div", "rt-feedback");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  const icon = box.appendChild(el("span", "rt-feedback-icon"));
  icon.setAttribute("aria-hidden", "true");
  const statusText = box.appendChild(el("strong", "rt-feedback-status"));
  const message = box.appendChild(el("span", "rt-feedback-message"));
  const bar = el("div", "rt-buttons");
  root.append(titleBox, goal, instructions, zones, tallyBox, box, bar);

  function draw() {
    scheduled = false;
    const keep = focusKey();
    const pieces = model.get("pieces") || {};
    const selected = new Set(asList(model.get("selected")));
    const feedback = model.get("feedback") || {};
    root.classList.toggle("rt-solved", Boolean(model.get("solved")));

    const title = asText(model.get("title"));
    titleBox.textContent = title;
    titleBox.hidden = !title;
    goalText.textContent = asText(model.get("goal"));
    instructions.textContent = asText(model.get("instructions"));

    zones.replaceChildren();
    for (const zone of asList(model.get("zones"))) {
      if (!zone || typeof zone !== "object") continue;
      const role = ["hand", "meld", "table"].includes(zone.role) ? zone.role : "hand";
      const section = el("section", `rt-zone rt-zone-${role}`);
      section.setAttribute("aria-label", asText(zone.label));
      if (zone.status === "ok") section.classList.add("rt-zone-ok");
      section.appendChild(el("h4", "rt-zone-label", asText(zone.label)));
      const row = el("div", "rt-pieces");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", asText(zone.label));
      for (const id of asList(zone.pieces)) {
        const info = pieces[id];
        if (typeof id !== "string" || !info) continue;
        const button = el("button", "rt-piece");
        button.type = "button";
        button.dataset.key = `piece:${id}`;
        button.dataset.id = id;
        button.setAttribute("aria-label", asText(info.name));
        button.title = asText(info.name);
        if (role === "hand") button.setAttribute("aria-pressed", selected.has(id) ? "true" : "false");
        if (selected.has(id)) button.classList.add("rt-selected");
        button.appendChild(pieceImage(info.svg));
        button.addEventListener("click", () => send("pick", id));
        if (role !== "table") {
          button.draggable = true;
          button.addEventListener("dragstart", (event) => {
            dragging = { id, role };
            event.dataTransfer.setData("text/plain", asText(info.name));
            event.dataTransfer.effectAllowed = "move";
          });
          button.addEventListener("dragend", () => { dragging = null; });
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
        row.appendChild(button);
      }
      section.appendChild(row);
      const first = asList(zone.pieces)[0];
      if (role === "table" && typeof first === "string") {
        dropTarget(section, (drag) => drag.role === "hand", () => {
          pickForDrop();
          send("pick", first);
        });
      } else if (role === "hand") {
        dropTarget(section, (drag) => drag.role === "meld", (drag) => send("pick", drag.id));
      }
      zones.appendChild(section);
    }

    const tally = asText(model.get("tally"));
    if (tallyBox.textContent !== tally) tallyBox.textContent = tally;
    tallyBox.hidden = !tally;

    const status = ["ok", "bad", "info", "solved"].includes(feedback.status) ? feedback.status : "info";
    box.className = `rt-feedback rt-feedback-${status}`;
    icon.textContent = STATUS_ICONS[status];
    statusText.textContent = asText(feedback.status_text);
    message.textContent = asText(feedback.message);

    bar.replaceChildren();
    for (const spec of asList(model.get("buttons"))) {
      if (!spec || typeof spec.id !== "string") continue;
      const button = el("button", `rt-button rt-button-${spec.id.replace(/[^a-z_]/g, "")}`, asText(spec.label));
      button.type = "button";
      button.dataset.key = `button:${spec.id}`;
      button.dataset.id = spec.id;
      if (!spec.enabled) button.setAttribute("aria-disabled", "true");
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") !== "true") send("button", spec.id);
      });
      if (spec.id === "lay_down") {
        dropTarget(button, (drag) => drag.role === "hand", () => {
          pickForDrop();
          send("button", "lay_down");
        });
      }
      bar.appendChild(button);
    }

    if (keep) {
      const again = Array.from(root.querySelectorAll("[data-key]")).find((node) => node.dataset.key === keep);
      if (again) again.focus();
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(draw);
  }

  for (const name of ["title", "goal", "instructions", "pieces", "zones", "selected", "feedback", "tally", "buttons", "solved"]) {
    model.on(`change:${name}`, schedule);
  }
  draw();
  root.dataset.ready = "true";
  return () => {
    for (const name of ["title", "goal", "instructions", "pieces", "zones", "selected", "feedback", "tally", "buttons", "solved"]) {
      model.off(`change:${name}`, schedule);
    }
  };
}

export default { render };
