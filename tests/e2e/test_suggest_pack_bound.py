"""A suggestion's view holds no more cards than its rules' pack.

`POST /bots/suggest` took a view of up to 400 cards whatever its rules: a basic
game's view (one pack, 52 cards) with 380 cards in hand was decided, by levels 1-3
in the API's own event loop. One such level-3 suggestion held the loop ~0.8 s
(every other request of the process waited: `GET /rulesets` answered after 0.6 s),
and the writes' rate limit lets a client send two a second. Such a view is no
table's: it is refused (422 `invalid_view`), as other impossible views are."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from service.http.app import create_app
from service.store import InMemoryEventStore

PACK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def _played_view(client: TestClient[Any]) -> dict[str, Any]:
    """Seat 0's view of a two-seat basic game (one pack), after its first draw."""
    created = client.post("/games", json={"seats": [{"kind": "human"}] * 2, "seed": 1}).json()
    auth = {"Authorization": f"Bearer {created['tokens']['0']}"}
    drawn = client.post(
        f"/games/{created['game_id']}/commands", json={"type": "draw"}, headers=auth
    )
    assert drawn.status_code == 200, drawn.text
    view: dict[str, Any] = drawn.json()["view"]
    return view


def _with_hand(view: dict[str, Any], hand: list[str]) -> dict[str, Any]:
    sizes = [len(hand), *view["hand_sizes"][1:]]
    return {**view, "hand": hand, "hand_sizes": sizes}


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_a_view_holding_more_cards_than_its_pack_is_refused(level: int) -> None:
    with TestClient(create_app(InMemoryEventStore())) as client:
        view = _played_view(client)
        too_many = _with_hand(view, (PACK * 8)[:380])
        answer = client.post("/bots/suggest", json={"view": too_many, "level": level})
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "invalid_view"
        # Two packs' rules hold the cards of two packs: 60 of them are a view's.
        two_packs = _with_hand(view, (PACK * 2)[:60])
        rules = {"decks": 2}
        answer = client.post(
            "/bots/suggest", json={"view": two_packs, "level": level, "rules": rules}
        )
        assert answer.status_code == 200, answer.text
        # The melds on the table are cards of the pack too.
        meld = {"id": 1, "kind": "set", "owner": 1, "cards": [{"card": "2C", "as": "2C"}] * 3}
        crowded = {**_with_hand(view, PACK[:40]), "table": [meld] * 10}
        answer = client.post("/bots/suggest", json={"view": crowded, "level": level})
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "invalid_view"
