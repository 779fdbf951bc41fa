"""The Terror marker on the map picture leaves the space's name readable (issue 43,
newcomer's trial b finding 8): at the card's top-left corner it covered the first
letters of "Nariño" and "Meta West" (3.3.4 Terror markers, drawn by `andean map` and the
report)."""

from __future__ import annotations

from core.game import Game
from core.map import MAP
from tui.pictures.board import draw_board


def test_a_terror_marker_is_drawn_clear_of_its_spaces_name():  # 3.3.4
    state = Game.new("standard", seed=1).state.clone()
    spaces = [MAP.id_of("Nariño"), MAP.id_of("Meta West")]
    for s in spaces:
        state.terror[s] = 1
    shapes = draw_board(state, panel=False).shapes
    for s in spaces:
        name = MAP[s].name
        title = next(sh.args for sh in shapes if sh.kind == "text"
                     and str(sh.args["text"]).startswith(name) and sh.args["weight"] == "bold")
        cap_top = title["y"] - title["size"] * 0.75  # the tops of its capital letters
        marks = [sh.args["points"] for sh in shapes if sh.kind == "polygon"
                 and sh.args.get("title") == "1 Terror"]
        near = [pts for pts in marks if abs(pts[2][0] - title["x"]) < 30
                and abs(pts[1][1] - title["y"]) < 30]
        assert near, name
        for pts in near:
            assert max(y for _, y in pts) <= cap_top, (name, pts, title)


def test_no_card_hides_a_towns_name():  # 4.3.2 (a FARC Zone's card is taller)
    # the trial's Meta West with a FARC Zone and Active Opposition: its card grew over
    # the name of San José (the town ending the Bogotá-San José LoC)
    from core.state import ACTIVE_OPPOSITION
    from tui.pictures.board import geography, label_rect, layout, place_label

    zone = Game.new("standard", seed=1).state.clone()
    meta = MAP.id_of("Meta West")
    zone.farc_zone[meta] = True
    zone.support[meta] = ACTIVE_OPPOSITION
    for state in (Game.new("standard", seed=1).state, zone):
        where = layout(state)
        for name, (px, py) in geography().places.items():
            if name == "Arauca":
                continue  # in its Department's card
            x, y, anchor = place_label(name, px, py, where)
            rect = label_rect(name, x, y, anchor)
            hidden = [MAP[s].name for s, box in where.cards.items()
                      if rect[0] < box[2] and box[0] < rect[2] and rect[1] < box[3]
                      and box[1] < rect[3]]
            assert not hidden, (name, hidden)
