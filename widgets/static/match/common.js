// MatchWidget front end, shared pieces.  The match page is split by panel into the files of
// static/match/ (options, header, table, coach, hand, main), bundled after cards.js into one
// module: each panel file defines one hlMatch* function that builds its elements and returns
// { element(s), draw }.  Every panel receives the same context `ui`:
//   ui.model  the widget model (read with ui.model.get)
//   ui.send   send an action to Python: ui.send("play"), ui.send("set", { name, value })
//   ui.open   which panels the learner opened (the only state the front end keeps)
//   ui.redraw redraw everything now (after the learner opens or closes a panel)
// Python decides everything (legal cards, explanations, scores, computer moves, the lists
// of options); these files show the traits and ask.

// A seat's name under a card on the table, marked when that card led the trick.
function hlMatchSeatLabel(item) {
  return item.led ? hlT("{seat} (led)", { seat: item.name }) : item.name;
}

function hlPercent(value) {
  return hlT("{percent}%", { percent: Math.round(value * 100) });
}
