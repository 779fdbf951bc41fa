"""Pictures of the board (issue 14): the map as SVG/PNG, the HTML game and batch reports,
the text map; checked structurally and, where Debian's chromium is installed, opened
in a real headless browser.

The map must show every space in play once with exactly the state's pieces (1.3, 1.4):
the SVG carries each space's piece counts as data attributes, which the tests compare
with the game state after parsing the SVG as XML.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from core.game import Game, serialize
from core.map import MAP
from core.state import GameState
from runners.games import play
from tui.commands.main import main
from tui.history import EDITOR, Recorder, from_game
from tui.pictures import board, report
from tui.pictures.textmap import LEGEND, label_lines, legend, render_text

SVG = "{http://www.w3.org/2000/svg}"
KIND_ATTRS = [k.name.lower().replace("_", "-") for k, _ in board.KINDS]


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game.new("standard", seed=1)


@pytest.fixture(scope="module")
def late(tmp_path_factory) -> tuple[Game, Path, object]:
    """A whole bot game (seed 3: FARC wins at the second Propaganda Round, Panamá in
    play by card 71), its save, and the history recorded while it was played."""
    rec = Recorder()
    game, _ = play(3, "heuristic", on_turn=rec.on_turn)
    path = tmp_path_factory.mktemp("late") / "late.json"
    serialize.save(game, path)
    return game, path, rec.finish(game.state)


def spaces_in_svg(svg: str) -> dict[str, dict[str, str]]:
    """Each space group's attributes, plus ``drawn:<kind>``: the count shown on the
    glyph of each kind of piece drawn in it (read from the glyphs' titles)."""
    root = ET.fromstring(svg)  # valid XML, or this raises
    assert root.tag == f"{SVG}svg"
    tips = {tip: kind for kind, tip in board.KINDS}
    found: dict[str, dict[str, str]] = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "space":
            name = g.get("data-space")
            assert name not in found, f"{name} drawn twice"
            found[name] = dict(g.attrib)
            for title in g.iter(f"{SVG}title"):
                m = re.fullmatch(r"(\d+) (.+)", title.text or "")
                if m and m.group(2) in tips:
                    key = f"drawn:{tips[m.group(2)].name}"
                    assert key not in found[name], f"two {m.group(2)} glyphs in {name}"
                    found[name][key] = m.group(1)
    return found


def check_map(state: GameState) -> None:
    drawn = spaces_in_svg(board.board_svg(state))
    in_play = {s.name for s in MAP if state.in_play(s.id)}
    assert set(drawn) == in_play  # 1.3: every space in play, once; no foreign country else
    for name, attrs in drawn.items():
        sid = MAP.id_of(name)
        for (kind, _), attr in zip(board.KINDS, KIND_ATTRS, strict=True):
            assert int(attrs[f"data-{attr}"]) == state.count(sid, kind), (name, attr)
            # and the number drawn on the piece's glyph (none drawn for none there)
            assert int(attrs.get(f"drawn:{kind.name}", 0)) == state.count(sid, kind)
    total = sum(int(a[f"data-{k}"]) for a in drawn.values() for k in KIND_ATTRS)
    assert total == sum(state.pieces)  # 1.4: all pieces on the map drawn


def test_standard_set_up_map_shows_every_space_and_piece(standard):  # 2.1 set up
    check_map(standard.state)
    assert not standard.state.in_play(MAP.PANAMA)


def test_late_game_map_shows_every_space_and_piece(late):  # 1.3.5 Panamá by card 71
    game, _, _ = late
    assert game.state.in_play(MAP.PANAMA)
    check_map(game.state)


def test_geography_places_every_space_once():
    data = board.geography_data()
    assert "public geography" in data["_about"]
    geo = board.geography()
    assert set(geo.at) == {s.id for s in MAP}
    assert {MAP.id_of(n) for n in data["locs"]} == {s.id for s in MAP.locs}
    for sid, (x, y) in geo.at.items():
        assert 0 <= x <= geo.width and 0 <= y <= geo.height, MAP[sid].name


Rect = tuple[float, float, float, float]


def drawn_geometry(state: GameState) -> tuple[list[tuple[str, Rect]],
                                              list[tuple[str, str, Rect]]]:
    """From the drawn shapes: each space's box (a card, or the box of a LoC's pieces)
    and what must stay visible: each card's name (its first text, measured at 0.7 of
    the font size a bold letter) and each LoC's Econ disc with the Sabotage tag's room."""
    boxes: list[tuple[str, Rect]] = []
    marks: list[tuple[str, str, Rect]] = []
    space, named = None, False
    for shape in board.draw_board(state, panel=False).shapes:
        a = shape.args
        if shape.kind == "group":
            space, named = a["data"]["space"], False
        elif shape.kind == "end":
            space = None
        elif space is not None:
            sp = MAP[MAP.id_of(space)]
            if shape.kind == "rect" and a["title"] == sp.full_name:
                boxes.append((space, (a["x"], a["y"], a["x"] + a["w"], a["y"] + a["h"])))
            elif shape.kind == "circle" and a["title"] == sp.full_name:
                x, y, r = a["cx"], a["cy"], a["r"]
                marks.append((space, "Econ disc", (x - r, y - r, x + r, y + r)))
            elif shape.kind == "rect" and a["title"] == "Sabotage":
                marks.append((space, "Sabotage", (a["x"], a["y"], a["x"] + a["w"],
                                                  a["y"] + a["h"])))
            elif shape.kind == "text" and not named and not sp.is_loc:
                named = True
                w = len(a["text"]) * a["size"] * 0.7
                marks.append((space, "name", (a["x"], a["y"] - a["size"] * 0.8,
                                              a["x"] + w, a["y"] + a["size"] * 0.25)))
    return boxes, marks


def covered(state: GameState) -> list[str]:
    """Every box that covers another space's name or LoC marker, or another box."""
    def meet(p: Rect, q: Rect) -> bool:
        return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]

    boxes, marks = drawn_geometry(state)
    found = [f"{b} covers {m}'s {what}" for b, box in boxes for m, what, mark in marks
             if m != b and meet(box, mark)]
    found += [f"{b} overlaps {c}" for i, (b, p) in enumerate(boxes)
              for c, q in boxes[i + 1:] if b != c and meet(p, q)]
    return found


