"""The checks that join a position's fields, and the replay of its plays through the rules kernel.

Part of :mod:`hearts_core.notation`, split off because the joining checks are its longest
part: :func:`hearts_core.notation.parse_position` reads each field
(:mod:`hearts_core._notation_fields`) and hands them to :class:`_Reader`, which checks them
together in the order ``docs/notation.md`` lists them and replays every card through a
:class:`~hearts_core.kernel.Table`, asking :func:`~hearts_core.kernel.rule_walk` about each
(see the notation's design choices).
"""

from __future__ import annotations

from hearts_core._notation_fields import EMPTY, _Both, _english_count, _Part, _refusal, _refuse, _who
from hearts_core.cards import CARDS_PER_SUIT, DECK, Card, cards_from_mask, mask_of
from hearts_core.errors import InvalidPositionError
from hearts_core.kernel import LEADING, Table, rule_walk, winning_position
from hearts_core.legality import describe, refusal_message
from hearts_core.phrasing import sentences
from hearts_core.rules import (
    CARDS_PER_SEAT,
    NUM_SEATS,
    SEAT_NAMES,
    TRICKS_PER_HAND,
    TWO_OF_CLUBS,
    Rules,
)
from hearts_core.views import PassDirection, Phase, SeatView, Trick
from hearts_core.wording import LEARNER_SEAT, marked, say, say_n, seat_name


