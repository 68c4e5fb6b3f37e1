"""Progress bars redraw in place on a terminal only."""

from __future__ import annotations

import io

from service.tools.progress import ProgressBar


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_into_a_pipe_writes_one_plain_line() -> None:
    out = io.StringIO()
    bar = ProgressBar(3, "games", stream=out)
    for _ in range(3):
        bar.advance()
    bar.close()
    assert out.getvalue() == "games 3/3 done\n"


def test_a_bar_on_a_terminal_redraws_in_place() -> None:
    out = _Terminal()
    bar = ProgressBar(2, "games", stream=out)
    bar.advance(2)
    bar.close()
    assert out.getvalue().startswith("\rgames [") and out.getvalue().endswith("2/2\n")
