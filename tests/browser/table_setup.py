"""Tables set up through the API for the browser tests: a guest player for the page,
stacked decks that put chosen cards in chosen hands, and the other seats played by
the test over HTTP."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import httpx

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def pack(decks: int = 1, jokers: int = 0) -> list[str]:
    return [rank + suit for suit in SUITS for rank in RANKS] * decks + ["JK"] * jokers


def stacked_deck(
    cards: list[str],
    hands: Sequence[Sequence[str]],
    hand_size: int,
    *,
    up_card: str | None = None,
    stock: Sequence[str] = (),
) -> list[str]:
    """A deck whose deal gives seat i the cards `hands[i]` (filled up to `hand_size`
    from the rest), turns `up_card` and leaves `stock` on top of the stock.

    The deal goes round from the first seat (seat 0 under `first_player:
    left_of_dealer`), a card each: deck[k] to seat k % seats; the up card follows,
    and the stock is drawn from the front of what is left."""
    rest = list(cards)
    for card in [
        *(card for hand in hands for card in hand),
        *([up_card] if up_card else []),
        *stock,
    ]:
        rest.remove(card)
    random.Random(7).shuffle(rest)
    filled = [list(hand) + [rest.pop() for _ in range(hand_size - len(hand))] for hand in hands]
    dealt = [filled[k % len(hands)][k // len(hands)] for k in range(hand_size * len(hands))]
    return dealt + [up_card or rest.pop(), *stock, *rest]


def runs_for_every_seat(ranks: str, seats: int, decks: int = 1, jokers: int = 0) -> list[str]:
    """A deck that deals every seat a run of `ranks`, a suit each (clubs to the first seat
    dealt, then diamonds, hearts, spades): whoever plays first goes out at once, a hand
    in one turn. The up card and the stock follow, the suits no seat holds first and the
    jokers last: a card drawn joins no seat's run, and is the one discarded."""
    held = SUITS[:seats]
    dealt = [ranks[k // seats] + held[k % seats] for k in range(len(ranks) * seats)]
    rest = pack(decks, jokers)
    for card in dealt:
        rest.remove(card)
    rest.sort(key=lambda card: (card == "JK", card[1] in held))
    return dealt + rest


def short(code: str) -> str:
    """A card as the page names it: `10♣`, `7♥`."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]


def humans(count: int) -> list[dict[str, str]]:
    """The `seats` of a table of `count` people (no bots)."""
    return [{"kind": "human"}] * count


def new_player(server: str) -> dict[str, str]:
    created = httpx.post(f"{server}/players", json={"guest": True})
    assert created.status_code == 201, created.text
    player = created.json()
    return {"player_id": player["player_id"], "name": player["name"], "token": player["token"]}


class Table:
    """A game made for a test: seat 0 is the page's player, the others humans the test
    plays with their seat tokens (or bots)."""

    def __init__(self, server: str, player: dict[str, str], body: dict[str, Any]) -> None:
        self.server = server
        self.player = player
        created = httpx.post(
            f"{server}/games", json=body, headers={"authorization": f"Bearer {player['token']}"}
        )
        assert created.status_code == 201, created.text
        self.game_id: str = created.json()["game_id"]
        self.tokens: dict[str, str] = created.json()["tokens"]

    def token(self, seat: int) -> str:
        return self.player["token"] if seat == 0 else self.tokens[str(seat)]

    def view(self, seat: int) -> dict[str, Any]:
        answer = httpx.get(
            f"{self.server}/games/{self.game_id}/view",
            headers={"authorization": f"Bearer {self.token(seat)}"},
        )
        assert answer.status_code == 200, answer.text
        view: dict[str, Any] = answer.json()
        return view

    def play(self, seat: int, command: dict[str, Any]) -> dict[str, Any]:
        answer = httpx.post(
            f"{self.server}/games/{self.game_id}/commands",
            json=command,
            headers={"authorization": f"Bearer {self.token(seat)}"},
        )
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def draw_and_discard(self, seat: int, source: str = "stock", keep: Sequence[str] = ()) -> str:
        """A plain turn: a draw, then a discard (never the card just taken from the
        pile, `no_same_discard`, nor one of `keep`). Answers the card discarded."""
        taken_card = self.view(seat)["discard_pile"][-1] if source == "discard" else None
        hand = self.play(seat, {"type": "draw", "source": source})["view"]["hand"]
        card: str = next(card for card in hand if card != taken_card and card not in keep)
        self.play(seat, {"type": "discard", "card": card})
        return card


def waiting_table_of(server: str, player: dict[str, str]) -> str:
    """A basic table for two made by `player` through the API (not by this browser, which
    keeps no note of it), its second seat open: its game id."""
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    headers = {"authorization": f"Bearer {player['token']}"}
    made = httpx.post(f"{server}/games", json={"seats": seats}, headers=headers)
    assert made.status_code == 201, made.text
    game_id: str = made.json()["game_id"]
    return game_id


def keep_player(page: Any, server: str, player: dict[str, str]) -> None:
    """The page's player, its token kept as a first visit keeps it."""
    page.goto(f"{server}/")
    page.evaluate("player => localStorage.setItem('rummy.player', player)", json.dumps(player))


def open_table(
    page: Any, server: str, player: dict[str, str], game_id: str, seats: Sequence[int] = ()
) -> None:
    """Opens the table as the page's player, whose token is kept as a first visit keeps it;
    with `seats`, this browser holds those seats too (friends on one screen)."""
    keep_player(page, server, player)
    if seats:
        games = {game_id: {"label": "t", "saved_at": "2026-01-01", "seats": list(seats)}}
        page.evaluate("games => localStorage.setItem('rummy.games', games)", json.dumps(games))
    page.goto(f"{server}/#/game/{game_id}")
    page.wait_for_selector(".table-screen")


def two_people_first_to_play(server: str) -> Table:
    """A basic table for two people made by a new player, dealt at once, that player
    (seat 0, `table.player`) to play first."""
    rules = {"first_player": "left_of_dealer"}
    body = {"preset": "basic", "seats": humans(2), "rules": rules}
    return Table(server, new_player(server), body)
