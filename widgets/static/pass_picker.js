// PassPicker front end: tap cards to choose (a toggle message each), then "Pass 3 cards".
// The button's state, the status line, the new hand and the judgement of the pass all come
// from Python; choosing sends no pass, only "confirm" does, and only while Python says three
// are chosen.  Nothing about a good pass shows before the learner has passed.  In practice
// (lesson 12) a line above the hand counts the deals passed well against the goal.

// The confirm button's name for the direction Python sends: one whole pattern each.
function hlPassButtonName(direction, count) {
  if (direction === "right") return hlT("Pass 3 cards right ({count} chosen)", { count });
  if (direction === "across") return hlT("Pass 3 cards across ({count} chosen)", { count });
  return hlT("Pass 3 cards left ({count} chosen)", { count });
}

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-pass-picker");
  const title = hlEl("p", "hl-title");
  const direction = hlEl("p", "hl-direction");
  const count = hlEl("p", "hl-pass-count");
  count.setAttribute("aria-live", "polite");
  const hand = hlHand("hl-hand hl-pass-hand");
  const status = hlEl("p", "hl-pass-status");
  status.setAttribute("aria-live", "polite");
  const confirm = hlEl("button", "hl-button hl-confirm", hlT("Pass 3 cards"));
  confirm.type = "button";
  confirm.dataset.action = "confirm";
  confirm.addEventListener("click", () => {
    if (model.get("can_confirm")) model.send({ type: "confirm" });
  });
  const controls = hlEl("div", "hl-row hl-controls");
  controls.append(confirm);
  const summary = hlLiveMessage("hl-message hl-pass-summary");
  // The judgement: a verdict line, then one sentence per fact, then the way on.
  const judged = hlEl("section", "hl-message hl-pass-judgement");
  judged.setAttribute("aria-label", hlT("how good your pass was"));
  const verdict = hlEl("p", "hl-pass-verdict");
  verdict.setAttribute("role", "status");
  const lines = hlEl("ul", "hl-pass-lines");
  const coachHead = hlEl("p", "hl-pass-coach");
  const coachLines = hlEl("ul", "hl-pass-lines hl-pass-coach-lines");
  judged.append(verdict, lines, coachHead, coachLines);
  const another = hlButton(hlT("Try another deal"), "another", { className: "hl-another-deal",
    aria: hlT("Try another deal: a new hand to pass from") });
  another.addEventListener("click", () => model.send({ type: "another" }));
  const after = hlEl("div", "hl-row hl-after");
  after.append(another);
  root.append(title, count, direction, hand, status, controls, summary, judged, after, hlErrorBox(model));

  function draw() {
    const refocus = hlFocusAfter(root, [".hl-pass-summary", ".hl-pass-hand .hl-card"]);
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    title.textContent = model.get("title");
    direction.textContent = model.get("direction_text");
    count.textContent = model.get("practice_text");
    count.hidden = !model.get("practice_text");
    root.dataset.good = String(model.get("good_count"));
    const done = model.get("confirmed");
    const selected = new Set(model.get("selected"));
    const shown = done ? model.get("new_hand") : model.get("hand");
    hand.setAttribute("aria-label", done ? hlT("your hand after the pass; received cards are highlighted")
      : hlT("your hand: tap three cards to pass"));
    const key = JSON.stringify([done, model.get("received_from"), shown, hlT(", ")]);
    const buttons = hlCardsKept(hand, key, () => {
      hand.replaceChildren();
      if (done) {
        for (const card of shown) {
          hand.append(hlCard(card, { static: true, received: card.received,
            receivedFrom: model.get("received_from") }));
        }
      } else {
        for (const card of shown) {
          const button = hlCard(card, { pressed: false });
          button.addEventListener("click", () => model.send({ type: "toggle", card: card.text }));
          hand.append(button);
        }
      }
    });
    if (!done) {
      // The kept cards show the picks of now (rebuilt or not: see hlCardsKept).
      shown.forEach((card, index) => {
        const chosen = selected.has(card.text);
        buttons[index].classList.toggle("is-selected", chosen);
        buttons[index].setAttribute("aria-pressed", String(chosen));
      });
    }
    status.textContent = model.get("status");
    confirm.disabled = !model.get("can_confirm");
    confirm.hidden = done;
    confirm.setAttribute("aria-label", hlPassButtonName(model.get("direction"), model.get("selected").length));
    summary.textContent = model.get("summary");
    summary.hidden = !done;
    const grade = model.get("verdict");
    judged.hidden = !done || !grade;
    judged.dataset.verdict = grade;
    judged.classList.toggle("is-legal", grade === "good");
    judged.classList.toggle("is-caution", grade === "fair" || grade === "weak");
    verdict.textContent = model.get("verdict_text");
    lines.replaceChildren(...model.get("judgement").map((line) => hlEl("li", "", line)));
    // The suggestion's first sentence names it; the rest say why its other cards go.
    const [coach, ...why] = model.get("suggestion");
    coachHead.textContent = coach || "";
    coachHead.hidden = !coach;
    coachLines.replaceChildren(...why.map((line) => hlEl("li", "", line)));
    coachLines.hidden = !why.length;
    after.hidden = !done || !model.get("offer_another");
    refocus();
  }
  for (const name of ["title", "direction", "direction_text", "hand", "selected", "status", "can_confirm",
    "confirmed", "new_hand", "received_from", "summary", "verdict", "verdict_text", "judgement", "suggestion",
    "four_colour", "practice_text", "good_count", "offer_another"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