def test_no_box_covers_a_name_or_a_loc_marker(standard, late):  # issue 24 item 5
    """The map picture (`andean map`): no card or LoC piece box hides another space's
    name, a LoC's Econ disc or Sabotage, or another box: at the Standard and Quick set-ups
    and after every card of a whole game (boxes grow with the pieces)."""
    _, _, history = late
    states = [standard.state, Game.new("quick", seed=2).state] + [
        step.state for step in history.steps]
    problems = {p for state in states for p in covered(state)}
    assert not problems, sorted(problems)
    boxes, marks = drawn_geometry(standard.state)  # the geometry read is the drawn one
    in_play = [sp for sp in MAP if standard.state.in_play(sp.id)]
    loaded = [sp for sp in in_play if sp.is_loc and any(standard.state.row(sp.id))]
    assert len(boxes) == sum(not sp.is_loc for sp in in_play) + len(loaded)
    assert sum(what == "Econ disc" for _, what, _ in marks) == len(MAP.locs) == 18


def test_the_legend_explains_the_box_borders(standard):  # issue 24 item 5
    texts = [s.args["text"] for s in board.draw_board(standard.state).shapes
             if s.kind == "text"]
    assert "City" in texts and "Department or country, border by terrain:" in texts
    assert {"forest", "mountain", "grassland"} <= set(texts)


def test_png_is_drawn_without_a_converter(standard, tmp_path):
    path = board.write_board(standard.state, tmp_path / "b.png", scale=0.5)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 20_000


def test_map_command_draws_a_save_after_a_given_card(late, tmp_path):
    game, save, history = late
    card = history.steps[2].card
    out = tmp_path / "after.svg"
    assert main(["map", str(save), "--card", str(card), "--out", str(out)]) == 0
    drawn = spaces_in_svg(out.read_text(encoding="utf-8"))
    after = history.steps[2].state
    for name, attrs in drawn.items():
        sid = MAP.id_of(name)
        assert [int(attrs[f"data-{k}"]) for k in KIND_ATTRS] == after.row(sid)
    assert main(["map", str(save), "--out", str(tmp_path / "now.png")]) == 0
    assert main(["map", str(save), "--card", "99"]) == 2  # no such card


