"""Every sentence and label the analysis board shows, each a whole pattern.

Design choices:

* One table, :data:`PATTERNS`, for the whole board: the flow (:mod:`widgets.analysis.flow`)
  says what happened with it, the payloads (:mod:`widgets.analysis.payloads`) caption the
  cards and the table with it, and the links (:mod:`widgets.analysis.links`) name the link.
  Several sentences serve more than one of them ("You played ♣8." is both what a play
  says and what Back says), so they are kept once, here.
* Every entry is :func:`~hearts_core.wording.marked` where it is written, so the catalogue
  finds it, and said in the active language by :func:`hearts_core.wording.say`; cards and
  suits inside them are named by ``card_name`` and ``suit_name``.  The fixed labels
  (:data:`LABELS`) cross to the front end in ``labels``, already translated.
"""

from __future__ import annotations

from typing import Final

from hearts_core.wording import marked

__all__ = ["LABELS", "PATTERNS", "TARGETS"]

PATTERNS: Final = {
    # fixed words
    "setup_heading": marked("Set up a position"),
    "deck": marked("The deck: tap a card to put it where the next card goes"),
    "target": marked("Tapped cards go to"),
    "target_hand": marked("Your hand"),
    "target_play": marked("The next play"),
    "leader": marked("Who led the first trick"),
    "your_hand": marked("Your hand"),
    "setup_hand": marked("Your hand: tap a card to put it back in the deck"),
    "plays": marked("Cards played, trick by trick"),
    "hand_empty": marked("No cards in your hand yet."),
    "plays_empty": marked("No cards played yet."),
    "take_back": marked("Take back the last play"),
    "clear": marked("Clear the board"),
    "analyse": marked("Analyse this position"),
    "paste_label": marked("Or paste a position in the notation"),
    "paste_open": marked("Open"),
    "edit": marked("Change the position"),
    "hand": marked("Your hand: tap a card to see whether it may be played, and why"),
    "table": marked("The trick so far"),
    "coach_button": marked("Ask the coach"),
    "coach_heading": marked("The coach"),
    "coach_card": marked("Card"),
    "coach_points": marked("Points you should take in the rest of the hand"),
    "players": marked("Points taken and voids shown so far"),
    "player": marked("Player"),
    "points": marked("Points taken"),
    "voids": marked("Shown void in"),
    "play_on": marked("Play on from here"),
    "back": marked("Back"),
    "forward": marked("Forward"),
    "computer": marked("Computer plays the next card"),
    "computers_to_you": marked("Computers play to your turn"),
    "analyse_here": marked("Analyse this position"),
    "stop": marked("Back to the analysis"),
    "position_label": marked("This position in the notation (the page's link carries it too)"),
    "your_card": marked("to play"),
    "hand_of": marked("{seat}'s hand"),
    "layout": marked("The other three hands are one possible layout of the cards you cannot see, dealt at random to "
               "fit everything your seat knows. Real cards could lie differently, and play would change with them."),
    # setup sentences
    "setup_prompt": marked("Tap cards in the deck to put them in your hand, then switch to The next play to put cards "
                    "on the table in the order they were played."),
    "setup_count": marked("Your hand holds {count} of the {needed} cards it needs ({played} of yours played)."),
    "setup_ready": marked("Your hand holds all {needed} cards it needs. Press Analyse this position."),
    "setup_next": marked("The next card played is {seat}'s, in trick {number} of {total}."),
    "setup_next_you": marked("The next card played is yours, in trick {number} of {total}."),
    "setup_over": marked("All {total} tricks are played."),
    "setup_passed": marked("This position keeps its pass: you passed {cards} {direction}. Clear the board to start "
                    "without it."),
    "setup_passed_received": marked("This position keeps its pass: you passed {cards} {direction} and received "
                             "{received}. Clear the board to start without it."),
    "pass_left": marked("to the left"),
    "pass_right": marked("to the right"),
    "pass_across": marked("across"),
    "in_hand": marked("{name}, in your hand"),
    "played_by": marked("{name}, played by {seat}"),
    "added_hand": marked("{card} is in your hand."),
    "removed_hand": marked("{card} is back in the deck."),
    "added_play": marked("{seat} played {card}."),
    "refused_play_you": marked("You cannot have played {card} here: {why} Nothing changed."),
    "refused_play_other": marked("{seat} cannot have played {card} here. The rules would have told {seat}: “{why}” "
                          "Nothing changed."),
    "taken_back": marked("{card} is back in the deck."),
    "nothing_to_take_back": marked("No card has been played yet, so there is nothing to take back."),
    "cleared": marked("The board is empty: tap cards in the deck to set up a position."),
    "in_your_hand": marked("{card} is in your hand, so {seat} cannot have played it. Nothing changed."),
    "twice_played": marked("{card} has been played already, so it cannot be played again or held. Nothing changed."),
    "hand_full": marked("Your hand already holds {count} cards: with {played} of yours played, that is all "
                 "{total}. Nothing changed."),
    "you_full": marked("That would give you more than {total} cards: your play comes from your hand, so tap one of its "
                "cards (ringed in blue in the deck). Nothing changed."),
    "all_played": marked("All {total} tricks are played already. Nothing changed."),
    "leader_locked": marked("Take back the cards played first: who led the first trick decides who played each of "
                            "them. Nothing changed."),
    "leader_two": marked("You hold {card}, and whoever holds {card} leads the first trick. Nothing changed."),
    "leader_set": marked("{seat} leads the first trick."),
    "leader_set_you": marked("You lead the first trick."),
    "refused_setup": marked("This position cannot arise in a game. {problem} Nothing changed."),
    "not_setup": marked("Press Change the position first. Nothing changed."),
    "not_analyse": marked("Set up a position and press Analyse this position first."),
    "not_playing": marked("Press Play on from here first."),
    # analyse sentences
    "analyse_prompt": marked("Tap a card to see whether it may be played and why, or ask the coach."),
    "over": marked("The hand is over: all {total} tricks are played."),
    "passing": marked("The cards are being passed: no trick has started."),
    "your_turn": marked("It is your turn to play."),
    "their_turn": marked("It is {seat}'s turn to play."),
    "nobody_led": marked("Nobody has played to this trick yet."),
    "allowed": marked("Allowed"),
    "not_allowed": marked("Not allowed"),
    "coach_not_turn": marked("The coach advises the seat whose turn it is, and it is {seat}'s turn here. Play on to "
                      "your turn, or change the position."),
    "coach_over": marked("The hand is over, so there is nothing left to advise."),
    "coach_play": marked("The coach would play {card}."),
    "coach_pass": marked("The coach would pass {cards}."),
    "coach_best": marked("the coach's card"),
    # play on
    "play_prompt": marked("Tap a card of the seat to play, or let the computers play. Back and Forward step through "
                   "the plays."),
    "played": marked("{seat} played {card}."),
    "you_played": marked("You played {card}."),
    "took": marked("{seat} took the trick, with {points}."),
    "you_took": marked("You took the trick, with {points}."),
    "last_trick": marked("{seat} took the last trick with {card}, and {points}."),
    "your_last_trick": marked("You took the last trick with {card}, and {points}."),
    "step": marked("Play {number} of {count} from the position"),
    "at_start": marked("This is the position you started from."),
    "already_yours": marked("It is your turn already: tap one of your cards."),
    "at_end": marked("This is the last play made so far."),
    "seat_points": marked("{seat} {points}"),
    "play_over": marked("The hand is over. Points taken this hand: {points}."),
    "play_passing": marked("Play on starts once the cards are passed: this position is still in the passing."),
    "play_done": marked("The hand is over in this position, so there is nothing to play on."),
    "not_holder": marked("{card} is not in any hand: it has been played already. Nothing changed."),
    "refused_play": marked("{why} Nothing changed."),
    # opening
    "opened_link": marked("Opened the position from the page's link."),
    "opened_text": marked("Opened the position."),
    "bad_link": marked("The position in the page's link cannot be read, so the board is empty. {problem}"),
    "bad_text": marked("That position cannot be read, so nothing changed. {problem}"),
    "open_here": marked("Open this position on the analysis board"),
    "empty_text": marked("Paste a position first: one line in the notation. Nothing changed."),
    "record_heading": marked("Or open a position from a match record"),
    "record_label": marked("Match record (paste it here)"),
    "record_hand": marked("Hand"),
    "record_play": marked("Before play"),
    "record_open": marked("Open at this play"),
    "opened_record": marked("Opened hand {hand} of the record before play {play}, seen by the player to play."),
    "bad_record": marked("That record cannot be opened there, so nothing changed. {problem}"),
    "empty_record": marked("Paste a match record first. Nothing changed."),
    "not_record": marked("That text is not a match record, so nothing changed. A record is the text the guided match "
                   "saves, starting with a curly bracket {{; copy all of it and paste it again."),
    "damaged_record": marked("That record could not be read, so nothing changed: it may have been cut off or changed "
                       "while copying. Copy the whole record again and paste it."),
}
"""Every sentence and label this widget shows, each a whole pattern for :func:`hearts_core.wording.say`."""

LABELS: Final = (
    "setup_heading", "deck", "target", "leader", "setup_hand", "plays", "hand_empty", "plays_empty", "take_back",
    "clear", "analyse", "paste_label", "paste_open", "record_heading", "record_label", "record_hand", "record_play",
    "record_open", "edit", "hand", "table", "coach_button", "coach_heading", "coach_card", "coach_points", "players",
    "player", "points", "voids", "play_on", "back", "forward", "computer", "computers_to_you", "analyse_here",
    "stop", "position_label", "your_card", "layout",
)
"""The fixed words the front end shows (buttons, headings), keys of :data:`PATTERNS`."""
TARGETS: Final = ("hand", "play")
"""Where a tapped deck card may go in setup: your hand, or the next play."""
