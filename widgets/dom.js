// The smallest browser helpers every rummy-teach view shares: make an element with its text (never
// markup), and read a synced trait as a list or as text whatever the model holds. A view that needs
// nothing else (the rules picker) imports only this file, so its module stays small.

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function asList(value) {
  return Array.isArray(value) ? value : [];
}

export function asText(value) {
  return typeof value === "string" ? value : "";
}
