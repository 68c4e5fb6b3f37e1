"""Players: a name and a secret token (only its hash kept) that acts for every seat held.

A player token is `<player id>.<secret>` (`service/app/tokens.py` tells it from a
seat token by its shape). Guests are ordinary players a client creates without
asking anyone for a name.
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets
import unicodedata
import uuid

import msgspec

from service.app.envelope import now
from service.app.errors import UNREADABLE_RECORD, ServiceError
from service.app.tokens import new_token, token_hash
from service.store import PlayerStore

__all__ = [
    "NAME_MAX",
    "CreatedPlayer",
    "Player",
    "PlayerService",
    "clean_name",
    "hidden_character",
]

_log = logging.getLogger(__name__)

# Long enough for a full name, short enough for a seat label on a phone.
NAME_MAX = 32

# Control characters, and format characters (zero-width joiners, bidi
# overrides) that make one name look like another, and line breaks.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


class Player(msgspec.Struct, frozen=True, kw_only=True):
    """A player as the service knows it; never carries the token."""

    player_id: str
    name: str
    guest: bool
    created_at: str


class CreatedPlayer(msgspec.Struct, frozen=True, kw_only=True):
    player: Player
    token: str


_DRAWS_NOTHING = frozenset("\u115f\u1160\u3164\uffa0\u2800")

# Combining marks drawn over (or under) one character: a script's own take up to four
# (Hebrew points and accents, Vietnamese, Thai); more draw a column through the lines
# around the name, over the other players' names.
_MOST_MARKS = 4

_WORDS = re.compile(r"[^\W_]+")
# Letters drawn like those of "bot" and "level" once case folded: Cyrillic and Greek
# ones, a zero, and the capital I that many fonts draw as l ("Вот · Ievel 4").
# Joiners are read as nothing: "B<U+200C>ot" reads as "Bot".
_LOOK_ALIKES = str.maketrans("вβоο0тτеεiіιӏ1", "bboootteelllll", "\u200c\u200d")


def _words(folded: str) -> list[str]:
    """The words of a folded name, letters spelt out one at a time ("B o t", "B.O.T.")
    read as the word they spell."""
    words: list[str] = []
    spelt = False
    for word in _WORDS.findall(folded):
        single = len(word) == 1 and word.isalpha()
        if single and spelt:
            words[-1] += word
        else:
            words.append(word)
        spelt = single
    return words


def passes_for_a_bot(name: str) -> bool:
    """Whether a name reads as a bot's label: the table's "Bot · level 2" (or "Bot"),
    the league's "Level 2 bot", in any case, spacing, punctuation, width or script."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKES)
    words = _words(folded)
    return "bot" in words and ("level" in words or words == ["bot"])


# What the web table writes in a seat's place: a player so named passed for an open
# seat, a kept one, or the viewer's own ("You (Ada)").
_PAGE_LABELS = {
    ("open", "seat"),
    ("a", "player"),
    ("you",),
    ("kept", "for", "you", "from", "the", "last", "game"),
}
_YOURS = re.compile(r"\W*you\W*\(")


