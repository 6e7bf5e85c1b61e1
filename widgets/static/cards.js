// Shared by every Hearts Lessons front end; bundled in front of each widget's module.
// Cards arrive from Python fully described (text, rank, symbol, suit, spoken label):
// nothing here knows a rule or even the notation.

function hlEl(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

// One card as a button: stable class, data-card, data-legal (when given), aria-label.
function hlCard(card, options = {}) {
  const el = hlEl(options.static ? "div" : "button", "hl-card");
  if (!options.static) el.type = "button";
  else el.classList.add("is-static");
  el.dataset.card = card.text;
  el.dataset.suit = card.suit;
  el.setAttribute("aria-label", card.label);
  if (options.legal !== undefined && options.legal !== null) el.dataset.legal = String(options.legal);
  if (options.selected) el.classList.add("is-selected");
  if (options.received) el.classList.add("is-received");
  if (options.danger) el.classList.add("is-danger");
  if (options.pressed !== undefined) el.setAttribute("aria-pressed", String(options.pressed));
  for (const [where, cls] of [["top", "hl-top"], ["bottom", "hl-bottom"]]) {
    const corner = hlEl("span", "hl-corner " + cls);
    corner.setAttribute("aria-hidden", "true");
    corner.append(hlEl("span", "hl-rank", card.rank), hlEl("span", "hl-small-suit", card.symbol));
    el.append(corner);
  }
  const pip = hlEl("span", "hl-pip", card.symbol);
  pip.setAttribute("aria-hidden", "true");
  el.append(pip);
  return el;
}

// Arrow keys move focus along a row of cards (roving focus); Enter/Space press the button.
function hlArrowKeys(container) {
  container.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
    const cards = [...container.querySelectorAll("button.hl-card")];
    const index = cards.indexOf(document.activeElement);
    if (index < 0 || cards.length === 0) return;
    event.preventDefault();
    let next = index;
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, index - 1);
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(cards.length - 1, index + 1);
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = cards.length - 1;
    cards[next].focus();
  });
}

// The learner's row of cards: a group for screen readers, walked with the arrow keys.
function hlHand(className, label) {
  const hand = hlEl("div", className);
  hand.setAttribute("role", "group");
  if (label) hand.setAttribute("aria-label", label);
  hlArrowKeys(hand);
  return hand;
}

// A message line a screen reader reads out whenever its text changes.
function hlLiveMessage(className) {
  const message = hlEl("div", className);
  message.setAttribute("aria-live", "polite");
  return message;
}

// Re-render helper that keeps keyboard focus on the same card across re-renders.
function hlKeepFocus(root, draw) {
  const focused = root.contains(document.activeElement) ? document.activeElement : null;
  const key = focused && (focused.dataset.card || focused.dataset.action);
  draw();
  if (key) {
    const again = root.querySelector(`[data-card="${key}"], [data-action="${key}"]`);
    if (again) again.focus();
  }
}

function hlErrorBox(model) {
  const box = hlEl("div", "hl-error");
  box.setAttribute("role", "alert");
  const show = () => { box.textContent = model.get("error") || ""; };
  model.on("change:error", show);
  show();
  return box;
}
