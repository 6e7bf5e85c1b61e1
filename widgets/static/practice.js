// Practice front end: the question, the table, the hand. A tap sends "choose"; the verdict,
// the consequence, the cards tried and whether the question is answered all come from Python.

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-practice");
  const title = hlEl("p", "hl-title");
  const question = hlEl("p", "hl-prompt hl-question");
  const table = hlEl("div", "hl-table hl-seats-table hl-practice-table");
  table.setAttribute("aria-label", hlT("cards on the table"));
  const hand = hlHand("hl-hand", hlT("your hand: tap the card you would play"));
  const message = hlLiveMessage("hl-message");
  const tried = hlEl("div", "hl-tried");
  root.append(title, question, table, hand, message, tried, hlErrorBox(model));

  function slot(seat, card, options = {}) {
    const place = hlEl("div", "hl-played");
    place.dataset.seat = seat;
    if (card) {
      place.append(hlCard(card, { static: true }));
    } else {
      place.append(hlEl("div", "hl-seat-empty", hlT("your card")));
    }
    place.append(hlEl("span", "hl-seat", seat));
    // Every slot gets the tag (hidden unless it takes the trick) so the seats stay in one line.
    const tag = hlEl("span", "hl-winning", hlT("takes it"));
    if (options.winner) place.classList.add("is-winner");
    else tag.setAttribute("aria-hidden", "true");
    place.append(tag);
    return place;
  }

  function draw() {
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    title.textContent = model.get("title");
    question.textContent = model.get("question");
    const feedback = model.get("feedback");
    const triedCards = model.get("tried");
    const verdictOf = new Map(triedCards.map((item) => [item.card, item.legal]));

    table.replaceChildren();
    if (feedback && feedback.trick && feedback.trick.length) {
      for (const item of feedback.trick) table.append(slot(item.seat, item.card, { winner: item.winner }));
      const winner = feedback.trick.find((item) => item.winner);
      hlSpoken(table, hlTrickWords(feedback.trick, { winner: winner && winner.seat, winnerIsYou: Boolean(winner && winner.you),
        done: true }));
    } else {
      const played = model.get("table");
      const seats = model.get("seats");
      seats.forEach((seat, index) => {
        table.append(slot(seat, played[index] ? played[index].card : null));
      });
      const plays = played.filter(Boolean).map((item, index) => ({ seat: seats[index], card: item.card }));
      // The seats end with the learner's own (Python's order): the card still to come is always yours.
      hlSpoken(table, hlTrickWords(plays, { next: seats[plays.length], nextIsYou: plays.length === seats.length - 1 }));
    }

    hlKeepFocus(hand, () => {
      hand.replaceChildren();
      for (const card of model.get("hand")) {
        // No verdict until tried: every card looks the same before the learner commits.
        const button = hlCard(card, { legal: verdictOf.has(card.text) ? verdictOf.get(card.text) : undefined,
          selected: card.text === model.get("selected") });
        if (verdictOf.has(card.text)) {
          button.classList.add("is-tried");
          button.dataset.tried = verdictOf.get(card.text) ? "allowed" : "not-allowed";
        }
        button.addEventListener("click", () => model.send({ type: "choose", card: card.text }));
        hand.append(button);
      }
    });

    message.className = "hl-message";
    message.replaceChildren();
    if (feedback && feedback.card) {
      hlVerdict(message, feedback.legal, feedback.message);
      if (feedback.consequence) message.append(hlEl("p", "hl-consequence", feedback.consequence));
      hlAppendRuleLink(message, feedback.link);
    } else {
      message.textContent = hlT("Tap the card you would play. You can try every card to compare.");
    }

    tried.replaceChildren();
    if (triedCards.length) {
      const list = hlEl("span", "hl-tried-list");
      list.append(hlEl("span", "hl-tried-label", hlT("Cards tried:")), " ");
      for (const item of triedCards) {
        const chip = hlEl("span", "hl-tried-chip " + (item.legal ? "is-legal" : "is-illegal"), item.card);
        chip.dataset.card = item.card;
        chip.setAttribute("role", "img");
        chip.setAttribute("aria-label", item.legal ? hlT("{card}, allowed", { card: item.card })
          : hlT("{card}, not allowed", { card: item.card }));
        list.append(chip);
      }
      tried.append(list);
    }
    if (model.get("answered")) {
      tried.append(hlEl("p", "hl-answered", hlT("Answered. Try the other cards too, to compare what they lead to.")));
    }
  }
  for (const name of ["title", "question", "hand", "seats", "table", "selected", "feedback", "tried", "answered",
    "four_colour"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
