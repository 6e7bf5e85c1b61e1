// The stage in the middle: the resume offer, the table (the cards to pass, or the trick
// being played) or the score screen after a hand.

const HL_PLACES = ["bottom", "left", "top", "right"]; // seat 0 (You) sits at the bottom, play goes clockwise

function hlMatchStage(ui) {
  const { model, send } = ui;
  const stage = hlEl("div", "hl-stage");
  const announcer = hlAnnouncer(); // who plays next, who took the trick: beside the stage, kept across redraws

  function drawOffer() {
    const offer = model.get("offer");
    const panel = hlEl("section", "hl-panel hl-offer");
    panel.append(hlEl("h2", "hl-panel-title", "Welcome back"));
    panel.append(hlEl("p", "hl-panel-text",
      `You have a match in progress: hand ${offer.hand_number}, trick ${offer.trick_number}.`));
    const totals = hlEl("p", "hl-panel-text hl-muted",
      (offer.totals || []).map((row) => `${row.name} ${row.total}`).join(" · "));
    const buttons = hlEl("div", "hl-row");
    const resume = hlButton("Resume match", "resume");
    resume.addEventListener("click", () => send("resume"));
    const fresh = hlButton("New match", "new-match", { secondary: true });
    fresh.addEventListener("click", () => send("new_match"));
    buttons.append(resume, fresh);
    panel.append(totals, buttons);
    stage.append(panel);
  }

  function drawTable(screen, info, seats) {
    const table = hlEl("div", "hl-table hl-compass");
    table.setAttribute("aria-label", "cards on the table");
    if (model.get("trick_done")) table.classList.add("is-done");
    if (screen === "passing") {
      const count = model.get("option_lists").cards_in_pass;
      const note = hlEl("div", "hl-pass-note");
      const chosen = model.get("selected");
      note.append(hlEl("span", "hl-pass-title", `${info.pass_text}: your ${count} cards go to ${info.pass_to}`));
      const row = hlEl("div", "hl-trick-row");
      for (const card of model.get("hand").filter((item) => chosen.includes(item.text))) {
        row.append(hlCard(card, { static: true }));
      }
      for (let index = chosen.length; index < count; index += 1) row.append(hlEl("div", "hl-slot-empty"));
      note.append(row);
      table.append(note);
      stage.append(table);
      return;
    }
    const played = new Map(model.get("table").map((item) => [item.seat, item]));
    for (const seat of seats) {
      const item = played.get(seat.seat);
      const slot = hlEl("div", "hl-played hl-slot" + (item && item.winner ? " is-winner" : "") +
        (seat.to_move ? " is-turn" : ""));
      slot.dataset.place = HL_PLACES[seat.seat];
      slot.dataset.seat = String(seat.seat);
      slot.append(item ? hlCard(item.card, { static: true }) : hlEl("div", "hl-slot-empty"));
      const label = seat.to_move && !item ? `${seat.name} to play` : seat.name;
      slot.append(hlEl("span", "hl-seat", label));
      table.append(slot);
    }
    const byName = new Map(seats.map((seat) => [seat.seat, seat.name]));
    const plays = model.get("table").map((item) => ({ seat: byName.get(item.seat), card: item.card }));
    const winner = model.get("table").find((item) => item.winner);
    const next = seats.find((seat) => seat.to_move);
    const done = model.get("trick_done");
    hlSpoken(table, hlTrickWords(plays, { winner: winner && byName.get(winner.seat), done,
      next: !done && next ? next.name : "" }));
    announcer.say(done && winner ? `${byName.get(winner.seat)} takes the trick.`
      : next ? (next.seat === 0 ? "Your turn." : `${next.name} to play.`) : "");
    stage.append(table);
  }

  function drawScores(screen) {
    const scores = model.get("scores");
    const result = model.get("result");
    const panel = hlEl("section", "hl-panel hl-score");
    panel.dataset.screen = screen;
    const title = screen === "match_over" ? "Match over" : `Hand ${scores.hand_number} scores`;
    panel.append(hlEl("h2", "hl-panel-title", title));
    if (screen === "match_over" && result.text) {
      const banner = hlEl("p", "hl-result", result.text);
      banner.dataset.outcome = result.outcome;
      panel.append(banner);
    }
    if (scores.moon) panel.append(hlEl("p", "hl-moon", scores.moon));
    const table = hlEl("table", "hl-score-table");
    const head = hlEl("tr");
    for (const text of ["", "Before", "This hand", "Total"]) head.append(hlEl("th", "", text));
    const thead = hlEl("thead");
    thead.append(head);
    const body = hlEl("tbody");
    for (const row of scores.rows || []) {
      const line = hlEl("tr", (row.seat === 0 ? "is-you" : "") + (row.winner ? " is-winner" : ""));
      const name = hlEl("th", "", row.name);
      name.scope = "row";
      line.append(name, hlEl("td", "", String(row.before)), hlEl("td", "", "+" + row.hand),
        hlEl("td", "hl-total", String(row.total)));
      body.append(line);
    }
    table.append(thead, body);
    panel.append(table);
    const buttons = hlEl("div", "hl-row");
    if (screen === "hand_over") {
      const next = hlButton("Next hand", "next-hand");
      next.addEventListener("click", () => send("next_hand"));
      buttons.append(next);
    } else {
      const fresh = hlButton("New match", "new-match");
      fresh.addEventListener("click", () => send("new_match"));
      const again = hlButton("Replay", "replay", { secondary: true, aria: "replay: the same deals again" });
      again.addEventListener("click", () => send("replay"));
      buttons.append(fresh, again);
    }
    panel.append(buttons);
    stage.append(panel);
  }

  return {
    element: stage,
    draw(screen, info, seats) {
      if (!announcer.element.isConnected && stage.parentNode) stage.after(announcer.element);
      stage.replaceChildren();
      if (screen === "offer") drawOffer();
      else if (screen === "passing" || screen === "playing") drawTable(screen, info, seats);
      else if (screen === "hand_over" || screen === "match_over") drawScores(screen);
    },
  };
}
