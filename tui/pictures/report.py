"""Self-contained HTML pages: a game report (card by card, with the map after each card
and the margin charts) and a batch summary (solo scores, winners, when games end).

Everything is inline (SVG and CSS, no script, no network), so the file opens anywhere
and prints cleanly (print CSS: one card per block, no page break inside a map).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from core.atomic import write_text
from core.pieces import Faction
from core.rules import victory
from core.rules.propaganda import rounds_held
from core.state import GameState
from core.words import counted
from runners.seats import GOVT_AI_LABEL
from tui.history import EDITOR, CardStep, History, solo_line
from tui.pictures.board import FACTION_COLOUR, board_svg
from tui.table_deck import PublicCards

COLOUR = {f.label: FACTION_COLOUR[f] for f in Faction}
COLOUR[EDITOR] = "#666"
COLOUR[GOVT_AI_LABEL] = FACTION_COLOUR[Faction.GOVT]
COLOUR["Propaganda Round"] = "#b07a1a"
COLOUR["Game over"] = "#111"

CSS = """
:root { --ink: #1e1e1e; --muted: #666; --rule: #d8d2c2; --paper: #fdfcf8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 "DejaVu Sans", Verdana, Helvetica, Arial, sans-serif;
       color: var(--ink); background: #efebe1; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 60px; background: var(--paper);
       box-shadow: 0 0 18px rgba(0,0,0,.08); }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 21px; margin: 30px 0 8px; border-bottom: 2px solid var(--rule);
     padding-bottom: 4px; }
