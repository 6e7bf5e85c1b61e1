// Exercise front end, shared by the single exercise and the drill: the question, the table,
// the hand or the answer buttons, and (only after an answer) the verdict Python wrote.
// Before the first answer every tappable card looks the same: nothing here knows a rule,
// and the verdict only exists once Python has graded an answer.

function hlExercise(model, root) {
  hlUseWords(model);
  const title = hlEl("p", "hl-title");
  const prompt = hlEl("p", "hl-prompt hl-question");
  const table = hlEl("div", "hl-table hl-seats-table hl-exercise-table");
  table.setAttribute("aria-label", hlT("cards on the table"));
  const hand = hlHand("hl-hand", hlT("your hand"));
  const choices = hlGroup("hl-choices", hlT("choose an answer"));
  const check = hlButton(hlT("Check"), "check", { className: "hl-check", aria: hlT("Check the cards you picked") });
  check.addEventListener("click", () => model.send({ type: "check" }));
  const notice = hlEl("p", "hl-notice");
  notice.setAttribute("role", "status");
  const message = hlLiveMessage("hl-message hl-verdict");
  root.append(title, prompt, table, hand, choices, check, notice, message, hlErrorBox(model));

  function slot(seat, card, winner) {
    const place = hlEl("div", "hl-played");
    place.dataset.seat = seat;
    if (card) place.append(hlCard(card, { static: true }));
    else {
      const empty = hlEl("div", "hl-seat-empty", hlT("your card"));
      empty.setAttribute("aria-label", hlT("your card goes here"));
      place.append(empty);
    }
    place.append(hlEl("span", "hl-seat", seat));
    const tag = hlEl("span", "hl-winning", hlT("takes it"));
    if (winner) place.classList.add("is-winner");
    else tag.setAttribute("aria-hidden", "true");
    place.append(tag);
    return place;
  }

  function draw() {
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    const kind = model.get("kind");
    root.dataset.kind = kind;
    const result = model.get("result") || {};
    const answered = model.get("answered");
    const graded = result.cards || {};
    title.textContent = model.get("title");
    prompt.textContent = model.get("prompt");

    table.replaceChildren();
    const played = model.get("table");
    model.get("seats").forEach((seat, index) => {
      // The learner's slot shows the card they played once Python has judged it.
      const card = played[index] ? played[index].card : (result.played || null);
      table.append(slot(seat, card, result.winner === seat && !!card));
    });

    const picked = new Set(model.get("picked"));
    const cards = model.get("hand");
    hand.hidden = cards.length === 0;
    const multi = kind === "legal-cards";
    // Rebuilt only for another hand: a tap pressed while a redraw comes must stay on its card.
    const buttons = hlCardsKept(hand, JSON.stringify([cards, hlT(", ")]), () => {
      hand.replaceChildren();
      for (const card of cards) {
        const button = hlCard(card, { pressed: false });
        button.addEventListener("click", () => model.send(model.get("kind") === "legal-cards"
          ? { type: "toggle", card: card.text } : { type: "answer", value: card.text }));
        hand.append(button);
      }
    });
    cards.forEach((card, index) => {
      const button = buttons[index];
      const chosen = multi ? picked.has(card.text) : result.chosen === card.text;
      button.classList.toggle("is-selected", chosen);
      button.setAttribute("aria-pressed", String(chosen));
      const verdict = graded[card.text];
      if (verdict) {
        // Only after Check: allowed or not, and whether the learner's pick was right.
        button.dataset.verdict = verdict.allowed ? "allowed" : "not-allowed";
        button.dataset.graded = verdict.right ? "right" : "wrong";
        button.setAttribute("aria-label", verdict.allowed ? hlT("{card}, allowed", { card: card.label })
          : hlT("{card}, not allowed", { card: card.label }));
      } else {
        delete button.dataset.verdict;
        delete button.dataset.graded;
        button.setAttribute("aria-label", hlCardName(card));
      }
      button.disabled = answered;
    });

    hlKeepFocus(choices, () => {
      choices.replaceChildren();
      for (const choice of model.get("choices")) {
        const button = hlButton(choice.label, "choice-" + choice.label, { secondary: true, className: "hl-choice" });
        if (result.chosen === choice.value) button.classList.add("is-chosen");
        button.disabled = answered;
        button.addEventListener("click", () => model.send({ type: "answer", value: choice.value }));
        choices.append(button);
      }
    });
    choices.hidden = model.get("choices").length === 0;
    check.hidden = kind !== "legal-cards";
    check.disabled = answered;

    notice.textContent = model.get("notice") || "";
    notice.hidden = !notice.textContent;

    message.className = "hl-message hl-verdict";
    message.replaceChildren();
    if (result.summary) {
      message.classList.add(result.correct ? "is-legal" : "is-illegal");
      message.append(hlEl("p", "hl-summary-line", result.summary));
      for (const line of result.lines || []) message.append(hlEl("p", "hl-line", line));
      for (const link of result.links || []) hlAppendRuleLink(message, link);
      if (!result.correct) message.append(hlEl("p", "hl-again", hlT("Change your answer and try again.")));
    } else {
      message.textContent = kind === "legal-cards"
        ? hlT("Tap every card you may play, then press Check.")
        : kind === "spoil" ? hlT("Tap the card you would play.") : hlT("Pick an answer.");
    }
  }
  for (const name of ["kind", "title", "prompt", "seats", "table", "hand", "choices", "picked", "result", "notice",
    "answered", "four_colour"]) {
    model.on("change:" + name, draw);
  }
  draw();
}
