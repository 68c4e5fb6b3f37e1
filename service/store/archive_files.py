"""Archived games as gzip files of JSON lines under the data folder, written atomically.

A file is `archive/<xx>/<game id>.jsonl.gz` (`xx`: two hex digits of a hash of the
id, so no folder holds every game). Unzipped, it reads like a `rummy-log/1` file:
a header line, then the game's stored event envelopes, one a line, as the store
kept them (so the bytes every route serves from them are the same). The header
is not the log file's: it keeps the game's meta record (seat token hashes,
invite code), so an archive is private, never published as it is.

A file is written to a temporary name in its folder, fsynced, renamed over the
old one and the folder fsynced: a crash leaves the old file or the new one,
never half of one.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tempfile
from collections import OrderedDict
from pathlib import Path
from typing import Literal

import msgspec

from service.store.base import ArchivedGame, check_game_id
from service.store.ports import GameArchive

__all__ = ["ARCHIVE_FORMAT", "ArchiveHeader", "FileGameArchive", "InMemoryGameArchive"]

ARCHIVE_FORMAT = "rummy-archive/1"
_SUFFIX = ".jsonl.gz"
# Small files: the default level 9 costs several times the CPU for a few % less.
_LEVEL = 6


class ArchiveHeader(msgspec.Struct, frozen=True, kw_only=True):
    """The first line of an archive file (meta values base64, as msgspec writes bytes)."""

    type: Literal["archive"] = "archive"
    format: str = ARCHIVE_FORMAT
    game_id: str
    version: int
    meta: dict[str, bytes]


class ArchiveCorrupt(Exception):
    """An archive file that does not read back as the game it names."""


_encoder = msgspec.json.Encoder()
_header_decoder = msgspec.json.Decoder(ArchiveHeader)


def encode_archive(game: ArchivedGame) -> bytes:
    """The file's uncompressed content."""
    header = ArchiveHeader(game_id=game.game_id, version=game.version, meta=game.meta)
    for event in game.events:
        if b"\n" in event:
            raise ValueError(f"game {game.game_id}: an event spans lines; it cannot be archived")
    return b"\n".join([_encoder.encode(header), *game.events]) + b"\n"


def decode_archive(data: bytes) -> ArchivedGame:
    first, _, rest = data.partition(b"\n")
    try:
        header = _header_decoder.decode(first)
    except msgspec.DecodeError as exc:
        raise ArchiveCorrupt(f"the archive's header: {exc}") from exc
    if header.format != ARCHIVE_FORMAT:
        raise ArchiveCorrupt(f"archive format {header.format!r}, not {ARCHIVE_FORMAT}")
    events = tuple(line for line in rest.split(b"\n") if line)
    if len(events) != header.version:
        raise ArchiveCorrupt(
            f"game {header.game_id}: {len(events)} events, the header says {header.version}"
        )
    return ArchivedGame(game_id=header.game_id, events=events, meta=header.meta)


# Games whose file names `has` keeps (forgotten all at once past that).
_FILE_NAMES_KEPT = 4096


class FileGameArchive(GameArchive):
    """GameArchive in a folder (the data folder's `archive/`)."""

    def __init__(self, root: str | os.PathLike[str], *, cached: int = 256) -> None:
        self.root = Path(root)
        # Decoded archives, each checked against its file's stat before it is used.
        self._cache: OrderedDict[str, tuple[tuple[int, int, int], ArchivedGame]] = OrderedDict()
        self._capacity = cached
        # Each asked-after game's file name: `has` runs at every wait of a live
        # channel, and building the path cost ten times its stat.
        self._file_names: dict[str, str] = {}

    def path_of(self, game_id: str) -> Path:
        check_game_id(game_id)
        shard = hashlib.blake2b(game_id.encode(), digest_size=1).hexdigest()
        return self.root / shard / f"{game_id}{_SUFFIX}"

    def put(self, game: ArchivedGame) -> None:
        path = self.path_of(game.game_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = gzip.compress(encode_archive(game), compresslevel=_LEVEL, mtime=0)
        handle, temporary = tempfile.mkstemp(prefix=f".{game.game_id}.", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _fsync_folder(path.parent)

    def get(self, game_id: str) -> ArchivedGame | None:
        path = self.path_of(game_id)
        try:
            status = path.stat()
            stamp = (status.st_ino, status.st_mtime_ns, status.st_size)
            cached = self._cache.get(game_id)
            if cached is not None and cached[0] == stamp:
                self._cache.move_to_end(game_id)
                return cached[1]
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        try:
            game = decode_archive(gzip.decompress(data))
        except (OSError, EOFError) as exc:
            raise ArchiveCorrupt(f"game {game_id}: the archive does not unzip: {exc}") from exc
        if game.game_id != game_id:
            raise ArchiveCorrupt(f"the archive of {game_id} holds game {game.game_id}")
        self._cache[game_id] = (stamp, game)
        while len(self._cache) > self._capacity:
            self._cache.popitem(last=False)
        return game

    def has(self, game_id: str) -> bool:
        name = self._file_names.get(game_id)
        if name is None:
            if len(self._file_names) >= _FILE_NAMES_KEPT:
                self._file_names.clear()
            name = self._file_names[game_id] = str(self.path_of(game_id))
        return os.path.isfile(name)

    def delete(self, game_id: str) -> None:
        path = self.path_of(game_id)
        path.unlink(missing_ok=True)
        if path.parent.is_dir():
            _fsync_folder(path.parent)

    def game_ids(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return [path.name.removesuffix(_SUFFIX) for path in self.root.glob(f"*/*{_SUFFIX}")]


def _fsync_folder(folder: Path) -> None:
    # The rename is durable once the folder's entry is.
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class InMemoryGameArchive(GameArchive):
    """GameArchive in process memory (tests, throwaway runs); it keeps the encoded
    bytes, so what it gives back went through the file format."""

    def __init__(self) -> None:
        self._files: dict[str, bytes] = {}
        self.puts = 0

    def put(self, game: ArchivedGame) -> None:
        check_game_id(game.game_id)
        self._files[game.game_id] = encode_archive(game)
        self.puts += 1

    def get(self, game_id: str) -> ArchivedGame | None:
        data = self._files.get(game_id)
        return None if data is None else decode_archive(data)

    def has(self, game_id: str) -> bool:
        return game_id in self._files

    def delete(self, game_id: str) -> None:
        self._files.pop(game_id, None)

    def game_ids(self) -> list[str]:
        return list(self._files)
