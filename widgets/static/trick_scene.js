// TrickScene front end: the four seats of one trick, the cards played so far, the led
// suit, the winner so far, and the caption Python wrote for this step. Back / Next card
// only send messages; Python decides the step and everything shown for it.

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-trick-scene");
  const title = hlEl("p", "hl-title");
  const table = hlEl("div", "hl-table hl-seats-table hl-trick-table");
  table.setAttribute("aria-label", hlT("the trick on the table"));
  const led = hlEl("p", "hl-led");
  const caption = hlLiveMessage("hl-message hl-caption");
  const back = hlButton(hlT("Back"), "back", { secondary: true, className: "hl-back",
    aria: hlT("Back: take the last card back") });
  back.addEventListener("click", () => model.send({ type: "back" }));
  const next = hlButton(hlT("Next card"), "next", { className: "hl-next",
    aria: hlT("Next card: play the next card of the trick") });
  next.addEventListener("click", () => model.send({ type: "next" }));
  const counter = hlEl("span", "hl-counter");
  const controls = hlEl("div", "hl-row hl-controls");
  controls.append(back, next, counter);
  root.append(title, table, led, caption, controls, hlErrorBox(model));

  function draw() {
    const refocus = hlFocusAfter(root, [".hl-next", ".hl-back"]);
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    title.textContent = model.get("title");
    const played = model.get("played");
    const step = model.get("step");
    const total = model.get("total");
    const winner = model.get("winner");
    table.replaceChildren();
    model.get("seats").forEach((seat, index) => {
      const slot = hlEl("div", "hl-played");
      slot.dataset.seat = seat;
      const item = played[index];
      if (item) {
        slot.append(hlCard(item.card, { static: true }));
      } else {
        slot.append(hlEl("div", "hl-seat-empty", index === step ? hlT("to play") : ""));
      }
      slot.append(hlEl("span", "hl-seat", seat));
      // Every slot gets the tag (hidden unless winning) so the seats stay in one line.
      const tag = hlEl("span", "hl-winning", step === total ? hlT("takes it") : hlT("winning"));
      if (index === winner) slot.classList.add("is-winner");
      else tag.setAttribute("aria-hidden", "true");
      slot.append(tag);
      table.append(slot);
    });
    // Python says which seat is the learner's: the front end never compares a shown name with "You".
    const learner = model.get("learner");
    const plays = played.slice(0, step).map((item, index) => ({ seat: model.get("seats")[index], card: item.card,
      you: index === learner }));
    hlSpoken(table, hlTrickWords(plays, { winner: model.get("seats")[winner], winnerIsYou: winner === learner,
      done: step === total, next: step < total ? model.get("seats")[step] : "", nextIsYou: step === learner }));
    led.textContent = model.get("led");
    // Python puts the ending of the trick on a line of its own.
    const lines = model.get("caption").split("\n");
    caption.replaceChildren(...lines.map((line, index) =>
      hlEl("p", index > 0 ? "hl-caption-line hl-outcome" : "hl-caption-line", line)));
    caption.classList.toggle("is-done", step === total);
    // Python ignores presses past either end anyway; disabling shows the learner where the ends are.
    back.disabled = step <= 0;
    next.disabled = step >= total;
    counter.textContent = hlT("Card {step} of {total}", { step, total });
    refocus();
  }
  for (const name of ["title", "played", "step", "total", "winner", "seats", "led", "caption", "four_colour", "learner"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
