"""`rummy loadtest`: whole games played over HTTP, beside the one-XADD ceiling of this machine.

Each virtual client creates a two-seat game (one hand, a seed per game), then
plays it to the end with both seat tokens: the seat whose turn it is posts one
of its view's `legal_commands`, and keeps playing from the view that the
command's answer carries. When the turn passes to the other seat, that seat
opens its turn with a draw from the stock, which the answer showed legal
(draw phase, stock not empty), and plays on from its own answer; only
otherwise, or always with `--reads`, is its view read first (GET), as a
client that follows the game by reading views would. Latency is measured on
the command POSTs only; creates and view reads are counted apart.

The same run then drives `service.tools.ceiling_app` (POST /xadd, one XADD) in its
own uvicorn process against the same Redis, with the same concurrency and as
many requests as the games posted commands, and prints the ratio. The two
phases alternate `--rounds` times, and the target is judged on the median
round: the machine's speed drifts between phases.

One module per part: `figures` (tallies, percentiles), `clients` (timed
requests, time bound, uvloop), `games` and `ceiling` (the two drivers),
`processes` (spawned servers and their CPU), `report` (what is printed) and
`command` (the `rummy loadtest` entry, which `service.cli` registers).
"""

from service.tools.load.ceiling import CeilingReport, drive_ceiling
from service.tools.load.clients import run_loop
from service.tools.load.figures import Figures, Tally, percentile
from service.tools.load.games import GameLoad, GameLoadReport, play_games
from service.tools.load.processes import cpu_seconds

__all__ = [
    "CeilingReport",
    "Figures",
    "GameLoad",
    "GameLoadReport",
    "Tally",
    "cpu_seconds",
    "drive_ceiling",
    "percentile",
    "play_games",
    "run_loop",
]
