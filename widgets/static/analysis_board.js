// Analysis board front end: setup (deck, hand, plays, leader), analyse (why?, the coach), play on.
// Every word comes from Python (the labels, in the learner's language); a tap or a button sends one message and Python decides what it
// means. The page's link: the board reads ?position= once as it opens and sends it to Python;
// whenever Python's `link` trait changes, the address is replaced with it (history.replaceState).

const HL_LINK_PARAMETER = "position";

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-analysis");
  const labels = () => model.get("labels") || {};
  const send = (type, extra = {}) => model.send({ type, ...extra });

  function named(button, text) {
    button.textContent = text || "";
    button.setAttribute("aria-label", text || "");
  }

  // ---------------------------------------------------------------- the message (one live region)
  const message = hlLiveMessage("hl-message hl-analysis-message");
  message.setAttribute("role", "status");

  // ---------------------------------------------------------------- setup
  const setup = hlEl("section", "hl-analysis-setup");
  const setupHeading = hlEl("h3", "hl-title");
  const status = hlEl("ul", "hl-analysis-status");
  const targetRow = hlEl("div", "hl-row hl-analysis-target");
  const targetLabel = hlEl("span", "hl-analysis-row-label");
  const targetGroup = hlGroup("hl-analysis-choices", "");
  targetRow.append(targetLabel, targetGroup);
  const leaderRow = hlEl("div", "hl-row hl-analysis-leader");
  const leaderLabel = hlEl("span", "hl-analysis-row-label");
  const leaderGroup = hlGroup("hl-analysis-choices", "");
  leaderRow.append(leaderLabel, leaderGroup);
  const setupSlot = hlEl("div", "hl-analysis-slot");
  const deck = hlEl("div", "hl-analysis-deck");
  const handHeading = hlEl("h4", "hl-analysis-subheading");
  const setupHand = hlHand("hl-hand hl-analysis-setup-hand", "");
  const handEmpty = hlEl("p", "hl-analysis-empty");
  const playsHeading = hlEl("h4", "hl-analysis-subheading");
  const tricks = hlEl("ol", "hl-analysis-tricks");
  const playsEmpty = hlEl("p", "hl-analysis-empty");
  const setupActions = hlEl("div", "hl-row hl-analysis-actions");
  const analyse = hlButton("", "analyse");
  analyse.addEventListener("click", () => send("analyse"));
  const takeBack = hlButton("", "take_back", { secondary: true });
  takeBack.addEventListener("click", () => send("take_back"));
  const clear = hlButton("", "clear", { secondary: true });
  clear.addEventListener("click", () => send("clear"));
  setupActions.append(analyse, takeBack, clear);
  const paste = hlEl("div", "hl-row hl-analysis-paste");
  const pasteLabel = hlEl("label", "hl-analysis-row-label");
  const pasteInput = hlEl("input", "hl-analysis-input");
  pasteInput.type = "text";
  pasteInput.id = "hl-analysis-paste-" + Math.random().toString(36).slice(2);
  pasteInput.spellcheck = false;
  pasteInput.autocomplete = "off";
  pasteLabel.htmlFor = pasteInput.id;
  const pasteOpen = hlButton("", "paste", { secondary: true });
  const pasted = () => send("paste", { text: pasteInput.value });
  pasteOpen.addEventListener("click", pasted);
  pasteInput.addEventListener("keydown", (event) => { if (event.key === "Enter") pasted(); });
  paste.append(pasteLabel, pasteInput, pasteOpen);
  // A match record (lesson 10's kind) opened before one of its plays.
  const record = hlEl("details", "hl-analysis-record");
  const recordSummary = hlEl("summary", "hl-analysis-row-label");
  const recordLabel = hlEl("label", "hl-analysis-field");
  const recordText = hlEl("textarea", "hl-analysis-input hl-analysis-record-text");
  recordText.rows = 4;
  recordText.spellcheck = false;
  recordLabel.append(recordText);
  const numbers = hlEl("div", "hl-row");
  const handLabel = hlEl("label", "hl-analysis-field hl-analysis-number");
  const handInput = hlEl("input", "hl-analysis-input");
  const playLabel = hlEl("label", "hl-analysis-field hl-analysis-number");
  const playInput = hlEl("input", "hl-analysis-input");
  for (const [input, start] of [[handInput, "1"], [playInput, "1"]]) {
    input.type = "number";
    input.min = "1";
    input.value = start;
    input.inputMode = "numeric";
  }
  const handWords = hlEl("span", "");
  const playWords = hlEl("span", "");
  handLabel.append(handWords, handInput);
  playLabel.append(playWords, playInput);
  const recordOpen = hlButton("", "record", { secondary: true });
  const whole = (input) => Math.max(0, Math.trunc(Number(input.value)) || 0);
  recordOpen.addEventListener("click", () => send("record", { text: recordText.value, hand: whole(handInput),
    play: whole(playInput) }));
  numbers.append(handLabel, playLabel, recordOpen);
  const recordWords = hlEl("span", "");
  recordLabel.prepend(recordWords);
  record.append(recordSummary, recordLabel, numbers);
  setup.append(setupHeading, status, targetRow, leaderRow, setupSlot, deck, handHeading, handEmpty, setupHand,
    playsHeading, playsEmpty, tricks, setupActions, paste, record);

  // ---------------------------------------------------------------- analyse
  const study = hlEl("section", "hl-analysis-study");
  const facts = hlEl("ul", "hl-analysis-facts");
  const table = hlEl("div", "hl-table hl-seats-table hl-analysis-table");
  table.setAttribute("role", "group");
  const hand = hlHand("hl-hand hl-analysis-hand", "");
  const studySlot = hlEl("div", "hl-analysis-slot");
  const studyActions = hlEl("div", "hl-row hl-analysis-actions");
  const askCoach = hlButton("", "coach");
  askCoach.addEventListener("click", () => send("coach"));
  const playOn = hlButton("", "play_on", { secondary: true });
  playOn.addEventListener("click", () => send("play_on"));
  const edit = hlButton("", "edit", { secondary: true });
  edit.addEventListener("click", () => send("edit"));
  studyActions.append(askCoach, playOn, edit);
  const coach = hlEl("section", "hl-analysis-coach");
  coach.setAttribute("aria-live", "polite");
  const players = hlEl("div", "hl-analysis-players-box");
  study.append(facts, table, hand, studySlot, studyActions, coach, players);

  // ---------------------------------------------------------------- play on
  const play = hlEl("section", "hl-analysis-play");
  const layout = hlEl("p", "hl-notice hl-analysis-layout");
  const stepLine = hlEl("p", "hl-analysis-step");
  const playFacts = hlEl("ul", "hl-analysis-facts");
  const playTable = hlEl("div", "hl-table hl-seats-table hl-analysis-table");
  playTable.setAttribute("role", "group");
  const seats = hlEl("div", "hl-analysis-seats");
  const playSlot = hlEl("div", "hl-analysis-slot");
  const playActions = hlEl("div", "hl-row hl-analysis-actions");
  const back = hlButton("", "back", { secondary: true });
  back.addEventListener("click", () => send("back"));
  const forward = hlButton("", "forward", { secondary: true });
  forward.addEventListener("click", () => send("forward"));
  const computer = hlButton("", "computer");
  computer.addEventListener("click", () => send("computer"));
  const toYou = hlButton("", "computers_to_you", { secondary: true });
  toYou.addEventListener("click", () => send("computers_to_you"));
  const here = hlButton("", "analyse_here", { secondary: true });
  here.addEventListener("click", () => send("analyse_here"));
  const stop = hlButton("", "stop", { secondary: true });
  stop.addEventListener("click", () => send("stop"));
  playActions.append(back, forward, computer, toYou, here, stop);
  play.append(layout, stepLine, playFacts, playTable, seats, playSlot, playActions);

  // ---------------------------------------------------------------- the position, as text
  const written = hlEl("div", "hl-analysis-written");
  const writtenLabel = hlEl("label", "hl-analysis-row-label");
  // A text area, not a one-line input: a position's line is longer than any screen is wide, and wrapped
  // it is read whole (the CSS sizes it to its text; two rows where that is not supported).
  const writtenText = hlEl("textarea", "hl-analysis-input hl-analysis-position");
  writtenText.rows = 2;
  writtenText.spellcheck = false;
  writtenText.readOnly = true;
  writtenText.id = "hl-analysis-position-" + Math.random().toString(36).slice(2);
  writtenLabel.htmlFor = writtenText.id;
  writtenText.addEventListener("focus", () => writtenText.select());
  written.append(writtenLabel, writtenText);

  root.append(setup, study, play, written, hlErrorBox(model));

  // ---------------------------------------------------------------- drawing
  function drawLabels() {
    const words = labels();
    setupHeading.textContent = words.setup_heading || "";
    targetLabel.textContent = words.target || "";
    targetGroup.setAttribute("aria-label", words.target || "");
    leaderLabel.textContent = words.leader || "";
    leaderGroup.setAttribute("aria-label", words.leader || "");
    deck.setAttribute("aria-label", words.deck || "");
    handHeading.textContent = words.setup_hand || "";
    setupHand.setAttribute("aria-label", words.setup_hand || "");
    playsHeading.textContent = words.plays || "";
    handEmpty.textContent = words.hand_empty || "";
    playsEmpty.textContent = words.plays_empty || "";
    named(analyse, words.analyse);
    named(takeBack, words.take_back);
    named(clear, words.clear);
    pasteLabel.textContent = words.paste_label || "";
    named(pasteOpen, words.paste_open);
    recordSummary.textContent = words.record_heading || "";
    recordWords.textContent = words.record_label || "";
    handWords.textContent = words.record_hand || "";
    playWords.textContent = words.record_play || "";
    named(recordOpen, words.record_open);
    hand.setAttribute("aria-label", words.hand || "");
    table.setAttribute("aria-label", words.table || "");
    playTable.setAttribute("aria-label", words.table || "");
    named(askCoach, words.coach_button);
    named(playOn, words.play_on);
    named(edit, words.edit);
    layout.textContent = words.layout || "";
    named(back, words.back);
    named(forward, words.forward);
    named(computer, words.computer);
    named(toYou, words.computers_to_you);
    named(here, words.analyse_here);
    named(stop, words.stop);
    writtenLabel.textContent = words.position_label || "";
  }

  // Where focus goes when the button pressed is hidden by the change of mode (never to the page).
  const LANDING = {
    setup: [".hl-analysis-setup h3"],
    analyse: [".hl-analysis-hand button.hl-card", '[data-action="coach"]'],
    play: ['[data-action="computer"]'],
  };

  function drawMode() {
    const mode = model.get("mode");
    const restore = hlFocusAfter(root, LANDING[mode] || []);
    root.dataset.mode = mode;
    setup.hidden = mode !== "setup";
    study.hidden = mode !== "analyse";
    play.hidden = mode !== "play";
    const slot = { setup: setupSlot, analyse: studySlot, play: playSlot }[mode] || setupSlot;
    if (message.parentElement !== slot) slot.append(message);
    restore();
  }

  function drawMessage() {
    const said = model.get("message") || {};
    message.className = "hl-message hl-analysis-message";
    message.dataset.kind = said.kind || "";
    if (said.kind === "allowed") message.classList.add("is-legal");
    if (said.kind === "not-allowed" || said.kind === "refused") message.classList.add("is-illegal");
    message.replaceChildren();
    if (said.badge) message.append(hlEl("span", "hl-badge", said.badge));
    message.append(hlEl("span", "hl-text", said.text || ""));
  }

  function choice(text, action, pressed, extra) {
    const button = hlButton(text, action, { secondary: !pressed, pressed });
    button.addEventListener("click", () => send(action, extra));
    return button;
  }

  function slotOf(item) {
    const place = hlEl("div", "hl-played");
    place.dataset.seat = item.seat;
    if (item.you) place.classList.add("is-you");
    if (item.card) place.append(hlCard(item.card, { static: true }));
    else place.append(hlEl("div", "hl-seat-empty", labels().your_card || ""));
    place.append(hlEl("span", "hl-seat", item.seat));
    return place;
  }

  function drawSetup() {
    status.replaceChildren(...(model.get("setup_status") || []).map((line) => hlEl("li", "", line)));
    const target = model.get("target");
    hlKeepFocus(targetGroup, () => targetGroup.replaceChildren(...(model.get("targets") || []).map((item) => {
      const button = choice(item.label, "target", item.key === target, { target: item.key });
      button.dataset.target = item.key;
      return button;
    })));
    hlKeepFocus(leaderGroup, () => leaderGroup.replaceChildren(...(model.get("leaders") || []).map((item) => {
      const button = choice(item.name, "leader", item.chosen, { seat: item.seat });
      button.dataset.leader = String(item.seat);
      return button;
    })));
    hlKeepFocus(deck, () => {
      deck.replaceChildren();
      for (const row of model.get("deck") || []) {
        const line = hlHand("hl-hand hl-analysis-deck-row", row.label || "");
        line.dataset.suit = row.suit;
        for (const card of row.cards) {
          const button = hlCard(card, { pressed: card.place !== "" });
          button.dataset.place = card.place;
          if (card.place) button.classList.add("is-placed");
          button.addEventListener("click", () => send("deck", { card: card.text }));
          line.append(button);
        }
        deck.append(line);
      }
    });
    hlKeepFocus(setupHand, () => {
      setupHand.replaceChildren(...(model.get("setup_hand") || []).map((card) => {
        const button = hlCard(card, {});
        button.addEventListener("click", () => send("deck", { card: card.text }));
        return button;
      }));
    });
    handEmpty.hidden = (model.get("setup_hand") || []).length > 0;
    setupHand.hidden = !handEmpty.hidden;
    playsEmpty.hidden = (model.get("setup_tricks") || []).length > 0;
    tricks.hidden = !playsEmpty.hidden;
    tricks.replaceChildren(...(model.get("setup_tricks") || []).map((trick) => {
      const item = hlEl("li", "hl-analysis-trick");
      const row = hlEl("div", "hl-analysis-trick-cards");
      for (const played of trick.plays) {
        const place = hlEl("div", "hl-played");
        place.append(hlCard(played.card, { static: true }), hlEl("span", "hl-seat", played.seat));
        row.append(place);
      }
      item.append(hlSpoken(row, trick.words));
      return item;
    }));
  }

  function drawStudy() {
    for (const list of [facts, playFacts]) {
      list.replaceChildren(...(model.get("facts") || []).map((line) => hlEl("li", "", line)));
    }
    const slots = model.get("table") || [];
    for (const box of [table, playTable]) {
      box.replaceChildren(...slots.map(slotOf));
      box.hidden = slots.length === 0;
      hlSpoken(box, model.get("table_words"));
    }
    const asked = model.get("asked");
    hlKeepFocus(hand, () => {
      hand.replaceChildren(...(model.get("hand") || []).map((card) => {
        const button = hlCard(card, { legal: card.legal, selected: card.text === asked });
        button.addEventListener("click", () => send("why", { card: card.text }));
        return button;
      }));
    });
    drawCoach();
    drawPlayers();
  }

  function drawCoach() {
    const advice = model.get("coach") || {};
    coach.replaceChildren();
    coach.hidden = !advice.text;
    if (!advice.text) return;
    const words = labels();
    // h3, as the setup's own heading: each mode's sections sit under the page's "The board" (h2).
    coach.append(hlEl("h3", "hl-analysis-subheading", words.coach_heading || ""));
    const line = hlEl("p", "hl-analysis-coach-card");
    if (advice.card) line.append(hlCard(advice.card, { static: true }));
    if (advice.headline) line.append(hlEl("strong", "", advice.headline));
    coach.append(line, hlEl("p", "hl-analysis-coach-reason", advice.text));
    if (advice.rows && advice.rows.length) {
      const { table: made, body } = hlTable("hl-analysis-coach-table", [words.coach_card || "",
        words.coach_points || ""]);
      for (const row of advice.rows) {
        const tr = hlEl("tr", row.best ? "is-best" : "");
        tr.dataset.rowCard = row.card.text;
        const name = hlEl("th", "");
        name.scope = "row";
        name.append(hlEl("span", "hl-analysis-card-text", row.card.text));
        if (row.best) name.append(hlEl("span", "hl-analysis-best", advice.best || ""));
        tr.append(name, hlEl("td", "hl-points", row.points));
        body.append(tr);
      }
      coach.append(made);
    }
  }

  function drawPlayers() {
    const words = labels();
    const { table: made, body } = hlTable("hl-analysis-players", [words.player || "", words.points || "",
      words.voids || ""]);
    made.prepend(hlEl("caption", "", words.players || ""));
    for (const item of model.get("players") || []) {
      const row = hlEl("tr", item.you ? "is-you" : "");
      const name = hlEl("th", "", item.seat);
      name.scope = "row";
      row.append(name, hlEl("td", "hl-points", item.points), hlEl("td", "hl-voids", item.voids));
      body.append(row);
    }
    players.replaceChildren(made);
  }

  function drawPlay() {
    stepLine.textContent = model.get("step_text") || "";
    const step = model.get("step");
    const last = model.get("steps") - 1;
    back.setAttribute("aria-disabled", String(step <= 0));
    back.classList.toggle("is-disabled", step <= 0);
    forward.setAttribute("aria-disabled", String(step >= last));
    forward.classList.toggle("is-disabled", step >= last);
    const restore = hlFocusAfter(seats, ['[data-action="computer"]', "button.hl-card"]);
    const focused = seats.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    seats.replaceChildren(...(model.get("seats") || []).map((seat) => {
      const box = hlEl("section", "hl-analysis-seat");
      box.dataset.seat = seat.name;
      if (seat.to_move) box.classList.add("is-to-move");
      if (seat.you) box.classList.add("is-you");
      const heading = hlEl("h3", "hl-analysis-subheading", seat.label);
      if (seat.to_move) heading.append(" ", hlEl("span", "hl-analysis-to-move", labels().your_card || ""));
      const row = hlHand("hl-hand hl-analysis-seat-hand", seat.label);
      for (const card of seat.cards) {
        const button = hlCard(card, { legal: seat.to_move ? card.legal : undefined });
        button.addEventListener("click", () => send("play", { card: card.text }));
        row.append(button);
      }
      box.append(heading, row);
      return box;
    }));
    if (focused) {
      const again = seats.querySelector(`[data-card="${focused}"]`);
      if (again) again.focus();
    }
    restore();
  }

  function drawWritten() {
    writtenText.value = model.get("position_text") || "";
    written.hidden = !writtenText.value;
  }

  // The page's address follows the position, so the link in the address bar shares it.
  function syncLink() {
    const link = new URLSearchParams(model.get("link") || "").get(HL_LINK_PARAMETER);
    const url = new URL(window.location.href);
    if (link) url.searchParams.set(HL_LINK_PARAMETER, link);
    else url.searchParams.delete(HL_LINK_PARAMETER);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  function drawAll() {
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    drawLabels();
    drawMode();
    drawMessage();
    drawSetup();
    drawStudy();
    drawPlay();
    drawWritten();
  }

  model.on("change:labels", drawAll);
  model.on("change:four_colour", drawAll);
  model.on("change:mode", drawMode);
  model.on("change:message", drawMessage);
  for (const name of ["deck", "target", "targets", "leaders", "setup_hand", "setup_tricks", "setup_status"]) {
    model.on("change:" + name, drawSetup);
  }
  for (const name of ["facts", "hand", "table", "table_words", "players", "asked", "coach"]) {
    model.on("change:" + name, drawStudy);
  }
  for (const name of ["seats", "step", "steps", "step_text"]) {
    model.on("change:" + name, drawPlay);
  }
  // Until Python has answered the link, the board on screen is the notebook's own: with a
  // position asked for, it is kept out of sight (its place held) and out of a screen reader's.
  const asked = new URLSearchParams(window.location.search).get(HL_LINK_PARAMETER);
  function drawOpened() {
    const opened = Boolean(model.get("opened"));
    root.dataset.opened = String(opened);
    const waiting = asked !== null && !opened;
    root.classList.toggle("hl-opening", waiting);
    if (waiting) root.setAttribute("aria-busy", "true");
    else root.removeAttribute("aria-busy");
  }
  model.on("change:position_text", drawWritten);
  model.on("change:link", syncLink);
  model.on("change:opened", drawOpened);
  drawAll();
  drawOpened();
  model.send({ type: "opened" });
  // The position in the address, if any, is Python's to read; without one the address takes the board's.
  send("link", { position: asked });
  if (asked === null) syncLink();
}

export default { render };
