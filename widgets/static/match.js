// MatchWidget front end: draws the match, sends the learner's actions, paces the computers.
// Python decides everything (legal cards, explanations, scores, computer moves); this file
// shows the traits and asks.  Its only own state is which panels are open and one timer:
// while `pending` is "advance" it waits for the chosen speed, then asks Python to advance,
// quoting the `step` it saw so that a stale timer can never play an extra card.

const HL_DELAYS = { instant: 0, normal: 600, slow: 1400 };
const HL_PLACES = ["bottom", "left", "top", "right"]; // seat 0 (You) sits at the bottom, play goes clockwise
const HL_OPTIONS = [
  ["one_tap", "Play a card with one tap"],
  ["auto_play_forced", "Play my only legal card for me"],
  ["confirm_tricks", "Wait for me after each trick"],
  ["show_danger", "Mark danger cards"],
  ["show_coach", "Show the coach"],
  ["four_colour", "Four-colour suits"],
];
const HL_LEVELS = [["easy", "Easy"], ["normal", "Normal"], ["hard", "Hard"]];
const HL_SPEEDS = [["instant", "Instant"], ["normal", "Normal"], ["slow", "Slow"]];

function hlButton(label, action, options = {}) {
  const button = hlEl("button", "hl-button" + (options.secondary ? " is-secondary" : ""), label);
  button.type = "button";
  button.dataset.action = action;
  button.setAttribute("aria-label", options.aria || label);
  // aria-disabled rather than disabled: the button stays reachable by Tab, and pressing it
  // early gets an explanation from Python instead of silence.
  if (options.disabled) {
    button.setAttribute("aria-disabled", "true");
    button.classList.add("is-disabled");
  }
  if (options.pressed !== undefined) button.setAttribute("aria-pressed", String(options.pressed));
  return button;
}

function hlPercent(value) {
  return Math.round(value * 100) + "%";
}

