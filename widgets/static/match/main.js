// MatchWidget front end: puts the panels together, redraws them once per batch of trait
// changes, and paces the computers.  Its one timer: while `pending` is "advance" it waits
// for the chosen speed (its delay comes from Python's option_lists), then asks Python to
// advance, quoting the `step` it saw so that a stale timer can never play an extra card.

const HL_MATCH_TRAITS = [
  "screen", "pending", "step", "header", "seats", "hand", "selected", "can_pass", "can_play", "table", "trick_done",
  "last_trick", "scores", "result", "coach", "offer", "statistics", "message", "tone", "refused", "refusal_link", "notice", "stale",
  "speed", "one_tap", "auto_play_forced", "confirm_tricks", "levels", "show_danger", "show_coach", "four_colour",
  "tie_rule", "story", "sheet", "review", "summary", "history",
];

// Whether the learner's next match page opens on a newcomer's first match (Python's
// opens_as_newcomer), kept in the browser where first_view.html reads it in the page's head,
// before the first paint: the newcomer's first view, drawn ahead of time, shows only while no
// "returning" is kept here. The same key is written there.
const HL_MATCH_OPENING_KEY = "hearts-lessons.match-opening";

function hlRememberOpening(model) {
  try {
    if (model.get("opens_as_newcomer")) localStorage.removeItem(HL_MATCH_OPENING_KEY);
    else localStorage.setItem(HL_MATCH_OPENING_KEY, "returning");
  } catch {
    // No storage here (an opaque origin): the page shows the first view and the live widget replaces it.
  }
}

function render({ model, el }) {
  hlUseWords(model);
  const ui = {
    model,
    send: (type, extra = {}) => model.send({ type, ...extra }),
    open: { last: false, options: false, stats: false, reviewStep: null,
      show: { key: "", step: 0, mistake: null, refocus: "" } },
    redraw: () => draw(),
    focusHand: false, // the learner played from the keyboard: put focus back in the hand
  };

  const root = hlRoot(el, "hl-match");
  // The widget may have been built before this page opened (a preheated kernel).
  ui.send("opened");
  const top = hlMatchHeader(ui);
  const options = hlMatchOptions(ui);
  const stage = hlMatchStage(ui);
  const coach = hlMatchCoach(ui);
  const below = hlMatchHand(ui);
  // The play column (table, message, hand, Play) and the coach beside it on a wide screen,
  // after it on a narrow one: the coach never pushes the hand down, nor comes before it.
  const play = hlEl("div", "hl-play");
  play.append(stage.element, below.message, below.readMore, below.hand, below.actions);
  const middle = hlEl("div", "hl-middle");
  middle.append(play, coach.element);
  root.append(top.notice, top.header, top.toolbar, options.element, top.statsPanel, top.lastPanel, middle,
    top.sheetPanel, stage.voice, hlErrorBox(model));
  // Escape puts a selected card back (as a second tap does), wherever focus is in the widget.
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && model.get("selected").length && model.get("screen") === "playing") {
      event.preventDefault();
      ui.send("deselect");
    }
  });

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
    const speeds = model.get("option_lists").speeds;
    const speed = speeds.find((item) => item.value === model.get("speed")) || speeds[0];
    const delay = model.get("trick_done") ? speed.delay * 2 : speed.delay; // let a finished trick be seen
    timer = setTimeout(() => {
      timer = null;
      ui.send("advance", { step });
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
    // After Pass, New match, Next hand: focus goes to the hand (or the stage's first button).
    const refocus = hlFocusAfter(root, [".hl-hand button.hl-card", ".hl-stage button", ".hl-actions button"]);
    const handCards = [...below.hand.querySelectorAll("button.hl-card")];
    const focusIndex = handCards.indexOf(document.activeElement);
    hlKeepFocus(root, () => {
      top.draw(screen, info, seats);
      options.draw();
      stage.draw(screen, info, seats);
      coach.draw();
      middle.classList.toggle("has-coach", coach.shown());
      below.draw(screen, pending);
    });
    // A played card leaves the hand: keep keyboard focus in the hand, on its neighbour.
    // When the hand is over, the next step is the score screen's button.
    if (focusIndex >= 0 && !root.contains(document.activeElement)) {
      const cards = [...below.hand.querySelectorAll("button.hl-card")];
      const next = cards.length ? cards[Math.min(focusIndex, cards.length - 1)] : stage.element.querySelector("button");
      if (next) next.focus();
    }
    // Played with the keyboard (Play pressed by Enter or Space): back to the hand, on the
    // first card that may be played, once it is the learner's turn again.
    if (ui.focusHand) {
      const cards = [...below.hand.querySelectorAll("button.hl-card")];
      const target = cards.find((card) => card.dataset.legal === "true") || cards[0];
      if (target) target.focus();
      // While the computers play, stay on the hand; on the learner's turn, land on a playable card.
      ui.focusHand = Boolean(target) && pending !== "learner" && screen === "playing";
    }
    refocus();
    stage.settleFocus();
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
  for (const name of HL_MATCH_TRAITS) model.on("change:" + name, schedule);
  model.on("change:opens_as_newcomer", () => hlRememberOpening(model));
  hlRememberOpening(model);
  draw();
  return () => { if (timer) clearTimeout(timer); };
}

export default { render };
