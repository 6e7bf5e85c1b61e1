// CardExplainer front end: draws the table and the hand, sends taps, shows the verdict.

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-explainer");
  const title = hlEl("p", "hl-title");
  const prompt = hlEl("p", "hl-prompt");
  const table = hlEl("div", "hl-table");
  table.setAttribute("aria-label", hlT("cards on the table"));
  const hand = hlHand("hl-hand", hlT("your hand: tap a card to see whether you may play it"));
  const message = hlLiveMessage("hl-message");
  root.append(title, prompt, table, hand, message, hlErrorBox(model));

  function draw() {
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    title.textContent = model.get("title");
    prompt.textContent = model.get("prompt");
    table.replaceChildren();
    const played = model.get("table");
    if (played.length === 0) table.append(hlEl("span", "hl-empty-note", hlT("You lead: the table is empty.")));
    for (const item of played) {
      const slot = hlEl("div", "hl-played");
      slot.append(hlCard(item.card, { static: true }), hlEl("span", "hl-seat", item.seat));
      table.append(slot);
    }
    const tapped = new Map(model.get("tapped").map((item) => [item.card, item.legal]));
    if (played.length) hlSpoken(table, hlTrickWords(played, { next: hlT("You"), nextIsYou: true }));
    hlKeepFocus(hand, () => {
      hand.replaceChildren();
      for (const card of model.get("hand")) {
        // A verdict only on cards already tapped: ask before telling.
        const legal = tapped.has(card.text) ? tapped.get(card.text) : undefined;
        const button = hlCard(card, { legal, selected: card.text === model.get("selected") });
        button.addEventListener("click", () => model.send({ type: "tap", card: card.text }));
        hand.append(button);
      }
    });
    const verdict = model.get("verdict");
    message.className = "hl-message";
    message.replaceChildren();
    if (verdict && verdict.card) {
      hlVerdict(message, verdict.legal, verdict.message + " ");
      hlAppendRuleLink(message, verdict.link);
    } else {
      message.textContent = hlT("Tap any card to find out whether you may play it, and why.");
    }
  }
  for (const name of ["title", "prompt", "hand", "table", "selected", "verdict", "tapped", "four_colour"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