def test_history_from_a_save_matches_the_game_as_played(late):
    """report SAVE rebuilds what the demo recorded: same cards, boards, and the same
    section-8 flowchart paths for every Non-player decision (8.1)."""
    game, _, played = late
    rebuilt = from_game(serialize.game_from_json(serialize.game_to_json(game)))
    assert [s.card for s in rebuilt.steps] == [s.card for s in played.steps]
    for a, b in zip(rebuilt.steps, played.steps, strict=True):
        assert a.state.pieces == b.state.pieces and a.changed == b.changed
        for x, y in zip(a.actions, b.actions, strict=True):
            assert x.faction == y.faction and x.text == y.text
            if x.faction in ("FARC", "AUC", "Cartels"):  # (the bot Government's reasons
                assert x.why == y.why and x.why, (a.heading, x.text)  # are not saved)
            elif x.faction == "Propaganda Round":  # 6.1-6.3 steps reported alike
                assert x.why == y.why


def test_changed_spaces_are_ringed(late):
    _, _, history = late
    step = next(s for s in history.steps if s.changed)
    svg = board.board_svg(step.state, step.changed, panel=False)
    assert svg.count(board.HIGHLIGHT) == len(step.changed)


def test_game_report_is_self_contained(late, tmp_path):
    game, save, history = late
    out = tmp_path / "game.html"
    assert main(["report", str(save), "--out", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "<script" not in html and not re.search(r"(src|href)=\"https?:", html)
    assert html.count('<section class="card') == len(history.steps)
    for i in range(1, len(history.steps) + 1):
        assert f'id="card-{i}"' in html
    assert "Victory margins (7.3)" in html and ">P1<" in html and ">P2<" in html
    assert "Government solo score (8.8)" in html  # the final 8.8 level
    assert "@media print" in html
    for svg in re.findall(r"<svg.*?</svg>", html, flags=re.S):
        ET.fromstring(svg)


def test_demo_and_batch_reports(tmp_path):
    out = tmp_path / "demo.html"
    assert main(["demo", "--govt", "heuristic", "--seed", "3", "--report", str(out)]) == 0
    assert out.read_text(encoding="utf-8").count('<section class="card') >= 10
    summary = tmp_path / "summary.html"
    assert main(["batch", "--games", "2", "--out", str(tmp_path / "b"), "--report",
                 str(summary)]) == 0
    html = summary.read_text(encoding="utf-8")
    assert "Solo scores (8.8)" in html and "Winner by Faction" in html
    assert "When games end" in html and "<script" not in html


def test_board_editor_corrections_are_reported_as_such(standard):
    """A correction made with the assist board editor is in the log (it replays); the
    report lists it as the editor's, with what it did and no flowchart path."""
    from core.game.board_editor import EditPieces
    from core.pieces import Piece

    game = standard.clone()
    game.apply(EditPieces(MAP.id_of("Vaupés"), int(Piece.FARC_UNDERGROUND), 2))
    history = from_game(game)
    (action,) = history.steps[0].actions
    assert action.faction == EDITOR and not action.why
    assert "Vaupés" in action.text
    assert history.steps[0].changed == {MAP.id_of("Vaupés")}


# ======================================================================================
# text map
# ======================================================================================
@pytest.mark.parametrize("size", [(80, 20), (120, 36), (200, 46)])
def test_text_map_fits_and_names_the_cities(late, size):
    game, _, _ = late
    width, height = size
    text = render_text(game.state, width, height)
    lines = text.plain.split("\n")
    assert len(lines) == height and all(len(x) == width for x in lines)
    if width >= 120:  # room for every City and Department by name
        for sp in MAP:
            if game.state.in_play(sp.id) and not sp.is_loc:
                assert sp.name in text.plain, sp.name


PIECES = re.compile(r"[GFAC]:(\d+[TPgGB])+")  # a Faction's letter, then its pieces
MARKERS = re.compile(r"\$+|!\d|#|Z|\*")  # Shipments, Terror, Sabotage, FARC Zone, left out
HEAD = re.compile(r"(?P<name>[^\d+\-\[*]+)(?P<pop>\d)?(?P<support>\+\+|\+|--|-)?"
                  r"(?P<control>\[[GF]\])?\*?")


@pytest.mark.parametrize("size", [(80, 16), (120, 36)])  # (80, 16): the map at 80x24
def test_text_map_words_carry_every_meaning(standard, late, size):  # issue 24 item 5
    """Every piece count carries its Faction's letter (1.4), Support and Opposition are
    written, not only coloured (1.6), Control is [G]/[F] (1.7), and a label's lines on a
    row are parted from the next by a blank cell (no "SantaG", "HuilF*·6P 1B")."""
    game, _, _ = late
    for state in (standard.state, game.state):
        text = render_text(state, *size).plain.split("\n")
        lines = label_lines(state, *size)
        assert lines
        for col, row, label in lines:
            assert text[row][col:col + len(label)] == label
            assert col == 0 or text[row][col - 1] == " ", (label, text[row])
            end = col + len(label)
            assert end == size[0] or text[row][end] == " ", (label, text[row])
            tokens = label.split(" ")
            if all(PIECES.fullmatch(t) or MARKERS.fullmatch(t) for t in tokens):
                continue  # a pieces line
            head = HEAD.fullmatch(label)
            assert head, label
            named = [s for s in MAP if s.name.startswith(head["name"].rstrip())
                     and state.in_play(s.id) and not s.is_loc]
            assert named, label
            sp = named[0]
            if len(named) == 1 and sp.is_populated:
                level = state.support[sp.id]
                mark = {2: "++", 1: "+", 0: None, -1: "-", -2: "--"}[level]
                assert head["support"] == mark, (label, sp.name)
    full = render_text(standard.state, 120, 40).plain
    assert "Bogotá8++[G]" in full and "Nariño1--[F]" in full and "G:3T2P" in full
    assert "F:2g A:1g C:1g2B" in full  # Putumayo: each Faction's pieces lettered


def test_text_map_legend_keys_every_sign():  # issue 24 item 5
    assert all(len(line) <= 78 for line in LEGEND)  # 80 columns less the padding
    key = " ".join(LEGEND)
    for sign in ("G Government", "F FARC", "A AUC", "C Cartels", "* pieces left out",
                 "+ Passive", "- -- Opposition", "Control", "g Underground", "G Active",
                 "$ Shipment", "!n Terror", "# Sabotage", "Z FARC Zone", "· road",
                 ": pipeline"):
        assert sign in key, sign
    assert legend(200).count("\n") < legend(80).count("\n") == len(LEGEND) - 1


# ======================================================================================
# a real browser
# ======================================================================================
def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") \
        or shutil.which("google-chrome")


@pytest.mark.skipif(_chromium() is None, reason="no headless browser: install Debian's "
                    "chromium (apt-get install -y chromium) to open the report in one")
def test_report_renders_in_a_headless_browser(late, tmp_path):
    game, _, history = late
    page = tmp_path / "game.html"
    report.write(report.game_report(history), page)
    browser = _chromium()
    assert browser is not None
    base = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(base + ["--dump-dom", page.as_uri()], capture_output=True,
                         text=True, timeout=120, check=True).stdout
    assert dom.count('<section class="card') == len(history.steps)
    assert dom.count("<svg") >= len(history.steps) + 3
    shot = tmp_path / "shot.png"
    done = subprocess.run(base + ["--window-size=1200,1600", f"--screenshot={shot}",
                                  page.as_uri()], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "ERR_" not in done.stderr  # no resource failed to load
    from PIL import Image

    with Image.open(shot) as img:
        assert img.size == (1200, 1600)
        colours = img.convert("RGB").resize((60, 80)).getcolors(60 * 80)
    assert colours is not None and len(colours) > 20  # a drawn page, not a blank one


def test_report_and_map_refuse_a_file_kind_they_do_not_write(tmp_path, capsys):
    # issue 43: `report --out r.txt` wrote HTML into a .txt while map refused other
    # extensions; now both say which kinds they write, in one line, writing nothing
    from tui.commands.main import main

    save = tmp_path / "g.json"
    serialize.save(Game.new("quick", seed=1), save)
    assert main(["report", str(save), "--out", str(tmp_path / "r.txt")]) == 2
    assert "--out must end in .html or .htm, not " in capsys.readouterr().err
    assert main(["map", str(save), "--out", str(tmp_path / "m.txt")]) == 2
    assert "--out must end in .svg or .png, not " in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]