def passes_for_a_label(name: str) -> bool:
    """Whether a name reads as a bot's label, or the table's word for a seat."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKES)
    words = tuple(_words(folded))
    return passes_for_a_bot(name) or words in _PAGE_LABELS or bool(_YOURS.match(folded))


def hidden_character(text: str) -> str | None:
    """The first control or format character (or line break) `text` holds, as `U+202E`."""
    if text.isprintable():
        # None of those is printable: one call for the common case (every command's id).
        return None
    for char in text:
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            return f"U+{ord(char):04X}"
    return None


# The zero-width non-joiner and joiner: Persian and the Indic scripts write words with
# them, and a joiner makes one emoji of several (a family). Between two characters that
# show, they hide nothing that two players picking the same name could not.
_JOINERS = frozenset("\u200c\u200d")


def _shows(char: str) -> bool:
    return (
        not char.isspace()
        and char not in _JOINERS
        and unicodedata.category(char) not in _REFUSED_CATEGORIES
    )


def _without_inner_joiners(name: str) -> str:
    """The name less each joiner between two characters that show (one at an end, two in
    a row or beside a space stay, and are refused as any format character)."""
    if _JOINERS.isdisjoint(name):
        return name
    last = len(name) - 1
    return "".join(
        char
        for at, char in enumerate(name)
        if not (
            char in _JOINERS and 0 < at < last and _shows(name[at - 1]) and _shows(name[at + 1])
        )
    )


def _stacks_marks(name: str) -> bool:
    """Whether more than _MOST_MARKS non-spacing or enclosing marks follow one another."""
    stacked = 0
    for char in name:
        stacked = stacked + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if stacked > _MOST_MARKS:
            return True
    return False


def clean_name(raw: str) -> str:
    """The name trimmed; 422 `invalid_name` when empty, too long or holding control characters."""
    name = raw.strip()
    # Combining marks alone show nothing (or sit on the text before the name), nor do
    # the Hangul fillers and the blank Braille pattern (letters and symbols to Unicode).
    if not any(
        not unicodedata.category(char).startswith("M")
        and char not in _DRAWS_NOTHING
        and not char.isspace()
        for char in name
    ):
        raise ServiceError("invalid_name", "a name needs at least one visible character")
    if len(name) > NAME_MAX:
        raise ServiceError(
            "invalid_name", f"a name has at most {NAME_MAX} characters", max_length=NAME_MAX
        )
    if (char := hidden_character(_without_inner_joiners(name))) is not None:
        raise ServiceError("invalid_name", "a name holds no control characters", character=char)
    if _stacks_marks(name):
        raise ServiceError(
            "invalid_name",
            f"a name stacks at most {_MOST_MARKS} combining marks on one character",
            max_marks=_MOST_MARKS,
        )
    if passes_for_a_label(name):
        raise ServiceError(
            "invalid_name", 'a name may not pass for a bot ("Bot · level 2") or a seat\'s label'
        )
    return name


def _player_of(player_id: str, record: dict[str, bytes]) -> Player:
    return Player(
        player_id=player_id,
        name=record["name"].decode(),
        guest=record.get("guest") == b"1",
        created_at=record.get("created_at", b"").decode(),
    )


class PlayerService:
    """Create, authenticate and rename players; file the games they sit at."""

    def __init__(self, store: PlayerStore) -> None:
        self.store = store

    async def create(self, name: str | None, *, guest: bool = False) -> CreatedPlayer:
        player_id = uuid.uuid4().hex
        if name is None:
            if not guest:
                raise ServiceError("invalid_name", "a player who is not a guest needs a name")
            # A guest's name until renamed: short, and unlike anyone else's.
            name = f"Guest {secrets.token_hex(2)}"
        name = clean_name(name)
        token = f"{player_id}.{new_token()}"
        created_at, _ = now()
        fields = {
            "name": name.encode(),
            "token": token_hash(token).encode(),
            "guest": b"1" if guest else b"0",
            "created_at": created_at.encode(),
        }
        if not await self.store.create_player(player_id, fields):
            raise AssertionError("a fresh uuid4 named an existing player")
        player = Player(player_id=player_id, name=name, guest=guest, created_at=created_at)
        return CreatedPlayer(player=player, token=token)

    async def authenticate(self, token: str | None) -> Player:
        """The player a player token opens; 401 `missing_token` / `invalid_token`."""
        if token is None:
            raise ServiceError("missing_token", "this route needs 'Authorization: Bearer <token>'")
        player_id, _, secret = token.partition(".")
        # ASCII: str.isalnum() takes any script's letters and digits (é, ², ٣), which no
        # player id holds and the store refuses outright.
        if not secret or not (player_id.isascii() and player_id.isalnum()) or len(player_id) > 64:
            raise ServiceError("invalid_token", "not a player token")
        record = await self.store.get_player(player_id)
        stored = record.get("token")
        # Constant time: the comparison must not tell how much of a guess was right.
        if stored is None or not hmac.compare_digest(stored, token_hash(token).encode()):
            raise ServiceError("invalid_token", "unknown token")
        try:
            return _player_of(player_id, record)
        except UNREADABLE_RECORD:
            # Written wrong (by hand, by an older release): nobody the service can
            # seat or name, as if unknown, and a problem the client can act on.
            _log.warning("player %s: their record is unreadable", player_id, exc_info=True)
            raise ServiceError("invalid_token", "unreadable player record") from None

    async def get(self, player_id: str) -> Player | None:
        record = await self.store.get_player(player_id)
        return _player_of(player_id, record) if record else None

    async def rename(self, player: Player, name: str) -> Player:
        name = clean_name(name)
        if not await self.store.update_player(player.player_id, {"name": name.encode()}):
            raise ServiceError("invalid_token", "unknown token")
        return msgspec.structs.replace(player, name=name)

    async def file_game(self, player_id: str, game_id: str, created_ts: float) -> None:
        await self.store.add_game(player_id, game_id, created_ts)

    async def unfile_game(self, player_id: str, game_id: str) -> None:
        await self.store.remove_game(player_id, game_id)

    async def game_ids(self, player_id: str, limit: int, offset: int) -> list[str]:
        return await self.store.games(player_id, limit, offset)
