// Above the table: the storage notice (with Reload when another page has continued the match),
// the status line with the seats' scores, the toolbar
// (Last trick, Score sheet, Hint, Options, Statistics) and their panels.  The score sheet
// starts open on a wide screen; the statistics list the recent finished matches.
// Until the learner toggles it, whether the score sheet shows is the stylesheet's to say
// (.is-auto, by the screen's width), not this script's: lesson 9's first view, drawn ahead of
// time on a wide page, then shows a phone what the live match will, with the sheet closed.
// The script only keeps the button's aria-pressed true to what shows.

function hlMatchHeader(ui) {
  const { model, send, open } = ui;
  const notice = hlEl("div", "hl-notice");
  notice.setAttribute("role", "status");
  const header = hlEl("header", "hl-mhead");
  const toolbar = hlEl("div", "hl-toolbar");
  const lastPanel = hlEl("section", "hl-panel hl-last");
  lastPanel.id = "hl-last-" + Math.random().toString(36).slice(2);
  lastPanel.setAttribute("aria-label", hlT("the last completed trick"));
  const statsPanel = hlEl("section", "hl-panel hl-stats");
  statsPanel.setAttribute("aria-label", hlT("your statistics"));
  const sheetPanel = hlEl("section", "hl-panel hl-sheet");
  sheetPanel.id = "hl-sheet-" + Math.random().toString(36).slice(2);
  sheetPanel.setAttribute("aria-label", hlT("score sheet: points per hand"));
  const wide = window.matchMedia("(min-width: 760px)");  // match.css's breakpoint for .is-auto
  wide.addEventListener("change", () => { if (open.sheet === undefined) ui.redraw(); });
  const sheetShown = () => (open.sheet === undefined ? wide.matches : open.sheet);

  function drawNotice() {
    notice.replaceChildren();
    const text = model.get("notice");
    notice.hidden = !text;
    if (!text) return;
    // Another page continued this match: the one way on is to reload it from the save.
    const button = model.get("stale")
      ? hlButton(hlT("Reload"), "reload", { aria: hlT("reload the match from the save") })
      : hlButton(hlT("Dismiss"), "dismiss", { secondary: true, aria: hlT("dismiss this notice") });
    button.addEventListener("click", () => send(button.dataset.action));
    notice.append(hlEl("span", "", text), button);
  }

  function drawHeader(info, seats) {
    header.replaceChildren();
    if (!info || info.hand_number === undefined) return;
    const status = hlEl("div", "hl-status");
    status.append(
      hlEl("span", "hl-stat", hlT("Hand {hand}", { hand: info.hand_number })),
      hlEl("span", "hl-stat", info.pass_text),
      hlEl("span", "hl-stat", hlT("Trick {trick}", { trick: info.trick_number })),
    );
    if (info.hearts_broken) status.append(hlEl("span", "hl-flag", hlT("Hearts broken")));
    if (info.queen_played) status.append(hlEl("span", "hl-flag", hlT("♠Q played")));
    const bar = hlEl("div", "hl-seatbar");
    bar.setAttribute("aria-label", hlT("scores: match total / points this hand"));
    for (const seat of [...seats.slice(1), seats[0]]) {
      const chip = hlEl("div", "hl-chip" + (seat.seat === 0 ? " is-you" : "") + (seat.to_move ? " is-turn" : ""));
      chip.dataset.seat = String(seat.seat);
      chip.append(hlEl("span", "hl-chip-name", seat.name));
      if (seat.cards_text) chip.append(hlEl("span", "hl-chip-cards", seat.cards_text));
      chip.append(hlEl("span", "hl-chip-score", `${seat.total} / ${seat.this_hand}`));
      hlSpoken(chip, seat.spoken);
      bar.append(chip);
    }
    const legend = hlEl("span", "hl-legend", hlT("total / this hand"));
    legend.setAttribute("aria-hidden", "true");
    bar.append(legend);
    header.append(status, bar);
  }

  function drawToolbar(screen) {
    toolbar.replaceChildren();
    if (screen === "offer" || !screen) return;
    const hasLast = Boolean(model.get("last_trick").cards);
    const last = hlButton(hlT("Last trick"), "last-trick",
      { secondary: true, pressed: open.last && hasLast, disabled: !hasLast, aria: hlT("show the last trick") });
    last.setAttribute("aria-controls", lastPanel.id);
    last.addEventListener("click", () => { if (hasLast) { open.last = !open.last; ui.redraw(); } });
    const sheet = hlButton(hlT("Score sheet"), "score-sheet", { secondary: true, pressed: sheetShown(),
      className: open.sheet === undefined ? "is-auto" : "", aria: hlT("score sheet: points per hand") });
    sheet.setAttribute("aria-controls", sheetPanel.id);
    sheet.addEventListener("click", () => { open.sheet = !sheetShown(); ui.redraw(); });
    const hint = hlButton(hlT("Hint"), "hint", { secondary: true, aria: hlT("hint: ask the coach") });
    hint.addEventListener("click", () => send("hint"));
    const options = hlButton(hlT("Options"), "options", { secondary: true, pressed: open.options,
      aria: hlT("play options") });
    options.addEventListener("click", () => { open.options = !open.options; ui.redraw(); });
    const stats = hlButton(hlT("Statistics"), "statistics", { secondary: true, pressed: open.stats,
      aria: hlT("your statistics") });
    stats.addEventListener("click", () => { open.stats = !open.stats; ui.redraw(); });
    // Hint only while the hand is passed or played: Python says when (header.hint).
    toolbar.append(last, sheet, ...((model.get("header") || {}).hint ? [hint] : []), options, stats);
  }

  function drawLast() {
    const trick = model.get("last_trick");
    lastPanel.hidden = !(open.last && trick.cards);
    lastPanel.replaceChildren();
    if (lastPanel.hidden) return;
    const row = hlEl("div", "hl-trick-row");
    for (const item of trick.cards) {
      const slot = hlEl("div", "hl-played" + (item.winner ? " is-winner" : ""));
      slot.append(hlCard(item.card, { static: true }), hlEl("span", "hl-seat", hlMatchSeatLabel(item)));
      row.append(slot);
    }
    lastPanel.append(hlEl("h2", "hl-panel-title", hlT("Last trick")), row, hlEl("p", "hl-panel-text", trick.text));
  }

  function drawSheet(screen) {
    const sheet = model.get("sheet");
    sheetPanel.hidden = open.sheet === false || !sheet.names || screen === "offer";
    sheetPanel.classList.toggle("is-auto", open.sheet === undefined);
    sheetPanel.replaceChildren();
    if (sheetPanel.hidden) return;
    sheetPanel.append(hlEl("h2", "hl-panel-title", hlT("Score sheet")));
    if (!sheet.rows.length) {
      sheetPanel.append(hlEl("p", "hl-panel-text hl-muted", hlT("Each hand's points appear here when the hand is over.")));
      return;
    }
    const { table, body } = hlTable("hl-score-table hl-sheet-table", [hlT("Hand"), ...sheet.names]);
    for (const row of sheet.rows) {
      const line = hlEl("tr");
      const number = hlEl("th", "", String(row.hand) + (row.moon ? " ☾" : ""));
      number.scope = "row";
      if (row.moon) number.setAttribute("aria-label", row.hand_label);
      line.append(number);
      row.points.forEach((points, seat) => {
        const cell = hlEl("td", "", "+" + points);
        cell.setAttribute("aria-label", row.labels[seat]);
        line.append(cell);
      });
      body.append(line);
    }
    const last = sheet.rows[sheet.rows.length - 1];
    const total = hlEl("tr", "hl-sheet-total");
    const label = hlEl("th", "", hlT("Total"));
    label.scope = "row";
    total.append(label);
    for (const value of last.totals) total.append(hlEl("td", "hl-total", String(value)));
    body.append(total);
    sheetPanel.append(table);
  }

  function drawStats() {
    statsPanel.hidden = !open.stats;
    statsPanel.replaceChildren();
    if (!open.stats) return;
    const stats = model.get("statistics");
    statsPanel.append(hlEl("h2", "hl-panel-title", hlT("Statistics")));
    const history = model.get("history");
    if (history.length) {
      statsPanel.append(hlEl("h3", "hl-history-title", hlT("Your recent matches")));
      const list = hlEl("ul", "hl-history");
      list.setAttribute("aria-label", hlT("your recent matches, newest first"));
      for (const entry of history) {
        const item = hlEl("li", "hl-history-item", entry.label);
        item.dataset.outcome = entry.outcome;
        list.append(item);
      }
      statsPanel.append(list);
    }
    if (!stats.played) {
      statsPanel.append(hlEl("p", "hl-panel-text", hlT("No finished matches yet: your record starts after the first one.")));
      return;
    }
    // Plain divs, not <dl>: the page around the widget styles definition lists its own way.
    const list = hlEl("div", "hl-stat-list");
    const average = stats.average === null ? "–" : String(stats.average);
    for (const [label, value] of [[hlT("Played"), stats.played], [hlT("Won"), stats.won], [hlT("Drawn"), stats.drawn],
      [hlT("Lost"), stats.lost], [hlT("Points per hand"), average]]) {
      const item = hlEl("div", "hl-stat-item");
      item.append(hlEl("span", "hl-stat-label", label), hlEl("span", "hl-stat-value", String(value)));
      list.append(item);
    }
    statsPanel.append(list);
  }

  return {
    notice, header, toolbar, lastPanel, statsPanel, sheetPanel,
    draw(screen, info, seats) {
      drawNotice();
      drawHeader(info, seats);
      drawToolbar(screen);
      drawSheet(screen);
      drawStats();
      drawLast();
    },
  };
}
