// The stage in the middle: the resume offer, the table (the cards to pass, or the trick
// being played) or the score screen after a hand, with "Review this hand" and, at the end
// of the match, what the learner's mistakes cost.  The table tells the story from `story`:
// who led (a "led" mark on that seat, the suit in words), whose turn it is, and who took the
// trick just finished, which stays in sight, its taker's card ringed and the others dimmed in
// place (never over a seat's label), until the next card.

const HL_PLACES = ["bottom", "left", "top", "right"]; // seat 0 (You) sits at the bottom, play goes clockwise

function hlMatchStage(ui) {
  const { model, send, open } = ui;
  const stage = hlEl("div", "hl-stage");
  const showPanelId = "hl-review-showcase-" + Math.random().toString(36).slice(2);
  const voice = hlAnnouncer(); // says each step of Show me as it is paged to
  let animatedTrick = ""; // the finished trick already drawn gathering: redraws do not replay it

  function drawOffer() {
    const offer = model.get("offer");
    const panel = hlEl("section", "hl-panel hl-offer");
    panel.append(hlEl("h2", "hl-panel-title", hlT("Welcome back")));
    panel.append(hlEl("p", "hl-panel-text", offer.text));
    const totals = hlEl("p", "hl-panel-text hl-muted", offer.standings);
    const buttons = hlEl("div", "hl-row");
    const resume = hlButton(hlT("Resume match"), "resume");
    resume.addEventListener("click", () => send("resume"));
    const fresh = hlButton(hlT("New match"), "new-match", { secondary: true });
    fresh.addEventListener("click", () => send("new_match"));
    buttons.append(resume, fresh);
    panel.append(totals, buttons);
    stage.append(panel);
  }

  function drawTable(screen, info, seats) {
    const table = hlEl("div", "hl-table hl-compass");
    table.setAttribute("aria-label", hlT("cards on the table"));
    if (model.get("trick_done")) table.classList.add("is-done");
    if (screen === "passing") {
      const count = model.get("option_lists").cards_in_pass;
      const note = hlEl("div", "hl-pass-note");
      const chosen = model.get("selected");
      note.append(hlEl("span", "hl-pass-title", info.pass_note));
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
    const story = model.get("story");
    const taken = story.taker !== undefined && story.taker >= 0;
    const played = new Map(model.get("table").map((item) => [item.seat, item]));
    if (taken) {
      table.classList.add("is-taken");
      table.dataset.taker = HL_PLACES[story.taker];
      const key = `${info.hand_number}-${info.trick_number}-${story.taken_text}`;
      if (key !== animatedTrick) {
        table.classList.add("is-gathering"); // the cards move to the taker once, not on every redraw
        animatedTrick = key;
      }
    }
    for (const seat of seats) {
      const item = played.get(seat.seat);
      // A finished trick on show: its taker is said below it, and whose turn it is in words
      // (a turn mark under a card of the old trick would read as "play this card").
      const turn = story.turn === seat.seat && !taken;
      const slot = hlEl("div", "hl-played hl-slot" + (item && item.winner ? " is-winner" : "") +
        (turn ? " is-turn" : "") + (story.leader === seat.seat ? " is-leader" : ""));
      slot.dataset.place = HL_PLACES[seat.seat];
      slot.dataset.seat = String(seat.seat);
      slot.append(item ? hlCard(item.card, { static: true }) : hlEl("div", "hl-slot-empty"));
      const label = hlEl("span", "hl-seat");
      label.append(hlEl("span", "hl-seat-name", seat.name));
      if (item && item.led) {
        label.append(hlEl("span", "hl-led-mark", hlT("led")));
      }
      if (turn) {
        const mark = hlEl("span", "hl-turn-mark", seat.seat === 0 ? hlT("your turn") : hlT("to play"));
        label.append(mark);
      }
      slot.append(label);
      table.append(slot);
    }
    const words = hlGroup("hl-story", hlT("what is happening on the table"));
    if (story.taken_text) words.append(hlEl("p", "hl-taken", story.taken_text));
    if (story.led_text && !story.taken_text) words.append(hlEl("p", "hl-led", story.led_text));
    if (story.turn_text) words.append(hlEl("p", "hl-turn", story.turn_text));
    table.append(words);
    // The spoken table is Python's (story.spoken); it is not a live region: the message
    // below the table is the one that speaks up when something happens.
    hlSpoken(table, story.spoken || "");
    stage.append(table);
  }

  function drawReview(panel) {
    const review = model.get("review");
    const steps = review.steps || [];
    const section = hlEl("section", "hl-review");
    section.setAttribute("aria-label", hlT("review of hand {hand}", { hand: review.hand_number }));
    section.append(hlEl("h3", "hl-review-title", hlT("Review of hand {hand}", { hand: review.hand_number })));
    section.append(hlEl("p", "hl-review-text", review.text));
    const entries = review.entries || [];
    if (entries.length) {  // one sentence per mistake, a repeated one once with its tricks
      const list = hlEl("ul", "hl-review-entries");
      list.setAttribute("aria-label", hlT("your mistakes in this hand, each once"));
      entries.forEach((entry, at) => {
        const item = hlEl("li", "hl-review-entry");
        item.append(hlEl("span", "", entry));
        const show = (review.shows || [])[at] || {};
        if (show.text) item.append(" ", showButton(show));
        list.append(item);
      });
      section.append(list);
      drawShowcase(section, review);
    }
    if (!steps.length) return section;
    if (open.reviewStep === null) open.reviewStep = Math.max(0, steps.findIndex((item) => item.mistake));
    const index = Math.min(Math.max(open.reviewStep, 0), steps.length - 1);
    const list = hlEl("ol", "hl-review-list");
    list.setAttribute("aria-label", hlT("your plays, trick by trick"));
    steps.forEach((step, at) => {
      const item = hlEl("li");
      const button = hlEl("button", "hl-review-step" + (step.mistake ? " is-mistake" : "") +
        (at === index ? " is-current" : ""));
      button.type = "button";
      button.dataset.action = "review-step-" + step.trick;
      button.dataset.mistake = String(step.mistake);
      button.setAttribute("aria-current", at === index ? "step" : "false");
      button.setAttribute("aria-label", step.label);
      button.append(hlEl("span", "hl-review-number", String(step.trick)), hlEl("span", "hl-review-card", step.played.text));
      if (step.mistake) button.append(hlEl("span", "hl-review-flag", "✗"));
      button.addEventListener("click", () => { open.reviewStep = at; ui.redraw(); });
      item.append(button);
      list.append(item);
    });
    section.append(list);
    const step = steps[index];
    const detail = hlEl("div", "hl-review-detail" + (step.mistake ? " is-mistake" : ""));
    detail.setAttribute("aria-live", "polite");
    const row = hlEl("div", "hl-trick-row");
    for (const item of step.cards) {
      const slot = hlEl("div", "hl-played" + (item.winner ? " is-winner" : ""));
      slot.append(hlCard(item.card, { static: true }), hlEl("span", "hl-seat", hlMatchSeatLabel(item)));
      row.append(slot);
    }
    detail.append(hlEl("p", "hl-review-line", step.text), row);
    if (step.mistake) {
      const better = hlEl("div", "hl-better");
      better.append(hlEl("span", "hl-better-label", hlT("Better:")), hlCard(step.better, { static: true }));
      detail.append(better, hlEl("p", "hl-why", step.why));
    }
    if (step.analysis) {  // the position before this play, on the analysis board
      const study = hlEl("a", "hl-glossary-link hl-review-analysis", step.analysis.text);
      study.href = step.analysis.href;
      detail.append(study);
    }
    section.append(detail);
    const buttons = hlEl("div", "hl-row");
    const previous = hlButton(hlT("Previous play"), "review-previous", { secondary: true, disabled: index === 0 });
    previous.addEventListener("click", () => { if (index > 0) { open.reviewStep = index - 1; ui.redraw(); } });
    const next = hlButton(hlT("Next play"), "review-next", { secondary: true, disabled: index === steps.length - 1 });
    next.addEventListener("click", () => { if (index < steps.length - 1) { open.reviewStep = index + 1; ui.redraw(); } });
    const mistakes = steps.map((item, at) => (item.mistake ? at : -1)).filter((at) => at > index);
    const jump = hlButton(hlT("Next mistake"), "review-mistake", { secondary: true, disabled: !mistakes.length });
    jump.addEventListener("click", () => { if (mistakes.length) { open.reviewStep = mistakes[0]; ui.redraw(); } });
    buttons.append(previous, next, jump);
    section.append(buttons);
    return section;
  }

  // Show me beside a mistake: Python lays out the deal (review.showcase); here it is drawn with
  // the puzzle board's code (showcase.js) and paged. The step on screen is kept in ui.open.show;
  // focus goes to the panel's heading when it opens and back to the mistake's button when it closes.
  function showButton(show) {
    const button = hlButton(show.text, "review-show-" + show.mistake,
      { secondary: true, className: "hl-review-show-me", aria: show.name });
    button.setAttribute("aria-expanded", String(Boolean(show.open)));
    if (show.open) button.setAttribute("aria-controls", showPanelId); // the panel exists only while open
    button.addEventListener("click", () => send("show_mistake", { mistake: show.mistake }));
    return button;
  }

  function drawShowcase(section, review) {
    const shown = review.showcase || {};
    const state = open.show;
    if (!(shown.steps && shown.steps.length)) {
      if (state.key) {
        // Closed: back to the button that opened it, once it is drawn.
        state.refocus = "review-show-" + state.mistake;
        state.key = "";
      }
      return;
    }
    const opened = (review.shows || []).find((show) => show.open) || {};
    const key = review.hand_number + "|" + opened.mistake + "|" + shown.heading;
    if (key !== state.key) {
      state.key = key;
      state.step = shown.start || 0;
      state.mistake = opened.mistake;
      state.refocus = "heading";
    }
    const index = Math.max(0, Math.min(state.step, shown.steps.length - 1));
    const panel = hlEl("section", "hl-puzzle-showcase hl-review-showcase");
    panel.id = showPanelId;
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        send("hide_showcase");
      }
    });
    const page = (by) => {
      const to = state.step + by;
      if (to < 0 || to >= shown.steps.length) return;
      state.step = to;
      state.refocus = by < 0 ? "show-back" : "show-forward";
      ui.redraw();
      voice.say(hlShowcaseSpoken(shown, to));
    };
    hlShowcaseFill(panel, shown, index, { back: () => page(-1), forward: () => page(1), close: () => send("hide_showcase") });
    section.append(panel);
  }

  // After a redraw: focus where Show me last asked for it (the heading of a panel just opened,
  // the paging button pressed, or the mistake's button once the panel closed).
  function settleFocus() {
    const state = open.show;
    const target = state.refocus;
    state.refocus = "";
    if (!target) return;
    const panel = stage.querySelector(".hl-review-showcase");
    if (target === "heading") {
      const heading = panel && panel.querySelector(".hl-puzzle-show-heading");
      if (heading) heading.focus();
    } else if (target.startsWith("show-")) {
      if (panel) hlShowcaseRefocus(panel, target);
    } else {
      const button = stage.querySelector(`[data-action="${target}"]`);
      if (button) button.focus();
    }
  }

  function drawSummary() {
    const summary = model.get("summary");
    const section = hlEl("section", "hl-summary");
    section.setAttribute("aria-label", hlT("what your mistakes cost in this match"));
    section.append(hlEl("h3", "hl-review-title", hlT("Your mistakes in this match")), hlEl("p", "hl-review-text", summary.text));
    const rows = (summary.rows || []).filter((row) => row.mistakes > 0);
    if (rows.length) {
      const { table, body } = hlTable("hl-score-table hl-summary-table",
        [hlT("Hand"), hlT("Costly mistakes"), hlT("Expected points lost"), hlT("Points taken")]);
      for (const row of rows) {
        const line = hlEl("tr");
        const name = hlEl("th", "", hlT("Hand {hand}", { hand: row.hand }));
        name.scope = "row";
        const plays = hlEl("td", "hl-summary-plays", row.plays.join(hlT(", ")));
        line.append(name, plays, hlEl("td", "", row.lost_text), hlEl("td", "", String(row.taken)));
        body.append(line);
      }
      section.append(table);
    }
    return section;
  }

  function drawScores(screen) {
    const scores = model.get("scores");
    const result = model.get("result");
    const panel = hlEl("section", "hl-panel hl-score");
    panel.dataset.screen = screen;
    const title = screen === "match_over" ? hlT("Match over") : hlT("Hand {hand} scores", { hand: scores.hand_number });
    panel.append(hlEl("h2", "hl-panel-title", title));
    if (screen === "match_over" && result.text) {
      const banner = hlEl("p", "hl-result", result.text);
      banner.dataset.outcome = result.outcome;
      panel.append(banner);
    }
    if (scores.moon) panel.append(hlEl("p", "hl-moon", scores.moon));
    const review = model.get("review");
    if (review.steps) {
      panel.append(drawReview(panel));
      const back = hlButton(hlT("Back to the scores"), "close-review");
      back.addEventListener("click", () => send("close_review"));
      const row = hlEl("div", "hl-row");
      row.append(back);
      panel.append(row);
      stage.append(panel);
      return;
    }
    const { table, body } = hlTable("hl-score-table", ["", hlT("Before"), hlT("This hand"), hlT("Total")]);
    for (const row of scores.rows || []) {
      const line = hlEl("tr", (row.seat === 0 ? "is-you" : "") + (row.winner ? " is-winner" : ""));
      const name = hlEl("th", "", row.name);
      name.scope = "row";
      line.append(name, hlEl("td", "", String(row.before)), hlEl("td", "", "+" + row.hand),
        hlEl("td", "hl-total", String(row.total)));
      body.append(line);
    }
    panel.append(table);
    if (screen === "match_over" && model.get("summary").text) panel.append(drawSummary());
    const buttons = hlEl("div", "hl-row");
    const reviewButton = hlButton(hlT("Review this hand"), "review", { secondary: true,
      aria: hlT("Review this hand (hand {hand}): your plays and the costly ones", { hand: scores.hand_number }) });
    reviewButton.addEventListener("click", () => {
      // Python may take a moment: say so at once, then the review replaces this screen.
      reviewButton.setAttribute("aria-busy", "true");
      reviewButton.textContent = hlT("Looking over your plays…");
      open.reviewStep = null; // start at the first mistake
      send("review");
    });
    if (screen === "hand_over") {
      const next = hlButton(hlT("Next hand"), "next-hand");
      next.addEventListener("click", () => send("next_hand"));
      buttons.append(next, reviewButton);
    } else {
      const fresh = hlButton(hlT("New match"), "new-match");
      fresh.addEventListener("click", () => send("new_match"));
      const again = hlButton(hlT("Replay"), "replay", { secondary: true, aria: hlT("replay: the same deals again") });
      again.addEventListener("click", () => send("replay"));
      buttons.append(fresh, again, reviewButton);
    }
    panel.append(buttons);
    stage.append(panel);
  }

  return {
    element: stage,
    voice: voice.element,
    settleFocus,
    draw(screen, info, seats) {
      stage.replaceChildren();
      if (screen === "offer") drawOffer();
      else if (screen === "passing" || screen === "playing") drawTable(screen, info, seats);
      else if (screen === "hand_over" || screen === "match_over") drawScores(screen);
    },
  };
}
