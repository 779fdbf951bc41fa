"""A game of ``andean assist --dice manual`` resumed keeps its typed dice (issue 43,
verification trial item 3): resumed with --load, the program rolled them and said only
"Resumed r2.json; saving to r2.json"; the save's options had no trace of the dice."""

from __future__ import annotations

import io
import json
import sys

from tui.commands.main import main


def _assist(monkeypatch, capsys, *args: str, typed: str) -> str:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["assist", "--plain", *args]) == 0
    return str(capsys.readouterr().out)


def test_typed_dice_are_kept_in_the_save_and_on_resume(tmp_path, monkeypatch, capsys):
    # 1.5: the table's dice; the program asks for them as it asked when the game began
    save = tmp_path / "t.json"
    _assist(monkeypatch, capsys, "--dice", "manual", "--seed", "5", "--save", str(save),
            typed="12\nquit\n")
    assert json.loads(save.read_text())["state"]["options"]["dice"] == "manual"
    out = _assist(monkeypatch, capsys, "--load", str(save), typed="quit\n")
    assert "Dice: typed in (as the save says; --dice auto for the other way)" in out
    out = _assist(monkeypatch, capsys, "--load", str(save), "--dice", "auto",
                  typed="quit\n")
    assert "Dice: rolled by the program (--dice; --dice manual for the other way)" in out


def test_a_game_without_typed_dice_says_the_program_rolls(tmp_path, monkeypatch, capsys):
    save = tmp_path / "t.json"
    _assist(monkeypatch, capsys, "--seed", "5", "--save", str(save), typed="12\nquit\n")
    assert "dice" not in json.loads(save.read_text())["state"]["options"]
    out = _assist(monkeypatch, capsys, "--load", str(save), typed="quit\n")
    assert "Dice: rolled by the program (the default; --dice manual for the other way)" \
        in out


def test_an_agent_with_the_saves_typed_dice_is_refused_naming_them(tmp_path, monkeypatch,
                                                                   capsys):
    # an agent's turn does not wait for typed dice: the save's are named, not a --dice
    # that was not given (a one-line error)

    save = tmp_path / "t.json"
    _assist(monkeypatch, capsys, "--dice", "manual", "--seed", "5", "--save", str(save),
            typed="12\nquit\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code = main(["assist", "--plain", "--load", str(save), "--agent", "FARC=python3 x.py"])
    err = capsys.readouterr().err
    assert code == 2 and "the save's typed dice" in err, (code, err)
