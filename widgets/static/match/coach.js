// The coach's panel beside the table: what the coach would play (or pass) and why, weighed
// over the rest of the hand, then, for those who want them, what the play so far shows and
// each card's odds for this trick only.  Every sentence and heading comes from Python.

function hlMatchCoach(ui) {
  const { model } = ui;
  const coach = hlEl("section", "hl-panel hl-coach");
  coach.setAttribute("aria-label", hlT("the coach"));

  // What "you should end the hand with" means, folded under an advice that quotes it; it stays
  // open across the redraw each play brings once the learner has opened it.
  const pointsOpen = { open: false };

  function draw() {
    const report = model.get("coach");
    coach.replaceChildren();
    coach.hidden = !report.advice;
    if (coach.hidden) return;
    coach.append(hlEl("h2", "hl-panel-title", hlT("Coach")));
    if (report.advice_title) coach.append(hlEl("h3", "hl-coach-title", report.advice_title));
    if (report.cards.length) {
      const pick = hlGroup("hl-pick", report.pick_label);
      pick.append(hlEl("span", "hl-pick-label", report.passing ? hlT("Pass") : hlT("Play")));
      for (const card of report.cards) pick.append(hlCard(card, { static: true }));
      coach.append(pick);
    }
    coach.append(hlEl("p", "hl-advice", report.advice));
    const help = report.points_help || {};
    if (help.question) coach.append(hlHelp("hl-coach-points-help", help.question, help.answer, pointsOpen));
    if (report.passing) return;
    const facts = hlEl("ul", "hl-facts");
    for (const text of report.facts) facts.append(hlEl("li", "", text));
    coach.append(facts);
    if (!report.outlooks.length) return;
    coach.append(hlEl("h3", "hl-coach-title", report.odds_title));
    const { table, body } = hlTable("hl-odds", report.odds_columns);
    for (const item of report.outlooks) {
      const row = hlEl("tr", item.dangerous ? "is-danger" : "");
      const card = hlEl("th", "hl-odds-card", item.card.text);
      card.scope = "row";
      card.dataset.suit = item.card.suit;
      card.setAttribute("aria-label", item.card.label);
      row.append(card, hlEl("td", "", hlPercent(item.win)), hlEl("td", "", item.points.toFixed(1)));
      body.append(row);
    }
    coach.append(table, hlEl("p", "hl-odds-note", report.odds_note));
  }

  return { element: coach, draw, shown: () => !coach.hidden };
}
