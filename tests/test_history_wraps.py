"""The history panel shows every line whole (issue 43 leftover 1): at 80x24 the panel is
about 49 columns, and a turn's line ('2. Cartels (Non-player): Rally in Meta West,
Guaviare, Meta East') or a line under it ('Flowchart: card (8.1) -> event (8.1) -> ...')
ran past its edge and was cut. Long lines now wrap to the panel's width (continuation
lines right under them, a turn's folded or not); every word of every line of the game's
history is on the screen, and a new width lays them out again."""

from __future__ import annotations

import pytest

from tests.pilot import press, run_async
from tests.test_tui_readable import passing_controller

pytest.importorskip("textual")

from tui.screens.history_views import HistoryTree  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402


async def drawn(pilot, tree: HistoryTree) -> list[str]:  # type: ignore[no-untyped-def]
    """The panel's lines as drawn (the guides and fold marks included), top to bottom,
    scrolled through a page at a time."""
    seen: dict[int, str] = {}
    for top in range(0, tree.virtual_size.height, max(1, tree.size.height)):
        want = min(top, tree.max_scroll_y)
        for _ in range(50):  # (an unfolded turn scrolls itself into view once settled)
            tree.scroll_to(y=top, animate=False, immediate=True)
            await pilot.pause()
            if round(tree.scroll_offset.y) == want:
                break
        at = round(tree.scroll_offset.y)
        for y in range(tree.size.height):
            if at + y < tree.virtual_size.height:
                seen[at + y] = tree.render_line(y).text.rstrip()
    assert sorted(seen) == list(range(tree.virtual_size.height))
    return [seen[y] for y in sorted(seen)]


def words(text: str) -> list[str]:
    return [w for w in text.split() if w not in "├└│▼▶"]


async def unfold_all(pilot, tree: HistoryTree) -> None:  # type: ignore[no-untyped-def]
    for card in tree.root.children:
        for node in card.children:
            if node.allow_expand:
                node.expand()
    await pilot.pause()


@pytest.mark.parametrize("unfolded", [True, False], ids=["unfolded", "folded"])
@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@run_async
async def test_every_history_line_is_on_the_panel_whole(size, unfolded):
    # two cards of a solitaire game (seed 11): the Government Passes (2.3.3), the
    # section-8 Non-players act between (their turns' lines are the longest); a folded
    # turn's line is whole too, not cut short by a '…'
    app = PlayApp(passing_controller(cards=2), run_nonplayers=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        tree = app.query_one("#log", HistoryTree)
        if unfolded:
            await unfold_all(pilot, tree)
        width = tree.size.width
        lines = await drawn(pilot, tree)
        assert len(lines) > 10
        # nothing is drawn past the panel's edge (a cut line ran to the last column)
        assert all(len(line) < width - 1 for line in lines), \
            [line for line in lines if len(line) >= width - 1]
        # and every word of every line is drawn, in order: the lines read whole
        expected: list[str] = []
        for card in tree.lines(tree.root):
            expected += words(tree.whole(card))
            for node in tree.lines(card):
                expected += words(tree.whole(node))
                for leaf in tree.lines(node) if node.is_expanded else []:
                    expected += words(tree.whole(leaf))
        assert [w for line in lines for w in words(line)] == expected
        if size == (80, 24):  # the panel is narrow there: some lines did wrap
            assert any(tree.is_continuation(n) for c in tree.root.children
                       for n in [*c.children, *(x for m in c.children for x in m.children)])


@run_async
async def test_a_new_width_wraps_the_history_again_and_keeps_what_was_unfolded():
    app = PlayApp(passing_controller(cards=2), run_nonplayers=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        tree = app.query_one("#log", HistoryTree)
        turn = next(n for c in tree.root.children for n in c.children
                    if n.data[0] == "turn" and "(Non-player)" in str(n.label))
        number = turn.data[1]
        turn.expand()
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        width = tree.size.width
        assert all(len(line) < width - 1 for line in await drawn(pilot, tree))
        again = next(n for c in tree.root.children for n in c.children
                     if n.data == ("turn", number))
        assert again.is_expanded
        await press(pilot, "l")  # the panel taller on focus: its width is the same
        assert all(len(line) < width - 1 for line in await drawn(pilot, tree))