function render({ model, el }) {
  const send = (type, extra = {}) => model.send({ type, ...extra });
  const open = { last: false, options: false, stats: false };

  const root = hlEl("div", "hl-root hl-match");
  el.append(root);
  // The widget may have been built before this page opened (a preheated kernel).
  send("opened");
  const notice = hlEl("div", "hl-notice");
  notice.setAttribute("role", "status");
  const header = hlEl("header", "hl-mhead");
  const toolbar = hlEl("div", "hl-toolbar");
  const lastPanel = hlEl("section", "hl-panel hl-last");
  lastPanel.id = "hl-last-" + Math.random().toString(36).slice(2);
  lastPanel.setAttribute("aria-label", "the last completed trick");
  const optionsPanel = buildOptions();
  const statsPanel = hlEl("section", "hl-panel hl-stats");
  statsPanel.setAttribute("aria-label", "your statistics");
  const middle = hlEl("div", "hl-middle");
  const stage = hlEl("div", "hl-stage");
  const message = hlLiveMessage("hl-message");
  const coach = hlEl("section", "hl-panel hl-coach");
  coach.setAttribute("aria-label", "the coach");
  const hand = hlHand("hl-hand");
  const actions = hlEl("div", "hl-row hl-actions");
  middle.append(stage, coach);
  root.append(notice, header, toolbar, optionsPanel, statsPanel, lastPanel, middle, message, hand, actions,
    hlErrorBox(model));

  // ---------------------------------------------------------------- options (built once)

  function buildOptions() {
    const panel = hlEl("section", "hl-panel hl-options");
    panel.setAttribute("aria-label", "play options");
    const speed = hlEl("div", "hl-option-group");
    speed.setAttribute("role", "group");
    speed.setAttribute("aria-label", "computer speed");
    speed.append(hlEl("span", "hl-option-title", "Computer speed"));
    for (const [value, label] of HL_SPEEDS) {
      const button = hlButton(label, "speed-" + value, { secondary: true, aria: "computer speed " + label.toLowerCase() });
      button.classList.add("hl-option");
      button.dataset.option = "speed";
      button.dataset.value = value;
      button.addEventListener("click", () => send("set", { name: "speed", value }));
      speed.append(button);
    }
    const toggles = hlEl("div", "hl-option-group hl-toggles");
    for (const [name, label] of HL_OPTIONS) {
      const row = hlEl("label", "hl-check");
      const box = hlEl("input", "hl-option");
      box.type = "checkbox";
      box.dataset.option = name;
      box.setAttribute("aria-label", label);
      box.addEventListener("change", () => send("set", { name, value: box.checked }));
      row.append(box, hlEl("span", "", label));
      toggles.append(row);
    }
    const levels = hlEl("div", "hl-option-group");
    levels.append(hlEl("span", "hl-option-title", "Computer players"));
    for (let index = 0; index < 3; index += 1) {
      const row = hlEl("label", "hl-level");
      const select = hlEl("select", "hl-option");
      select.dataset.option = "levels";
      select.dataset.index = String(index);
      select.setAttribute("aria-label", `CPU${index + 1} level`);
      for (const [value, label] of HL_LEVELS) {
        const option = hlEl("option", "", label);
        option.value = value;
        select.append(option);
      }
      select.addEventListener("change", () => {
        const value = [...model.get("levels")];
        value[index] = select.value;
        send("set", { name: "levels", value });
      });
      row.append(hlEl("span", "", `CPU${index + 1}`), select);
      levels.append(row);
    }
    panel.append(speed, toggles, levels);
    return panel;
  }

  function drawOptions() {
    optionsPanel.hidden = !open.options;
    for (const control of optionsPanel.querySelectorAll("[data-option]")) {
      const name = control.dataset.option;
      if (name === "speed") control.setAttribute("aria-pressed", String(model.get("speed") === control.dataset.value));
      else if (name === "levels") control.value = model.get("levels")[Number(control.dataset.index)];
      else control.checked = Boolean(model.get(name));
    }
  }

  // ---------------------------------------------------------------------------- header

  function drawHeader(info, seats) {
    header.replaceChildren();
    if (!info || info.hand_number === undefined) return;
    const status = hlEl("div", "hl-status");
    status.append(
      hlEl("span", "hl-stat", `Hand ${info.hand_number}`),
      hlEl("span", "hl-stat", info.pass_text),
      hlEl("span", "hl-stat", `Trick ${info.trick_number}`),
    );
    if (info.hearts_broken) status.append(hlEl("span", "hl-flag", "Hearts broken"));
    if (info.queen_played) status.append(hlEl("span", "hl-flag", "♠Q played"));
    const bar = hlEl("div", "hl-seatbar");
    bar.setAttribute("aria-label", "scores: match total / points this hand");
    for (const seat of [...seats.slice(1), seats[0]]) {
      const chip = hlEl("div", "hl-chip" + (seat.seat === 0 ? " is-you" : "") + (seat.to_move ? " is-turn" : ""));
      chip.dataset.seat = String(seat.seat);
      const cards = seat.seat === 0 ? "" : `, ${seat.cards_left} cards left`;
      chip.setAttribute("aria-label",
        `${seat.name}: ${seat.total} points in the match, ${seat.this_hand} this hand${cards}`);
      chip.append(hlEl("span", "hl-chip-name", seat.name));
      if (seat.seat !== 0) chip.append(hlEl("span", "hl-chip-cards", `${seat.cards_left} cards`));
      chip.append(hlEl("span", "hl-chip-score", `${seat.total} / ${seat.this_hand}`));
      bar.append(chip);
    }
    const legend = hlEl("span", "hl-legend", "total / this hand");
    legend.setAttribute("aria-hidden", "true");
    bar.append(legend);
    header.append(status, bar);
  }

  // ---------------------------------------------------------------------------- toolbar

  function drawToolbar(screen) {
    toolbar.replaceChildren();
    if (screen === "offer" || !screen) return;
    const hasLast = Boolean(model.get("last_trick").cards);
    const last = hlButton("Last trick", "last-trick",
      { secondary: true, pressed: open.last && hasLast, disabled: !hasLast, aria: "show the last trick" });
    last.setAttribute("aria-controls", lastPanel.id);
    last.addEventListener("click", () => { if (hasLast) { open.last = !open.last; draw(); } });
    const hint = hlButton("Hint", "hint", { secondary: true, aria: "hint: ask the coach" });
    hint.addEventListener("click", () => send("hint"));
    const options = hlButton("Options", "options", { secondary: true, pressed: open.options, aria: "play options" });
    options.addEventListener("click", () => { open.options = !open.options; draw(); });
    const stats = hlButton("Statistics", "statistics", { secondary: true, pressed: open.stats, aria: "your statistics" });
    stats.addEventListener("click", () => { open.stats = !open.stats; draw(); });
    toolbar.append(last, hint, options, stats);
  }

  function drawLast() {
    const trick = model.get("last_trick");
    lastPanel.hidden = !(open.last && trick.cards);
    lastPanel.replaceChildren();
    if (lastPanel.hidden) return;
    const row = hlEl("div", "hl-trick-row");
    for (const item of trick.cards) {
      const slot = hlEl("div", "hl-played" + (item.winner ? " is-winner" : ""));
      slot.append(hlCard(item.card, { static: true }), hlEl("span", "hl-seat", item.name));
      row.append(slot);
    }
    lastPanel.append(hlEl("h3", "hl-panel-title", "Last trick"), row, hlEl("p", "hl-panel-text", trick.text));
  }

  function drawStats() {
    statsPanel.hidden = !open.stats;
    statsPanel.replaceChildren();
    if (!open.stats) return;
    const stats = model.get("statistics");
    statsPanel.append(hlEl("h3", "hl-panel-title", "Statistics"));
    if (!stats.played) {
      statsPanel.append(hlEl("p", "hl-panel-text", "No finished matches yet: your record starts after the first one."));
      return;
    }
    // Plain divs, not <dl>: the page around the widget styles definition lists its own way.
    const list = hlEl("div", "hl-stat-list");
    const average = stats.average === null ? "–" : String(stats.average);
    for (const [label, value] of [["Played", stats.played], ["Won", stats.won], ["Drawn", stats.drawn],
      ["Lost", stats.lost], ["Points per hand", average]]) {
      const item = hlEl("div", "hl-stat-item");
      item.append(hlEl("span", "hl-stat-label", label), hlEl("span", "hl-stat-value", String(value)));
      list.append(item);
    }
    statsPanel.append(list);
  }

  // ------------------------------------------------------------------------------ stage

  function drawOffer() {
    const offer = model.get("offer");
    const panel = hlEl("section", "hl-panel hl-offer");
    panel.append(hlEl("h3", "hl-panel-title", "Welcome back"));
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
      const note = hlEl("div", "hl-pass-note");
      const chosen = model.get("selected");
      note.append(hlEl("span", "hl-pass-title", `${info.pass_text}: your 3 cards go to ${info.pass_to}`));
      const row = hlEl("div", "hl-trick-row");
      for (const card of model.get("hand").filter((item) => chosen.includes(item.text))) {
        row.append(hlCard(card, { static: true }));
      }
      for (let index = chosen.length; index < 3; index += 1) row.append(hlEl("div", "hl-slot-empty"));
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
    stage.append(table);
  }

  function drawScores(screen) {
    const scores = model.get("scores");
    const result = model.get("result");
    const panel = hlEl("section", "hl-panel hl-score");
    panel.dataset.screen = screen;
    const title = screen === "match_over" ? "Match over" : `Hand ${scores.hand_number} scores`;
    panel.append(hlEl("h3", "hl-panel-title", title));
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

  // ------------------------------------------------------------------ message and coach

  function drawMessage() {
    message.className = "hl-message is-" + (model.get("tone") || "info");
    message.textContent = model.get("message");
  }

  function drawCoach() {
    const report = model.get("coach");
    coach.replaceChildren();
    coach.hidden = !report.advice;
    middle.classList.toggle("has-coach", !coach.hidden);
    if (coach.hidden) return;
    coach.append(hlEl("h3", "hl-panel-title", "Coach"));
    coach.append(hlEl("p", "hl-advice", report.advice));
    const facts = hlEl("ul", "hl-facts");
    facts.append(hlEl("li", "", `${report.unseen} cards unseen.`), hlEl("li", "", report.queen));
    for (const item of report.voids) facts.append(hlEl("li", "", item.text));
    if (!report.voids.length) facts.append(hlEl("li", "", "Nobody has run out of a suit yet."));
    coach.append(facts);
    const table = hlEl("table", "hl-odds");
    const head = hlEl("tr");
    for (const text of ["Card", "Takes the trick", "Points expected"]) head.append(hlEl("th", "", text));
    const thead = hlEl("thead");
    thead.append(head);
    const body = hlEl("tbody");
    for (const item of report.outlooks) {
      const row = hlEl("tr", item.dangerous ? "is-danger" : "");
      const card = hlEl("th", "hl-odds-card", item.card.text);
      card.scope = "row";
      card.dataset.suit = item.card.suit;
      card.setAttribute("aria-label", item.card.label);
      row.append(card, hlEl("td", "", hlPercent(item.win)), hlEl("td", "", item.points.toFixed(1)));
      body.append(row);
    }
    table.append(thead, body);
    coach.append(table, hlEl("p", "hl-odds-note", report.exact
      ? "Exact: every deal that fits what you have seen, against careful opponents."
      : "Estimated from many deals that fit what you have seen, against careful opponents."));
  }

  // ------------------------------------------------------------------- hand and actions

  function drawHand(screen) {
    hand.replaceChildren();
    const cards = model.get("hand");
    const inPlay = screen === "passing" || screen === "playing";
    hand.hidden = !inPlay || cards.length === 0;
    if (hand.hidden) return;
    const passing = screen === "passing";
    const chosen = model.get("selected");
    const refused = model.get("refused");
    hand.setAttribute("aria-label", passing
      ? "your hand: tap three cards to pass"
      : "your hand: tap a card to select it; dimmed cards may not be played, tap them to see why");
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
      const pass = hlButton("Pass 3 cards", "pass", { disabled: chosen.length !== 3 });
      pass.addEventListener("click", () => send("pass"));
      actions.append(pass, hlEl("span", "hl-count", `${chosen.length} of 3 chosen`));
    } else if (screen === "playing") {
      if (pending === "next_trick") {
        const next = hlButton("Next trick", "next-trick");
        next.addEventListener("click", () => send("next_trick"));
        actions.append(next);
      }
      if (pending === "next_trick") return; // one clear next step while a finished trick is shown
      const play = hlButton("Play", "play", {
        disabled: pending !== "learner" || chosen.length !== 1,
        aria: chosen.length === 1 ? `play ${chosen[0]}` : "play the selected card",
      });
      play.addEventListener("click", () => send("play"));
      actions.append(play);
    }
  }

  function drawNotice() {
    notice.replaceChildren();
    const text = model.get("notice");
    notice.hidden = !text;
    if (!text) return;
    const dismiss = hlButton("Dismiss", "dismiss", { secondary: true, aria: "dismiss this notice" });
    dismiss.addEventListener("click", () => send("dismiss"));
    notice.append(hlEl("span", "", text), dismiss);
  }

  // ------------------------------------------------------------------------ drawing

  let timer = null;
  let timerStep = null;

  function pace(pending, step) {
    // One timer at a time, for the newest step only.
    if (pending !== "advance") {
      if (timer) clearTimeout(timer);
      timer = null;
      timerStep = null;
      return;
    }
    if (timerStep === step) return;
    if (timer) clearTimeout(timer);
    timerStep = step;
    const base = HL_DELAYS[model.get("speed")] ?? HL_DELAYS.normal;
    const delay = model.get("trick_done") ? base * 2 : base; // let a finished trick be seen
    timer = setTimeout(() => {
      timer = null;
      send("advance", { step });
    }, delay);
  }

  function draw() {
    const screen = model.get("screen");
    const pending = model.get("pending");
    const step = model.get("step");
    const info = model.get("header");
    const seats = model.get("seats");
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    root.dataset.screen = screen;
    root.dataset.pending = pending;
    root.dataset.step = String(step);
    const handCards = [...hand.querySelectorAll("button.hl-card")];
    const focusIndex = handCards.indexOf(document.activeElement);
    hlKeepFocus(root, () => {
      drawNotice();
      drawHeader(info, seats);
      drawToolbar(screen);
      drawOptions();
      drawStats();
      drawLast();
      stage.replaceChildren();
      if (screen === "offer") drawOffer();
      else if (screen === "passing" || screen === "playing") drawTable(screen, info, seats);
      else if (screen === "hand_over" || screen === "match_over") drawScores(screen);
      drawMessage();
      drawCoach();
      drawHand(screen);
      drawActions(screen, pending);
    });
    // A played card leaves the hand: keep keyboard focus in the hand, on its neighbour.
    // When the hand is over, the next step is the score screen's button.
    if (focusIndex >= 0 && !root.contains(document.activeElement)) {
      const cards = [...hand.querySelectorAll("button.hl-card")];
      const next = cards.length ? cards[Math.min(focusIndex, cards.length - 1)] : stage.querySelector("button");
      if (next) next.focus();
    }
    pace(pending, step);
  }

  // Python sends a batch of trait changes at once; draw once per batch.
  let queued = false;
  function schedule() {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  }
  for (const name of ["screen", "pending", "step", "header", "seats", "hand", "selected", "table", "trick_done",
    "last_trick", "scores", "result", "coach", "offer", "statistics", "message", "tone", "refused", "notice",
    "speed", "one_tap", "auto_play_forced", "confirm_tricks", "levels", "show_danger", "show_coach", "four_colour"]) {
    model.on("change:" + name, schedule);
  }
  draw();
  return () => { if (timer) clearTimeout(timer); };
}

export default { render };
