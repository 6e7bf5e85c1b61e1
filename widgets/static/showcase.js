// "Show me", shared by the puzzle board and the match review: one deal played out for two cards,
// trick by trick, drawn from Python's payload (widgets/puzzles/payloads.py layout_payload). Python
// builds every step and sentence; these functions only draw a step and say it. Which step is on
// screen, when the panel opens and where focus goes are the widget's own (each keeps its state).

// One trick of one line: its four cards in play order, each with its seat, the taker's marked
// "took it" (in words, not colour alone); a screen reader hears the trick's sentence instead.
function hlShowTrick(line, label, took) {
  const box = hlEl("div", "hl-puzzle-show-line");
  box.append(hlEl("h6", "hl-puzzle-show-label", label));
  const cards = hlEl("div", "hl-puzzle-show-trick");
  for (const item of line.cards) {
    const place = hlEl("div", "hl-puzzle-show-slot");
    if (item.took) place.classList.add("is-taker");
    if (item.you) place.classList.add("is-you");
    if (item.before) place.classList.add("is-before");
    place.append(hlCard(item.card, { static: true }), hlEl("span", "hl-seat", item.seat));
    if (item.took) place.append(hlEl("span", "hl-puzzle-show-took", took));
    cards.append(place);
  }
  hlSpoken(cards, line.said);
  box.append(cards, hlEl("p", "hl-puzzle-show-said", line.said));
  return box;
}

// Fill `panel` with step `index` of `shown`: the heading (focusable, naming the panel), the intro,
// Previous / Next trick around the trick's number, the two lines of the trick (the parting one
// marked in words and by a border), the end scores, the other hands (folded; kept open across
// redraws) and Close. `actions` holds the buttons' handlers: back, forward, close.
function hlShowcaseFill(panel, shown, index, actions) {
  const steps = shown.steps;
  const step = steps[index];
  const words = shown.labels || {};
  const heading = hlEl("h4", "hl-puzzle-show-heading", shown.heading);
  heading.id = panel.id + "-heading";
  heading.tabIndex = -1;
  panel.setAttribute("aria-labelledby", heading.id);
  const intro = hlEl("p", "hl-puzzle-show-intro", shown.intro);
  const nav = hlEl("div", "hl-row hl-puzzle-show-nav");
  const back = hlButton(words.back || "", "show-back", { secondary: true, disabled: index === 0 });
  const forward = hlButton(words.forward || "", "show-forward", { disabled: index === steps.length - 1 });
  const close = hlButton(words.close || "", "hide", { secondary: true, className: "hl-puzzle-show-close" });
  back.addEventListener("click", actions.back);
  forward.addEventListener("click", actions.forward);
  close.addEventListener("click", actions.close);
  nav.append(back, hlEl("h5", "hl-puzzle-show-step", step.heading), forward);

  const stepBox = hlEl("div", "hl-puzzle-show-stepbox");
  stepBox.dataset.parting = String(step.parting);
  if (step.marker) stepBox.append(hlEl("p", "hl-puzzle-show-marker", step.marker));
  const columns = hlEl("div", "hl-puzzle-show-lines");
  step.lines.forEach((line, at) => columns.append(hlShowTrick(line, shown.lines[at].label, words.took || "")));
  stepBox.append(columns);

  const ends = hlEl("ul", "hl-puzzle-show-ends");
  for (const line of shown.lines) {
    ends.append(hlEl("li", "", line.end));
    // A match's line: its final totals and who wins the match.
    if (line.match) ends.append(hlEl("li", "hl-puzzle-show-match", line.match));
  }
  const parts = [heading, intro, nav, stepBox, ends];
  if (shown.never) parts.push(hlEl("p", "hl-puzzle-show-never", shown.never));
  const hands = hlEl("details", "hl-puzzle-show-hands");
  const handsList = hlEl("ul", "hl-puzzle-show-hands-list");
  for (const line of shown.hands || []) handsList.append(hlEl("li", "", line));
  hands.append(hlEl("summary", "", shown.hands_heading || ""), handsList);
  const closeRow = hlEl("div", "hl-row");
  closeRow.append(close);
  parts.push(hands, closeRow);
  const keepHands = panel.querySelector(".hl-puzzle-show-hands");
  if (keepHands && keepHands.open) hands.open = true;
  panel.replaceChildren(...parts);
  panel.hidden = false;
  panel.dataset.step = String(index);
  return heading;
}

// What a screen reader hears when a step is paged to: its heading, where the lines part, both
// tricks (Python's words, joined as a list is: a heading and a label have no stop of their own).
function hlShowcaseSpoken(shown, index) {
  const step = shown.steps[index];
  const spoken = [step.heading, step.marker, ...step.lines.map((line, at) => shown.lines[at].label + hlT("; ") + line.said)];
  return spoken.filter(Boolean).join(hlT("; "));
}

// Paging rebuilt the buttons: focus stays on the one pressed (`action`), or on its partner when it
// has just become the end's disabled one.
function hlShowcaseRefocus(panel, action) {
  const again = panel.querySelector(`[data-action="${action}"]`);
  const target = again && again.getAttribute("aria-disabled") === "true"
    ? panel.querySelector(action === "show-back" ? '[data-action="show-forward"]' : '[data-action="show-back"]')
    : again;
  if (target) target.focus();
}
