// Below the table: the message, the learner's hand and the action buttons (Pass, Play,
// Next trick).  Whether Pass and Play would act comes from Python (`can_pass`, `can_play`).

function hlMatchHand(ui) {
  const { model, send } = ui;
  const message = hlLiveMessage("hl-message");
  // Outside the live region: the refusal is spoken once, the link is there to follow.
  const readMore = hlEl("a", "hl-glossary-link");
  readMore.target = "_blank";
  const hand = hlHand("hl-hand");
  const actions = hlEl("div", "hl-row hl-actions");
  // Enter on the selected card plays it, as Play does (Python decides whether it may);
  // Escape puts it back (main.js). Space, like a second tap, still puts it back.
  hand.addEventListener("keydown", (event) => {
    const card = event.target.closest && event.target.closest("button.hl-card");
    if (event.key !== "Enter" || !card || model.get("screen") !== "playing") return;
    if (!model.get("selected").includes(card.dataset.card)) return;
    event.preventDefault(); // no click: that would put the card back
    ui.focusHand = true;
    send("play");
  });

  function drawMessage() {
    message.className = "hl-message is-" + (model.get("tone") || "info");
    message.textContent = model.get("message");
    const link = model.get("refusal_link");
    readMore.hidden = !(link && link.href);
    if (readMore.hidden) {
      readMore.removeAttribute("href");
      readMore.textContent = "";
    } else {
      readMore.href = link.href;
      readMore.textContent = link.text;
    }
  }

  function drawHand(screen) {
    hand.replaceChildren();
    const cards = model.get("hand");
    const inPlay = screen === "passing" || screen === "playing";
    hand.hidden = !inPlay || cards.length === 0;
    if (hand.hidden) return;
    const passing = screen === "passing";
    const chosen = model.get("selected");
    const refused = model.get("refused");
    const count = model.get("option_lists").cards_in_pass;
    hand.setAttribute("aria-label", passing
      ? hlT("your hand: tap {count} cards to pass", { count })
      : hlT("your hand: tap a card to select it, then press Play or Enter to play it; tap it again or press Escape to put it back; dimmed cards may not be played, tap them to see why"));
    // The hand's one Tab stop is on a card that may be played when the one remembered may
    // not (a card the learner focuses takes it back: focus moves the Tab stop).
    const playable = cards.filter((card) => card.legal !== false).map((card) => card.text);
    if (playable.length && !playable.includes(hand.dataset.roving)) hand.dataset.roving = playable[0];
    for (const card of cards) {
      const selected = chosen.includes(card.text);
      const button = hlCard(card, {
        legal: card.legal, selected, received: card.received, danger: card.danger,
        pressed: passing ? selected : undefined,
      });
      if (card.text === refused) button.classList.add("is-refused");
      button.addEventListener("click", () => send("choose", { card: card.text }));
      hand.append(button);
    }
  }

  function drawActions(screen, pending) {
    actions.replaceChildren();
    const chosen = model.get("selected");
    if (screen === "passing") {
      const count = model.get("option_lists").cards_in_pass;
      const pass = hlButton(hlT("Pass {count} cards", { count }), "pass", { disabled: !model.get("can_pass") });
      pass.addEventListener("click", () => send("pass"));
      actions.append(pass, hlEl("span", "hl-count", hlT("{chosen} of {count} chosen", { chosen: chosen.length, count })));
    } else if (screen === "playing") {
      if (pending === "next_trick") {
        // One clear next step while a finished trick is shown.
        const next = hlButton(hlT("Next trick"), "next-trick");
        next.addEventListener("click", () => send("next_trick"));
        actions.append(next);
        return;
      }
      const play = hlButton(hlT("Play"), "play", {
        disabled: !model.get("can_play"),
        aria: chosen.length === 1 ? hlT("play {card}", { card: chosen[0] }) : hlT("play the selected card"),
      });
      // detail 0: pressed by Enter or Space, not a pointer; focus goes back to the hand afterwards.
      play.addEventListener("click", (event) => { ui.focusHand = event.detail === 0; send("play"); });
      actions.append(play);
    }
  }

  return {
    message, readMore, hand, actions,
    draw(screen, pending) {
      drawMessage();
      drawHand(screen);
      drawActions(screen, pending);
    },
  };
}
