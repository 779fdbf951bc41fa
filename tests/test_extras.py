"""The package's extras (issue 19 item 2): playing needs none of them, and every command or
option that needs a missing one says so in one line naming it and exits 2, before its
first game. A missing extra is simulated by making its modules unimportable
(``sys.modules[name] = None``, restored by monkeypatch)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from core.extras import MODULES, MissingExtra, require_extra
from core.game import Game, serialize
from tui.commands.main import main

ROOT = Path(__file__).resolve().parent.parent

#: Every top-level package an extra brings, as pyproject.toml lists them.
EXTRA_PACKAGES = {"dask": ("dask", "distributed"), "plot": ("matplotlib",),
                  "stats": ("scipy",), "serve": ("textual_serve",),
                  "env": ("pettingzoo", "gymnasium"), "openspiel": ("pyspiel", "open_spiel")}


def without(monkeypatch: pytest.MonkeyPatch, extra: str) -> None:
    """Make the packages of ``extra`` unimportable for this test, submodules included."""
    for name in EXTRA_PACKAGES[extra]:
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            monkeypatch.setitem(sys.modules, loaded, None)
        monkeypatch.setitem(sys.modules, name, None)


def one_line_naming(err: str, extra: str) -> bool:
    lines = err.strip().splitlines()
    return len(lines) == 1 and f"pip install 'andean-abyss-engine[{extra}]'" in lines[0]


def test_every_extra_names_an_importable_module() -> None:
    assert set(MODULES) == set(EXTRA_PACKAGES)
    for extra, module in MODULES.items():
        assert require_extra(extra, "a test").__name__ == module


def test_require_extra_names_the_extra_to_install(monkeypatch) -> None:
    without(monkeypatch, "stats")
    with pytest.raises(MissingExtra) as missing:
        require_extra("stats", "andean batch")
    assert str(missing.value) == ("andean batch needs scipy, which is not installed: "
                                  "pip install 'andean-abyss-engine[stats]'")
    assert isinstance(missing.value, ImportError) and missing.value.extras == ["stats"]


def test_a_broken_extra_is_not_reported_as_missing(monkeypatch) -> None:
    # matplotlib is there but one of its own dependencies is not: the real error shows
    import importlib

    def broken(name: str) -> None:
        raise ModuleNotFoundError("No module named 'kiwisolver'", name="kiwisolver")

    monkeypatch.setattr(importlib, "import_module", broken)
    with pytest.raises(ModuleNotFoundError) as err:
        require_extra("plot", "a picture")
    assert not isinstance(err.value, MissingExtra) and err.value.name == "kiwisolver"


# ======================================================================================
# each command that needs an extra: one line naming it, exit 2, nothing played or written
# ======================================================================================
def test_batch_without_stats(monkeypatch, capsys, tmp_path) -> None:
    without(monkeypatch, "stats")
    outdir = tmp_path / "results"
    code = main(["batch", "--games", "2", "--scenario", "quick", "--out", str(outdir)])
    err = capsys.readouterr().err
    assert code == 2 and one_line_naming(err, "stats"), err
    assert "andean batch" in err and not outdir.exists()  # refused before the first game


def test_batch_dask_backend_without_dask(monkeypatch, capsys, tmp_path) -> None:
    without(monkeypatch, "dask")
    outdir = tmp_path / "results"
    code = main(["batch", "--games", "2", "--scenario", "quick", "--backend", "dask",
                 "--out", str(outdir)])
    err = capsys.readouterr().err
    assert code == 2 and one_line_naming(err, "dask"), err
    assert "--backend dask" in err and not outdir.exists()


def test_batch_plot_without_matplotlib(monkeypatch, capsys, tmp_path) -> None:
    without(monkeypatch, "plot")
    outdir = tmp_path / "results"
    code = main(["batch", "--games", "2", "--scenario", "quick", "--out", str(outdir),
                 "--plot", str(tmp_path / "scores.png")])
    err = capsys.readouterr().err
    assert code == 2 and one_line_naming(err, "plot"), err
    assert "--plot" in err and not outdir.exists()


def test_batch_names_every_missing_extra_at_once(monkeypatch, capsys, tmp_path) -> None:
    for extra in EXTRA_PACKAGES:
        without(monkeypatch, extra)
    code = main(["batch", "--games", "2", "--scenario", "quick", "--backend", "dask",
                 "--out", str(tmp_path / "results"), "--plot", str(tmp_path / "s.png")])
    err = capsys.readouterr().err
    assert code == 2 and one_line_naming(err, "dask,plot,stats"), err
    assert "needs scipy" in err and "needs distributed" in err and "needs matplotlib" in err


def test_map_png_without_matplotlib_but_svg_works(monkeypatch, capsys, tmp_path) -> None:
    save = tmp_path / "game.json"
    serialize.save(Game.new("standard", seed=1), save)
    without(monkeypatch, "plot")
    code = main(["map", str(save), "--out", str(tmp_path / "board.png")])
    err = capsys.readouterr().err
    assert code == 2 and one_line_naming(err, "plot"), err
    assert not (tmp_path / "board.png").exists()
    assert main(["map", str(save), "--out", str(tmp_path / "board.svg")]) == 0  # no extra


def test_serve_without_textual_serve(monkeypatch, capsys, tmp_path) -> None:
    """andean serve without the serve extra: one line naming it, nothing written."""
    without(monkeypatch, "serve")
    monkeypatch.chdir(tmp_path)
    code = main(["serve", "play", "--as", "FARC"])
    err = capsys.readouterr().err
    assert code == 2 and one_line_naming(err, "serve"), err
    assert not list(tmp_path.iterdir())


def test_strength_benchmark_without_stats(monkeypatch, capsys, tmp_path) -> None:
    from benchmarks import strength

    without(monkeypatch, "stats")
    out = tmp_path / "strength.md"
    code = strength.main(["--games", "2", "--govts", "random", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and one_line_naming(err, "stats"), err
    assert not out.exists()


def test_library_functions_name_the_extra_too(monkeypatch, tmp_path) -> None:
    from runners.games import mean_ci, plot_scores, run_batch
    from tui.pictures import board

    without(monkeypatch, "stats")
    with pytest.raises(MissingExtra, match=r"\[stats\]"):
        mean_ci([1, 2])
    without(monkeypatch, "plot")
    with pytest.raises(MissingExtra, match=r"\[plot\]"):
        plot_scores([], tmp_path / "s.png")
    with pytest.raises(MissingExtra, match=r"\[plot\]"):
        board.write_board(Game.new("quick", seed=1).state, tmp_path / "b.png")
    without(monkeypatch, "dask")
    with pytest.raises(MissingExtra, match=r"\[dask\]"):
        run_batch([1], backend="dask")


# ======================================================================================
# playing needs no extra
# ======================================================================================
def test_demo_plays_with_no_extra_installed() -> None:
    # A fresh interpreter in which no module of any extra can be imported (an import
    # hook refuses them), as after a plain ``pip install .``: the demo plays a game.
    # (.ci/run checks the same with a real plain install.)
    blocked = sorted(p for packages in EXTRA_PACKAGES.values() for p in packages)
    script = textwrap.dedent(f"""
        import importlib.abc, sys
        BLOCKED = {blocked!r}

        class NoExtras(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None

        sys.meta_path.insert(0, NoExtras())
        from tui.commands.main import main
        code = main(["demo", "--govt", "heuristic", "--scenario", "quick", "--seed", "3",
                     "--json"])
        loaded = [m for m in sys.modules if m.split(".")[0] in BLOCKED]
        print("LOADED", loaded, file=sys.stderr)
        sys.exit(code)
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["seed"] == 3
    assert "LOADED []" in done.stderr