h3 { font-size: 18px; margin: 0 0 6px; }
.sub { color: var(--muted); margin: 0 0 14px; }
.facts { display: flex; flex-wrap: wrap; gap: 10px 26px; margin: 12px 0; padding: 12px 16px;
         background: #f4f0e4; border-radius: 6px; }
.facts div b { display: block; font-size: 12px; color: var(--muted); font-weight: normal; }
.level { font-size: 18px; font-weight: bold; }
figure { margin: 10px 0; }
figure svg { width: 100%; height: auto; display: block; }
figcaption { color: var(--muted); font-size: 13px; }
nav.toc { columns: 4 180px; font-size: 13px; margin: 8px 0 0; }
nav.toc a { color: #1d4f91; text-decoration: none; display: block; }
section.card { border-top: 1px solid var(--rule); padding: 18px 0 8px; }
section.card.propaganda h3 { color: #7a4b00; }
.actions { list-style: none; padding: 0; margin: 0 0 8px; }
.actions > li { margin: 6px 0; padding-left: 12px; border-left: 5px solid #999; }
.who { font-weight: bold; }
.why, .did { font-size: 12.5px; color: #444; margin: 2px 0 0 0; padding-left: 18px; }
.did { color: #555; }
.note { font-size: 12px; color: var(--muted); font-style: italic; }
.tracks { font-size: 13px; color: #333; margin: 4px 0; }
.map { max-width: 820px; }
details.board summary { cursor: pointer; color: var(--muted); font-size: 13px; }
table { border-collapse: collapse; margin: 8px 0; }
td, th { padding: 3px 10px; border-bottom: 1px solid var(--rule); text-align: right; }
th:first-child, td:first-child { text-align: left; }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { box-shadow: none; max-width: none; padding: 0; }
  nav.toc { display: none; }
  section.card { break-inside: avoid-page; page-break-inside: avoid; }
  figure, .charts { break-inside: avoid; page-break-inside: avoid; }
  .map { max-width: 12.5cm; }
  .why { font-size: 9pt; }
  a { color: inherit; text-decoration: none; }
}
"""


def _page(title: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head>"
            f"<body><main>{body}</main></body></html>\n")


# ======================================================================================
# charts (hand-made inline SVG)
# ======================================================================================
def _chart_head(width: int, height: int, title: str, left: int) -> list[str]:
    """A chart's opening ``<svg>`` tag and its title (if any) above the plot at ``left``."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'role="img" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12">']
    if title:
        out.append(f'<text x="{left}" y="17" font-size="14" font-weight="bold">'
                   f'{escape(title)}</text>')
    return out


def line_chart(series: dict[str, list[float]], colours: dict[str, str], *,
               marks: Sequence[tuple[int, str]] = (), guides: Sequence[tuple[float, str]] = (),
               title: str = "", width: int = 1000, height: int = 300,
               xlabel: str = "card", signed: bool = True) -> str:
    """Lines over x = 1..n with vertical marks (e.g. Propaganda Rounds) and horizontal
    guides (e.g. the victory thresholds)."""
    n = max((len(v) for v in series.values()), default=0)
    values = [x for v in series.values() for x in v] + [g for g, _ in guides] + [0]
    lo, hi = min(values), max(values)
    if hi == lo:
        hi += 1
    pad = (hi - lo) * 0.08
    lo, hi = lo - pad, hi + pad
    left, right, top, bottom = 48, 190, 36, 34
    pw, ph = width - left - right, height - top - bottom

    def sx(i: float) -> float:
        return left + (i - 1) * pw / max(1, n - 1)

    def sy(v: float) -> float:
        return top + (hi - v) * ph / (hi - lo)

    out = _chart_head(width, height, title, left)
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="#fff" '
               'stroke="#ccc"/>')
    step = _nice_step(hi - lo)
    tick = (int(lo // step) + 1) * step
    while tick < hi:
        y = sy(tick)
        out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="{"#999" if tick == 0 else "#eee"}"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#555">'
                   f'{tick:g}</text>')
        tick += step
    for x, label in marks:
        out.append(f'<line x1="{sx(x):.1f}" x2="{sx(x):.1f}" y1="{top}" y2="{top + ph}" '
                   'stroke="#b07a1a" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{sx(x):.1f}" y="{top - 4}" text-anchor="middle" '
                   f'fill="#7a4b00" font-size="11">{escape(label)}</text>')
    for g, label in guides:
        out.append(f'<line x1="{left}" x2="{left + pw}" y1="{sy(g):.1f}" y2="{sy(g):.1f}" '
                   'stroke="#888" stroke-dasharray="2 3"/>')
        out.append(f'<text x="{left + pw - 6}" y="{sy(g) - 4:.1f}" fill="#666" '
                   f'text-anchor="end" font-size="11">{escape(label)}</text>')
    for i, (name, vals) in enumerate(series.items()):
        if not vals:
            continue
        pts = " ".join(f"{sx(j + 1):.1f},{sy(v):.1f}" for j, v in enumerate(vals))
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colours[name]}" '
                   'stroke-width="2.5" stroke-linejoin="round"/>')
        ly = top + 14 + i * 18
        out.append(f'<line x1="{left + pw + 8}" x2="{left + pw + 26}" y1="{ly - 4}" '
                   f'y2="{ly - 4}" stroke="{colours[name]}" stroke-width="3"/>')
        last = f"{vals[-1]:+g}" if signed else f"{vals[-1]:g}"
        out.append(f'<text x="{left + pw + 30}" y="{ly}">{escape(name)} {last}</text>')
    out.append(f'<text x="{left + pw / 2:.0f}" y="{height - 6}" text-anchor="middle" '
               f'fill="#555">{escape(xlabel)}</text>')
    for x in _x_ticks(n):
        out.append(f'<text x="{sx(x):.1f}" y="{top + ph + 15}" text-anchor="middle" '
                   f'fill="#555" font-size="11">{x}</text>')
    out.append("</svg>")
    return "".join(out)


def bar_chart(bars: Sequence[tuple[str, float]], *, colours: Sequence[str] | None = None,
              title: str = "", width: int = 1000, height: int = 260, xlabel: str = "",
              marks: Sequence[tuple[float, str]] = ()) -> str:
    """Vertical bars with their values on top; ``marks`` are lines between bars at a
    fractional bar index (e.g. the 8.8 level boundaries)."""
    n = max(1, len(bars))
    hi = max([v for _, v in bars] + [1])
    # under a title, room for the tallest bar's value (it sat on the title)
    left, right, top, bottom = 40, 20, 44 if title else 30, 40
    pw, ph = width - left - right, height - top - bottom
    bw = pw / n
    out = _chart_head(width, height, title, left)
    out.append(f'<line x1="{left}" x2="{left + pw}" y1="{top + ph}" y2="{top + ph}" '
               'stroke="#888"/>')
    for i, (label, v) in enumerate(bars):
        h = ph * v / hi
        x = left + i * bw
        colour = colours[i] if colours else "#4a78a8"
        out.append(f'<rect x="{x + bw * 0.12:.1f}" y="{top + ph - h:.1f}" '
                   f'width="{bw * 0.76:.1f}" height="{h:.1f}" fill="{colour}"/>')
        if v:
            out.append(f'<text x="{x + bw / 2:.1f}" y="{top + ph - h - 4:.1f}" '
                       f'text-anchor="middle" font-size="11">{v:g}</text>')
        if n <= 30 or i % max(1, n // 20) == 0:
            out.append(f'<text x="{x + bw / 2:.1f}" y="{top + ph + 15}" text-anchor="middle" '
                       f'font-size="11" fill="#444">{escape(label)}</text>')
    for i, (at, label) in enumerate(marks):
        x = left + at * bw
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + ph}" '
                   'stroke="#c04040" stroke-dasharray="4 3"/>')
        near_end = x > left + pw - 90
        out.append(f'<text x="{x - 4 if near_end else x + 4:.1f}" y="{top + 10 + 14 * i}" '
                   f'fill="#c04040" font-size="11" '
                   f'text-anchor="{"end" if near_end else "start"}">{escape(label)}</text>')
    if xlabel:
        out.append(f'<text x="{left + pw / 2:.0f}" y="{height - 6}" text-anchor="middle" '
                   f'fill="#555">{escape(xlabel)}</text>')
    out.append("</svg>")
    return "".join(out)


def _nice_step(span: float) -> float:
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if span / step <= 8:
            return step
    return 200


def _x_ticks(n: int) -> list[int]:
    if n <= 1:
        return [1] if n else []
    step = max(1, round(n / 12))
    ticks = list(range(1, n + 1, step))
    if ticks[-1] != n:
        ticks.append(n)
    return ticks


# ======================================================================================
# the game report
# ======================================================================================
def _steps_charts(history: History) -> str:
    steps = history.steps
    labels = [f.label for f in Faction]
    margins = {name: [float(s.margins()[name]) for s in steps] for name in labels}
    # a Round's card only: a Propaganda card set aside holds none (6.0)
    marks = [(s.index, f"P{s.round}") for s in steps if s.held]
    totals = {
        "Total Support": [float(s.state.total_support()) for s in steps],
        "Opposition + Bases": [float(s.state.opposition_plus_bases()) for s in steps],
    }
    return (
        '<div class="charts"><figure>'
        + line_chart(margins, COLOUR, marks=marks, title="Victory margins (7.3) after each card",
                     xlabel="card played (P = Propaganda Round)")
        + "</figure><figure>"
        + line_chart(totals, {"Total Support": FACTION_COLOUR[Faction.GOVT],
                              "Opposition + Bases": FACTION_COLOUR[Faction.FARC]},
                     marks=marks, guides=[(60, "Govt > 60"), (25, "FARC > 25")],
                     title="Total Support and Opposition + Bases", signed=False,
                     xlabel="card played (P = Propaganda Round)")
        + "<figcaption>Dashed vertical lines: Propaganda Rounds. A Faction meets its victory "
        "condition when its margin is above 0 (7.2).</figcaption></figure></div>"
    )


def _action_html(a: Any) -> str:
    colour = COLOUR.get(a.faction, "#999")
    out = [f'<li style="border-left-color:{colour}"><span class="who" '
           f'style="color:{colour if a.faction != "AUC" else "#8a6d00"}">'
           f'{escape(a.faction)}</span>: {escape(_strip_who(a.faction, a.text))}']
    if a.why:
        out.append('<ol class="why">' + "".join(f"<li>{escape(_strip_who(a.faction, w))}"
                                                 "</li>" for w in a.why) + "</ol>")
    if a.note:
        out.append(f'<div class="note">{escape(a.note)}</div>')
    out.append("</li>")
    return "".join(out)


def _strip_who(faction: str, text: str) -> str:
    prefix = f"{faction}: "
    return text[len(prefix):] if text.startswith(prefix) else text


def _step_html(step: CardStep) -> str:
    s = step.state
    m = step.margins()
    heading = f"{step.index}. {step.heading}"
    changed = len(step.changed)
    tracks = (f"Total Support {s.total_support()}, Opposition + Bases "
              f"{s.opposition_plus_bases()}; margins "
              + ", ".join(f"{k} {v:+d}" for k, v in m.items())
              + "; Resources " + ", ".join(f"{f.label} {s.resources[f]}" for f in Faction)
              + f"; Aid {s.aid}")
    svg = board_svg(s, step.changed, heading=step.heading, panel=False)
    cls = "card propaganda" if step.propaganda else "card"
    return (f'<section class="{cls}" id="card-{step.index}"><h3>{escape(heading)}</h3>'
            f'<ul class="actions">{"".join(_action_html(a) for a in step.actions)}</ul>'
            f'<p class="tracks">{escape(tracks)}</p>'
            # each card's board folds (53 full maps made a page too long to read)
            f'<details class="board"><summary>The board after this card'
            f'{f"; {changed} space(s) changed, ringed in orange" if changed else ""}'
            f'</summary><figure class="map">{svg}</figure></details></section>')


def _rounds_fact(final: GameState) -> str:
    """'3', or '3 (1 Propaganda card played without a Round, 6.0)'."""
    held = rounds_held(final)
    aside = final.propaganda_cards - held
    return str(held) + (f" ({counted(aside, 'Propaganda card')} played without a Round, 6.0)"
                        if aside else "")


def cards_played(state: GameState) -> int:
    """The cards played so far, set-aside Propaganda cards too (6.0); in a game not
    over, the card face up counts once someone acted or passed on it: before that it is
    only turned, with no step of its own in the report (issue 43 trial b finding 5: the
    page said 13 for the 12 cards it listed)."""
    untouched = (state.phase == "card" and state.current_card is not None
                 and not state.step.get("acted") and not state.step.get("passed"))
    return len(state.played) - (1 if untouched and state.played[-1:] == [
        state.current_card] else 0)


def game_report(history: History, *, title: str = "Andean Abyss game report",
                subtitle: str = "", cards: PublicCards | None = None) -> str:
    """The whole game as one HTML page. ``cards``: the cards the final position's panel
    may name (:func:`tui.table_deck.public_cards` of the game; by default a solo
    game's)."""
    final = history.final
    margins = final.victory_margins()
    score, level = victory.solo_result(final)
    won = victory.winner(final)  # a Non-player's win at a check beats the players' (7.1)
    facts = [
        # every card played, the Propaganda cards set aside without a Round too (6.0)
        ("Cards played", str(cards_played(final))),
        ("Propaganda Rounds", _rounds_fact(final)),
        ("Winner", won.label if won is not None else "game not over"),
        ("Margins", ", ".join(f"{f.label} {margins[f]:+d}" for f in Faction)),
    ]
    if final.phase == "over":
        facts.append(("End", str(final.step.get("reason", ""))))
    body = [f"<h1>{escape(title)}</h1>"]
    if subtitle:
        body.append(f'<p class="sub">{escape(subtitle)}</p>')
    body.append('<div class="facts">' + "".join(
        f"<div><b>{escape(k)}</b>{escape(v)}</div>" for k, v in facts) + "</div>")
    if victory.solitaire_throughout(history.initial, final):  # 8.8: the solitaire game's
        body.append(f'<p class="level">{escape(solo_line(final))}</p>'
                    f'<p class="sub">8.8: {score:+d} is "{escape(level)}" '
                    "(0 or less COIN Failure; 1-3 Stalemate; 4-8 COIN Progress; 9+ COIN "
                    "Triumph).</p>")
    elif final.phase == "over":  # who won, by which rule (7.1-7.3)
        from tui.outcome import result_lines

        body.append('<p class="level">' + "<br>".join(
            escape(line) for line in result_lines(final)[3:]) + "</p>")
    body.append("<h2>Across the game</h2>" + _steps_charts(history))
    body.append("<h2>Final position</h2><figure>"
                + board_svg(final, heading="Final position", cards=cards) + "</figure>")
    body.append("<h2>Card by card</h2><nav class=\"toc\">" + "".join(
        f'<a href="#card-{s.index}">{s.index}. {escape(s.heading)}</a>'
        for s in history.steps) + "</nav>")
    body.append("<h2>Set-up</h2><figure class=\"map\">"
                + board_svg(history.initial, heading="Set-up", panel=False) + "</figure>")
    body += [_step_html(s) for s in history.steps]
    return _page(title, "".join(body))


# ======================================================================================
# the batch summary
# ======================================================================================
#: the first solo score of each 8.8 level above COIN Failure (0 or less)
LEVEL_STARTS = ((1, "Stalemate"), (4, "COIN Progress"), (9, "COIN Triumph"))


def level_marks(lo: int) -> list[tuple[float, str]]:
    """The 8.8 levels' lines on a bar chart of solo scores whose first bar is score
    ``lo``: each on the left edge of its level's first score (1-3 Stalemate, 4-8 COIN
    Progress, 9+ COIN Triumph), so the score 0 bar stays COIN Failure's."""
    return [(float(first - lo), name) for first, name in LEVEL_STARTS]


def batch_report(records: Sequence[Any], summary: dict[str, Any], *,
                 title: str = "Andean Abyss batch summary") -> str:
    """Solo score distribution, winners by Faction and when games end."""
    done = [r for r in records if not r.error]
    scores = [r.solo_score for r in done if r.solo_score is not None]
    body = [f"<h1>{escape(title)}</h1>",
            f'<p class="sub">{summary["games"]} games, {escape(str(summary.get("govt")))} '
            f'Government, {escape(str(summary.get("scenario")))} scenario, seeds '
            f'{"-".join(str(s) for s in summary.get("seeds", []))}; '
            f'{summary["errors"]} error(s)</p>']
    agents = summary.get("agents") or {}
    if agents:
        body.append('<p class="sub">Agents: ' + escape("; ".join(
            f"{seat}: agent {where!r}" for seat, where in agents.items())) + "</p>")
    if summary.get("agent_fallbacks"):
        body.append(f'<p class="sub">An agent fell back in {summary["agent_fallbacks"]} of '
                    f'{len(done)} games (games.csv\'s fallback column says when): their '
                    "results are partly the default player's; --agent-fallback stop counts "
                    "them as errors instead</p>")
    sc = summary["solo_score"]
    facts = []
    if sc.get("mean") is not None:
        ci = sc.get("ci95")
        facts.append(("Mean solo score", f"{sc['mean']:+.2f}"
                      + (f" (95% CI {ci[0]:+.2f} to {ci[1]:+.2f})" if ci else "")))
        facts.append(("Median", f"{sc['median']:+.1f}"))
    facts.append(("Mean Event cards", str(summary.get("mean_cards_played"))))
    facts.append(("Mean Propaganda cards", str(summary.get(  # (older runs: its old name)
        "mean_propaganda_cards", summary.get("mean_propaganda_rounds")))))
    body.append('<div class="facts">' + "".join(
        f"<div><b>{escape(k)}</b>{escape(v)}</div>" for k, v in facts) + "</div>")
    if scores:
        lo, hi = min(scores + [0]), max(scores + [9])
        counts = Counter(scores)
        bars = [(str(v), float(counts.get(v, 0))) for v in range(lo, hi + 1)]
        marks = level_marks(lo)
        colours = [_level_colour(v) for v in range(lo, hi + 1)]
        body.append("<h2>Solo scores (8.8)</h2><figure>" + bar_chart(
            bars, colours=colours, marks=marks, xlabel="Government margin minus the best "
            "Non-player margin") + "</figure>")
    levels = summary["solo_level"]
    if scores:  # solitaire games only (8.0): with an Insurgent agent, the winners
        body.append("<h2>8.8 levels and winners</h2><table><tr><th>8.8 level</th>"
                    "<th>games</th></tr>" + "".join(f"<tr><td>{escape(k)}</td><td>{v}</td></tr>"
                                                    for k, v in levels.items()) + "</table>")
    else:
        body.append("<h2>Winners</h2>")
    wins = summary["wins"]
    body.append('<figure style="max-width:700px">' + bar_chart(
        list((k, float(v)) for k, v in wins.items()),
        colours=[COLOUR[k] for k in wins], title="Winner by Faction", width=700,
        height=240) + "</figure>")
    if done:
        cards = Counter(r.cards_played for r in done)
        lo, hi = min(cards), max(cards)
        body.append("<h2>When games end</h2><figure>" + bar_chart(
            [(str(v), float(cards.get(v, 0))) for v in range(lo, hi + 1)],
            title="Event cards played before the end", xlabel="Event cards played")
            + "</figure>")
        reasons = Counter(_reason_kind(r.reason) for r in done)
        body.append("<table><tr><th>how the game ended</th><th>games</th></tr>" + "".join(
            f"<tr><td>{escape(k)}</td><td>{v}</td></tr>" for k, v in reasons.most_common())
            + "</table>")
        rounds = Counter(r.propaganda_cards for r in done)
        body.append("<table><tr><th>Propaganda cards played</th><th>games</th></tr>"
                    + "".join(f"<tr><td>{k}</td><td>{v}</td></tr>"
                              for k, v in sorted(rounds.items())) + "</table>")
    margins = summary["victory_margins"]
    body.append("<h2>Mean victory margins</h2><table><tr><th>Faction</th><th>mean</th>"
                "<th>95% CI</th></tr>" + "".join(
                    f"<tr><td>{escape(k)}</td><td>{m.get('mean')}</td>"
                    f"<td>{escape(str(m.get('ci95')))}</td></tr>"
                    for k, m in margins.items()) + "</table>")
    return _page(title, "".join(body))


def _level_colour(score: int) -> str:
    if score >= 9:
        return "#1d4f91"
    if score >= 4:
        return "#4a78a8"
    if score >= 1:
        return "#9aa9b8"
    return "#c0392b"


def _reason_kind(reason: str) -> str:
    text = reason.strip() or "unknown"
    return text.split(":")[0].split("(")[0].strip()[:80]


def write(text: str, path: str | Path) -> Path:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    return write_text(target, text)  # whole or not at all