class _Reader:
    """The checks that join the fields, in the order ``docs/notation.md`` lists them."""

    def __init__(self, seat: int, hand: tuple[Card, ...], direction: PassDirection,
                 passed: tuple[Card, ...] | None, received: tuple[Card, ...] | None,
                 tricks: tuple[tuple[int, tuple[Card, ...]], ...], table: tuple[int, tuple[Card, ...]] | None,
                 rules: Rules) -> None:
        self.seat = seat
        self.hand = hand
        self.direction = direction
        self.passed = passed
        self.received = received
        self.tricks = tricks
        self.table = table
        self.rules = rules
        # (leader, cards, part) for every trick that has begun, the one on the table last.
        self.started = [(leader, cards, _Part("trick", trick=number)) for number, (leader, cards)
                        in enumerate(tricks, start=1)]
        if table is not None:
            self.started.append((table[0], table[1], _Part("table")))

    @property
    def passing(self) -> bool:
        """No trick finished and none on the table: the seats are still passing."""
        return not self.tricks and self.table is None

    def view(self) -> SeatView:
        self.check_shape()
        self.check_each_card_once()
        self.check_leaders()
        plays = self.attributed()
        self.check_hand_size(plays)
        self.check_passes(plays)
        self.check_first_leader(plays)
        return self.replay()

    def check_shape(self) -> None:
        done = len(self.tricks)
        if done == TRICKS_PER_HAND and self.table is not None:
            raise _refuse(_Part("table"), marked("all {count} tricks are finished, so no trick is in play: write "
                                                 "{empty}"), count=TRICKS_PER_HAND, empty=EMPTY)
        if 0 < done < TRICKS_PER_HAND and self.table is None:
            raise _refuse(_Part("table"), marked("after {done} of {count} tricks the next one is in play: write its "
                                                 "leader and its cards (like {example}, or {start} before the first "
                                                 "card)"), done=done, count=TRICKS_PER_HAND, example="1:♠9", start="1:")
        if self.passing and self.direction is PassDirection.HOLD:
            raise _refuse(_Part("table"), marked("a hold hand has no passing, so play has begun: write the first "
                                                 "trick's leader (the seat with {two}), like {example}"),
                          two=TWO_OF_CLUBS, example="2:")

    def check_each_card_once(self) -> None:
        seen: dict[Card, _Part] = {}
        places = [(card, _Part("hand card", number=number)) for number, card in enumerate(self.hand, start=1)]
        for _, cards, part in self.started:
            places += [(card, part.card(number)) for number, card in enumerate(cards, start=1)]
        for card, place in places:
            if card in seen:
                raise _refuse(place, marked("{card} is written twice (first at {place})"), card=card,
                              place=_Both(seen[card].text, seen[card].place()))
            seen[card] = place

    def check_leaders(self) -> None:
        # Rule 7, by the kernel: the highest card of the led suit takes the trick, and its
        # player leads the next one.
        for number, (leader, cards, _) in enumerate(self.started[:-1], start=1):
            winner = (leader + winning_position([card.index for card in cards])) % NUM_SEATS
            next_leader, _, part = self.started[number]
            if next_leader == winner:
                continue
            best = cards[(winner - leader) % NUM_SEATS]
            english = f"led by {_who(next_leader)}, but {_who(winner)} took trick {number} with {best}, so it leads"
            if winner == LEARNER_SEAT:
                said = say("{leader} is written as its leader, but you took trick {number} with {card}, so you lead it",
                           leader=seat_name(next_leader), number=number, card=best)
            elif next_leader == LEARNER_SEAT:
                said = say("You are written as its leader, but {winner} took trick {number} with {card}, so "
                           "{winner} leads it", winner=seat_name(winner), number=number, card=best)
            else:
                said = say("{leader} is written as its leader, but {winner} took trick {number} with {card}, so "
                           "{winner} leads it", leader=seat_name(next_leader), winner=seat_name(winner),
                           number=number, card=best)
            raise _refusal(part, english, said)

    def attributed(self) -> list[tuple[int, Card, _Part]]:
        """Every card played, with its player (from the leaders, now known to be right) and its place."""
        return [((leader + offset) % NUM_SEATS, card, part.card(offset + 1))
                for leader, cards, part in self.started for offset, card in enumerate(cards)]

    def check_hand_size(self, plays: list[tuple[int, Card, _Part]]) -> None:
        played = sum(1 for player, _, _ in plays if player == self.seat)
        holds = CARDS_PER_SEAT - played
        count = len(self.hand)
        if count == holds:
            return
        what = "none" if not played else f"{played}"
        english = (f"{_english_count(count, 'card')}, but {_who(self.seat)} has played {what} of its "
                   f"{CARDS_PER_SEAT}, so it holds {holds}")
        if self.seat == LEARNER_SEAT and not played:
            said = say_n("{count} card is written, but you have played none of your {total} yet, so you hold {holds}",
                         "{count} cards are written, but you have played none of your {total} yet, so you hold "
                         "{holds}", count, total=CARDS_PER_SEAT, holds=holds)
        elif self.seat == LEARNER_SEAT:
            said = say_n("{count} card is written, but you have played {played} of your {total}, so you hold {holds}",
                         "{count} cards are written, but you have played {played} of your {total}, so you hold "
                         "{holds}", count, played=played, total=CARDS_PER_SEAT, holds=holds)
        elif not played:
            said = say_n("{count} card is written, but {seat} has played none of its {total} yet, so it holds "
                         "{holds}",
                         "{count} cards are written, but {seat} has played none of its {total} yet, so it holds "
                         "{holds}", count, seat=seat_name(self.seat), total=CARDS_PER_SEAT, holds=holds)
        else:
            said = say_n("{count} card is written, but {seat} has played {played} of its {total}, so it holds "
                         "{holds}",
                         "{count} cards are written, but {seat} has played {played} of its {total}, so it holds "
                         "{holds}", count, seat=seat_name(self.seat), played=played, total=CARDS_PER_SEAT,
                         holds=holds)
        raise _refusal(_Part("hand"), english, said)

    def check_passes(self, plays: list[tuple[int, Card, _Part]]) -> None:
        if self.direction is PassDirection.HOLD:
            return
        hand = set(self.hand)
        if self.passing:
            if self.received is not None:
                raise _refuse(_Part("received card", number=1),
                              marked("nothing is received until all four seats have passed, and this hand is still "
                                     "being passed (no trick is in play)"))
            for number, card in enumerate(self.passed or (), start=1):
                if card not in hand:
                    raise _refuse(_Part("passed card", number=number),
                                  marked("{card} is not in the hand, and a seat passes cards it holds"), card=card)
            return
        player_of = {card: (player, place) for player, card, place in plays}
        for number, card in enumerate(self.passed or (), start=1):
            self.check_passed(_Part("passed card", number=number), card, hand, player_of)
        for number, card in enumerate(self.received or (), start=1):
            self.check_received(_Part("received card", number=number), card, hand, player_of)

    def check_passed(self, part: _Part, card: Card, hand: set[Card], player_of: dict[Card, tuple[int, _Part]]) -> None:
        """A card this seat passed is no longer in its hand, and only the seat it went to plays it."""
        seat, receiver = self.seat, self.direction.receiver(self.seat)
        gave = f"{_who(seat)} passed {card} to {_who(receiver)}"
        if card in hand:
            if seat == LEARNER_SEAT:
                said = say("You passed {card} to {receiver}, so you cannot still hold it", card=card,
                           receiver=seat_name(receiver))
            elif receiver == LEARNER_SEAT:
                said = say("{seat} passed {card} to you, so {seat} cannot still hold it", seat=seat_name(seat),
                           card=card)
            else:
                said = say("{seat} passed {card} to {receiver}, so {seat} cannot still hold it", seat=seat_name(seat),
                           card=card, receiver=seat_name(receiver))
            raise _refusal(part, f"{gave}, so it cannot still hold it", said)
        if card not in player_of or player_of[card][0] == receiver:
            return
        player, place = player_of[card]
        if seat == LEARNER_SEAT and player == LEARNER_SEAT:
            said = say("You passed {card} to {receiver}, but you play it ({place})", card=card,
                       receiver=seat_name(receiver), place=place.place())
        elif seat == LEARNER_SEAT:
            said = say("You passed {card} to {receiver}, but {player} plays it ({place})", card=card,
                       receiver=seat_name(receiver), player=seat_name(player), place=place.place())
        elif receiver == LEARNER_SEAT:
            said = say("{seat} passed {card} to you, but {player} plays it ({place})", seat=seat_name(seat), card=card,
                       player=seat_name(player), place=place.place())
        elif player == LEARNER_SEAT:
            said = say("{seat} passed {card} to {receiver}, but you play it ({place})", seat=seat_name(seat),
                       card=card, receiver=seat_name(receiver), place=place.place())
        else:
            said = say("{seat} passed {card} to {receiver}, but {player} plays it ({place})", seat=seat_name(seat),
                       card=card, receiver=seat_name(receiver), player=seat_name(player), place=place.place())
        raise _refusal(part, f"{gave}, but {_who(player)} plays it ({place.text})", said)

    def check_received(self, part: _Part, card: Card, hand: set[Card],
                       player_of: dict[Card, tuple[int, _Part]]) -> None:
        """A card this seat received is in its hand or among its plays, and no other seat plays it."""
        seat, passer = self.seat, self.direction.passer(self.seat)
        got = f"{_who(seat)} received {card} from {_who(passer)}"
        if self.passed is not None and card in self.passed:
            raise _refuse(part, marked("{card} is among both the passed and the received cards"), card=card)
        if card in hand:
            return
        if card not in player_of:
            if seat == LEARNER_SEAT:
                said = say("You received {card} from {passer}, but it is neither in your hand nor among the cards "
                           "you play", card=card, passer=seat_name(passer))
            elif passer == LEARNER_SEAT:
                said = say("{seat} received {card} from you, but it is neither in the hand nor among the cards "
                           "{seat} plays", seat=seat_name(seat), card=card)
            else:
                said = say("{seat} received {card} from {passer}, but it is neither in the hand nor among the cards "
                           "{seat} plays", seat=seat_name(seat), card=card, passer=seat_name(passer))
            raise _refusal(part, f"{got}, but it is neither in the hand nor among the seat's plays", said)
        player, place = player_of[card]
        if player == seat:
            return
        if seat == LEARNER_SEAT:
            said = say("You received {card} from {passer}, but {player} plays it ({place})", card=card,
                       passer=seat_name(passer), player=seat_name(player), place=place.place())
        elif passer == LEARNER_SEAT and player == LEARNER_SEAT:
            said = say("{seat} received {card} from you, but you play it ({place})", seat=seat_name(seat), card=card,
                       place=place.place())
        elif passer == LEARNER_SEAT:
            said = say("{seat} received {card} from you, but {player} plays it ({place})", seat=seat_name(seat),
                       card=card, player=seat_name(player), place=place.place())
        elif player == LEARNER_SEAT:
            said = say("{seat} received {card} from {passer}, but you play it ({place})", seat=seat_name(seat),
                       card=card, passer=seat_name(passer), place=place.place())
        else:
            said = say("{seat} received {card} from {passer}, but {player} plays it ({place})", seat=seat_name(seat),
                       card=card, passer=seat_name(passer), player=seat_name(player), place=place.place())
        raise _refusal(part, f"{got}, but {_who(player)} plays it ({place.text})", said)

    def check_first_leader(self, plays: list[tuple[int, Card, _Part]]) -> None:
        # Rule 3: the seat holding ♣2 once the passes are made leads the first trick.
        if self.passing:
            return
        leader, _, part = self.started[0]
        seat = self.seat
        player_of = {card: player for player, card, _ in plays}
        two = TWO_OF_CLUBS
        if two in self.hand or player_of.get(two) == seat:
            holder, why = seat, f"{_who(seat)} holds {two}"
        elif self.passed is not None and two in self.passed:
            holder = self.direction.receiver(seat)
            why = f"{_who(seat)} passed {two} to {_who(holder)}"
        elif two in player_of:
            holder = player_of[two]
            why = f"{_who(holder)} plays {two}, so it held it"
        else:
            if leader == seat:
                english = (f"led by {_who(leader)}, but the first trick is led by the seat with {two}, and "
                           f"{_who(seat)} does not hold it")
                if seat == LEARNER_SEAT:
                    said = say("You are written as its leader, but the first trick is led by the seat with {two}, "
                               "and you do not hold it", two=two)
                else:
                    said = say("{seat} is written as its leader, but the first trick is led by the seat with {two}, "
                               "and {seat} does not hold it", seat=seat_name(seat), two=two)
                raise _refusal(part, english, said)
            return
        if leader == holder:
            return
        if holder == seat:
            said = self.held_two(leader)
        elif self.passed is not None and two in self.passed:
            said = self.passed_two(holder, leader)
        else:
            said = self.played_two(holder, leader)
        raise _refusal(part, f"led by {_who(leader)}, but {why}, and the first trick is led by the seat with {two}",
                       said)

    # The learner's sentences on a wrong first leader, one per way the seat with ♣2 is known,
    # each with a pattern for every seat that may be "You".

    def held_two(self, leader: int) -> str:
        """This seat held ♣2 when play began, so it leads the first trick, not ``leader``."""
        if self.seat == LEARNER_SEAT:
            return say("You held {two} when play began, so you lead the first trick, not {leader}", two=TWO_OF_CLUBS,
                       leader=seat_name(leader))
        if leader == LEARNER_SEAT:
            return say("{seat} held {two} when play began, so {seat} leads the first trick, not you",
                       seat=seat_name(self.seat), two=TWO_OF_CLUBS)
        return say("{seat} held {two} when play began, so {seat} leads the first trick, not {leader}",
                   seat=seat_name(self.seat), two=TWO_OF_CLUBS, leader=seat_name(leader))

    def passed_two(self, holder: int, leader: int) -> str:
        """This seat passed ♣2 to ``holder``, who leads the first trick, not ``leader``."""
        seat, two = self.seat, TWO_OF_CLUBS
        if seat == LEARNER_SEAT and leader == LEARNER_SEAT:
            return say("You passed {two} to {holder}, so {holder} leads the first trick, not you", two=two,
                       holder=seat_name(holder))
        if seat == LEARNER_SEAT:
            return say("You passed {two} to {holder}, so {holder} leads the first trick, not {leader}", two=two,
                       holder=seat_name(holder), leader=seat_name(leader))
        if holder == LEARNER_SEAT:
            return say("{seat} passed {two} to you, so you lead the first trick, not {leader}", seat=seat_name(seat),
                       two=two, leader=seat_name(leader))
        if leader == LEARNER_SEAT:
            return say("{seat} passed {two} to {holder}, so {holder} leads the first trick, not you",
                       seat=seat_name(seat), two=two, holder=seat_name(holder))
        return say("{seat} passed {two} to {holder}, so {holder} leads the first trick, not {leader}",
                   seat=seat_name(seat), two=two, holder=seat_name(holder), leader=seat_name(leader))

    def played_two(self, holder: int, leader: int) -> str:
        """``holder`` plays ♣2, so it held it and leads the first trick, not ``leader``."""
        two = TWO_OF_CLUBS
        if holder == LEARNER_SEAT:
            return say("You play {two}, so you held it and lead the first trick, not {leader}", two=two,
                       leader=seat_name(leader))
        if leader == LEARNER_SEAT:
            return say("{holder} plays {two}, so {holder} held it and leads the first trick, not you",
                       holder=seat_name(holder), two=two)
        return say("{holder} plays {two}, so {holder} held it and leads the first trick, not {leader}",
                   holder=seat_name(holder), two=two, leader=seat_name(leader))

    def known_hands(self) -> list[int]:
        """Each seat's cards as far as this seat knows them when play begins."""
        hands = [0] * NUM_SEATS
        hands[self.seat] = mask_of(self.hand)
        for player, card, _ in self.attributed():
            hands[player] |= card.bit
        if self.passed is not None:
            hands[self.direction.receiver(self.seat)] |= mask_of(self.passed)
        return hands

    def got_passed(self, seat: int) -> bool:
        """Whether ``seat`` is known to hold the cards this seat passed it."""
        return self.passed is not None and seat == self.direction.receiver(self.seat)

    def known_from(self, seat: int) -> str:
        """How this seat knows another seat's cards, said after a refusal of that seat's play (English)."""
        return (f" (what {SEAT_NAMES[seat]} held is known from the cards it plays later"
                f"{' and the cards passed to it' if self.got_passed(seat) else ''})")

    def said_known_from(self, seat: int) -> str:
        """The learner's sentence of :meth:`known_from`."""
        if seat == LEARNER_SEAT and self.got_passed(seat):
            return say("What you held is known from the cards you play later and the cards passed to you.")
        if seat == LEARNER_SEAT:
            return say("What you held is known from the cards you play later.")
        if self.got_passed(seat):
            return say("What {seat} held is known from the cards {seat} plays later and the cards passed to {seat}.",
                       seat=seat_name(seat))
        return say("What {seat} held is known from the cards {seat} plays later.", seat=seat_name(seat))

    def refused_play(self, place: _Part, mover: int, card: Card, held: int, on_table: tuple[Card, ...],
                     first: bool, hearts_broken: bool) -> InvalidPositionError:
        """The refusal of ``mover``'s ``card``: English with the reason code, the learner's sentence without."""
        verdict = describe(card, held, on_table, first, hearts_broken)
        known = "" if mover == self.seat else self.known_from(mover)
        english = f"{_who(mover)} played {card}: {verdict.reason.value}: {verdict.message}{known}"
        if mover == LEARNER_SEAT:
            played = say("You played {card}, which the rules do not allow", card=card)
        else:
            played = say("{seat} played {card}, which the rules do not allow", seat=seat_name(mover), card=card)
        # The engine's one set of refusal sentences, speaking to the learner or naming the seat.
        said = [place.said(played), refusal_message(card, held, on_table, first, hearts_broken, seat=mover)]
        if mover != self.seat:
            said.append(self.said_known_from(mover))
        return InvalidPositionError(f"{place.text}: {english}", part=place.text, said=sentences(said))

    def replay(self) -> SeatView:
        """Play every card through the kernel's table, asking the one legality function first."""
        table = Table(self.known_hands(), [], self.started[0][0] if self.started else 0, 0, False,
                      [0] * NUM_SEATS, self.rules)
        finished: list[Trick] = []
        plays: list[tuple[int, Card]] = []
        for leader, cards, part in self.started:
            for number, card in enumerate(cards, start=1):
                mover = table.to_move
                held = table.hands[mover]
                first = table.tricks_done == 0
                led = table.trick[0] // CARDS_PER_SUIT if table.trick else LEADING
                if not rule_walk(held, led, first, table.hearts_broken)[0] & card.bit:
                    raise self.refused_play(part.card(number), mover, card, held,
                                            tuple(DECK[index] for index in table.trick), first, table.hearts_broken)
                plays.append((mover, card))
                winner = table.play(card.index)
                if winner >= 0:
                    one, two, three, four = cards
                    finished.append(Trick(leader, (one, two, three, four), winner, table.last_trick_points))
        if self.passing:
            phase = Phase.PASSING
        elif len(finished) == TRICKS_PER_HAND:
            phase = Phase.HAND_OVER
        else:
            phase = Phase.PLAYING
        playing = phase is Phase.PLAYING
        a, b, c, d = table.points
        return SeatView(
            seat=self.seat,
            rules=self.rules,
            pass_direction=self.direction,
            phase=phase,
            hand=cards_from_mask(mask_of(self.hand)),
            passed=cards_from_mask(mask_of(self.passed)) if self.passed is not None else None,
            received=cards_from_mask(mask_of(self.received)) if self.received is not None else None,
            plays=tuple(plays),
            tricks=tuple(finished),
            current_trick=tuple(DECK[index] for index in table.trick),
            trick_leader=table.leader if playing else None,
            to_move=table.to_move if playing else None,
            hearts_broken=table.hearts_broken,
            points_taken=(a, b, c, d),
        )
