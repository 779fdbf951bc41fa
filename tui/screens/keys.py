"""Keys a person finds (issue 24 item 4): the footer lists the keys of the screen,
shortened to fit its width (the most needed ones, each with its word, when not all
fit), and the ``?`` page lists them all with what they do, wrapped to the terminal's
width.

Textual's own footer shows the focused widget's keys first and drops the rest when the
line is full (at 80 columns ``q`` went); :class:`KeysFooter` shows the screen's own keys
(the app's :class:`~textual.binding.Binding` list, ``show=False`` ones included) in the
longest form that fits: the bindings' descriptions, else short words, else the most
needed keys with their words and ``? more keys`` (the ``?`` page lists them all).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

#: how a key is written ('ctrl+s' -> '^s')
_KEY_NAMES = {"question_mark": "?", "escape": "Esc", "enter": "Enter"}


def key_label(binding: Binding) -> str:
    """The key as printed: the first of its keys, 'ctrl+s' as '^s'."""
    key = binding.key.split(",")[0]
    key = _KEY_NAMES.get(key, key)
    return "^" + key[len("ctrl+"):] if key.startswith("ctrl+") else key


#: short words of the actions whose description's first word is long
SHORT_WORDS = {"rollback": "roll", "focus_log": "log", "expert": "expert", "cards": "text",
               "filter": "filter", "board_at": "past", "next_card": "next",
               "current_card": "card", "editor": "edit"}


def short_word(binding: Binding) -> str:
    """A binding's description in one short lower-case word ('Card texts' -> 'card')."""
    action = binding.action.split("(")[0]
    if action in SHORT_WORDS:
        return SHORT_WORDS[action]
    return binding.description.split(" ")[0].lower()[:6]


#: the keys the footer keeps when not all fit, most needed first
KEEP_WORDS = ("q", "?", "a", "u", "e", "n", "w", "h", "t", "m", "p", "r", "l", "b")

#: what ``?`` says when some keys are left to its page
MORE = "more keys"


def keys_line(bindings: Sequence[Binding], width: int) -> str:
    """The keys of ``bindings`` on one line of ``width`` columns, each with its word: all
    of them in the longest form that fits ('a Act  h Hint ...', else 'a act h hint ...');
    when not all fit, the most needed (:data:`KEEP_WORDS` first) with their short words
    and ``? more keys``: the ``?`` page lists them all. A key is never shown without its
    word (at 80 columns 'e n c t' told a person nothing, issue 43 item 5)."""
    full = "  ".join(f"{key_label(b)} {b.description}" for b in bindings)
    if len(full) <= width:
        return full
    short = " ".join(f"{key_label(b)} {short_word(b)}" for b in bindings)
    if len(short) <= width:
        return short
    words = {key_label(b): short_word(b) for b in bindings}
    order = sorted(words, key=lambda k: (KEEP_WORDS.index(k) if k in KEEP_WORDS
                                         else len(KEEP_WORDS)))
    if "?" in words:
        words["?"] = MORE
    kept: set[str] = set()
    for key in order:  # the most needed first, each kept while the line still fits
        text = " ".join(f"{k} {words[k]}" for k in words if k in kept | {key})
        if len(text) <= width:
            kept.add(key)
    return " ".join(f"{k} {words[k]}" for k in words if k in kept)


class KeysFooter(Widget):
    """One line at the bottom: the screen's keys (:func:`keys_line`)."""

    DEFAULT_CSS = """
    KeysFooter { dock: bottom; height: 1; background: $footer-background;
                 color: $footer-foreground; padding: 0 1; }
    """

    def __init__(self, bindings: Sequence[Binding], **kwargs: Any) -> None:
        super().__init__(**kwargs)  # Widget's own (id, classes...)
        self.bindings = list(bindings)

    def shown(self) -> list[Binding]:
        """The keys the screen takes now (an app's ``check_action`` may refuse some:
        the assistant before its first card takes only ? and q). A ``system`` binding
        (Ctrl-C: save and stop, as in every terminal program) is left to the ``?`` page:
        at 80 columns it would push a key of the game off the line."""
        return [b for b in self.bindings if not b.system
                and self.app.check_action(b.action.split("(")[0], ()) is not False]

    def render(self) -> RenderResult:
        width = max(1, self.size.width - 2)
        line = keys_line(self.shown(), width)
        text = Text()
        for i, part in enumerate(line.split(" ")):
            if i:
                text.append(" ")
            style = "bold" if any(part == key_label(b) for b in self.bindings) else ""
            text.append(part, style=style)
        return text


def reflowed(lines: Sequence[str]) -> list[str]:
    """Help text hard-wrapped for the source file, as paragraphs the screen wraps to its
    own width: the lines of a paragraph (not indented, no blank line between) are
    joined; indented lines (a table of commands) and blank lines stay as they are."""
    out: list[str] = []
    joining = False
    for line in lines:
        if line.strip() and not line[:1].isspace():
            if joining:
                out[-1] += " " + line.strip()
            else:
                out.append(line)
            joining = not line.rstrip().endswith(":")  # a heading above a table
        else:
            out.append(line)
            joining = False
    return out


class HelpScreen(ModalScreen[None]):
    """Every key with what it does, then more text; as wide as the terminal allows,
    long texts wrapped under their own column. Escape (or q, ?) closes it."""

    BINDINGS = [Binding("escape,q,question_mark,enter", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help { width: 100%; max-width: 120; height: 100%; max-height: 50;
                       border: thick $primary; background: $surface; padding: 0 1; }
    HelpScreen #help-keys, HelpScreen #help-more { height: auto; }
    """

    def __init__(self, keys: Sequence[tuple[str, str]], more: Sequence[str] = ()) -> None:
        super().__init__()
        self.keys = list(keys)
        self.more = list(more)

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2), expand=True)
        table.add_column(no_wrap=True)
        table.add_column(ratio=1)
        for key, text in self.keys:
            table.add_row(Text(key, style="bold"), Text(text))
        with Vertical(id="help"):
            yield Static("[b]Help[/b]  (Escape: close)")
            with VerticalScroll():
                yield Static(table, id="help-keys")
                yield Static("\n".join(["", *self.more]), id="help-more", markup=False)


__all__ = ["HelpScreen", "KeysFooter", "key_label", "keys_line", "reflowed"]
