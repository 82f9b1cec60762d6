// The scoring view (ScoringExercise): the hands left at the end of a round, and a number field for
// the winner's points. Nothing is dragged; a click on a piece asks what it counts. The field is a
// real labelled <input> in a <form>: Enter or the Check button sends the typed number as one
// `answer` intent; a typed text that is no whole number in the bounds is not sent, and the field
// says so (aria-invalid, and words Python gave in `entry.invalid`).
import { renderExercise } from "./base.js";
import { asText, el } from "./dom.js";

let fieldCount = 0;

function numberField(model, send) {
  fieldCount += 1;
  const id = `rt-answer-${fieldCount}-${Math.random().toString(36).slice(2, 8)}`;
  const node = el("form", "rt-answer");
  node.noValidate = true;
  const label = node.appendChild(el("label", "rt-answer-label"));
  label.htmlFor = id;
  const input = node.appendChild(el("input", "rt-answer-input"));
  input.id = id;
  input.type = "text";
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.setAttribute("aria-describedby", `${id}-error`);
  const check = node.appendChild(el("button", "rt-button rt-button-check"));
  check.type = "submit";
  check.dataset.id = "check";
  const error = node.appendChild(el("p", "rt-answer-error"));
  error.id = `${id}-error`;
  error.setAttribute("role", "alert");
  error.hidden = true;
  let shown = null;

  node.addEventListener("submit", (event) => {
    event.preventDefault();
    const entry = model.get("entry") || {};
    const text = input.value.trim().replace("\u2212", "-");
    const value = /^[+-]?[0-9]{1,5}$/.test(text) ? Number.parseInt(text, 10) : NaN;
    const ok = Number.isInteger(value) && value >= entry.min && value <= entry.max;
    input.setAttribute("aria-invalid", ok ? "false" : "true");
    error.textContent = ok ? "" : asText(entry.invalid);
    error.hidden = ok;
    if (ok) send("answer", { value });
  });

  const draw = () => {
    const entry = model.get("entry") || {};
    const text = asText(entry.label);
    if (label.textContent !== text) label.textContent = text;
    const word = asText(entry.check);
    if (check.textContent !== word) check.textContent = word;
    const value = asText(entry.value);
    if (value !== shown) {  // Python's number (a reset clears it); the learner's typing stays
      shown = value;
      if (document.activeElement !== input || value === "") input.value = value;
    }
  };
  return { node, draw, traits: ["entry"] };
}

function render(context) {
  return renderExercise(context, {
    name: "scoring",
    draggable: () => false,
    zoneTakes: () => false,
    buttonTakes: () => false,
    pickable: () => true,
    parts: (model, send) => [numberField(model, send)],
  });
}

export default { render };
