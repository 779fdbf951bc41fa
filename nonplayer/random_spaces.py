"""Random selection of spaces for Non-players (8.2 Cities/Departments, 8.3 LoCs).

The chart itself is data (``flowcharts/random_spaces.toml``) so a user holding the
printed aid can correct it. Every die comes from the game's dice source, so a person can
roll the physical red, yellow and green dice; each selection returns a
:class:`Selection` telling which dice were rolled and how the walk ended, for the trace.

>>> from nonplayer.random_spaces import CHART
>>> CHART.slot(1, 3, 1)           # red 1, yellow 3, green 1
'Medellín'
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from core.dice import DiceSource
from core.map import MAP, space_name
from core.record import Record
from core.space import SPACES
from core.state import GameState

ROWS = ("top", "middle", "bottom")

#: ``valid(space)``: whether a candidate really counts (8.2: "valid" spaces only). Given
#: to the pickers below, the candidates passed are a superset and ``valid`` is asked only
#: about those the procedure needs, in the order it needs them; the pick, the dice rolled
#: and the path walked are those of the same procedure run on the valid candidates alone.
Valid = Callable[[int], bool]


def count_valid(candidates: Iterable[int], valid: Valid, enough: int) -> int:
    """How many of ``candidates`` are valid, counting no further than ``enough``."""
    found = 0
    for s in candidates:
        if valid(s):
            found += 1
            if found >= enough:
                break
    return found


class ChartError(ValueError):
    """The random space chart file is malformed."""


class Selection(Record):
    """One random pick: the space chosen, the dice and the path walked (for the trace).

    Read-only by convention; a class with its own constructor rather than a frozen
    dataclass, whose ``__init__`` compiled code would call in Python at every pick
    (docs/performance.md, "Fifth round"). A :class:`core.record.Record`: it compares,
    hashes and prints as one."""

    _names = ("space", "dice", "walked", "how")

    space: int | None
    dice: tuple[tuple[str, int], ...]
    walked: tuple[int, ...]
    how: str

    def __init__(self, space: int | None, dice: tuple[tuple[str, int], ...] = (),
                 walked: tuple[int, ...] = (), how: str = "") -> None:
        self.space = space
        self.dice = dice
        self.walked = walked
        self.how = how

    def _fields(self) -> tuple[Any, ...]:
        return (self.space, self.dice, self.walked, self.how)

    def describe(self) -> str:
        if self.space is None:
            return "no candidate"
        dice = ", ".join(f"{color} {value}" for color, value in self.dice)
        name = space_name(self.space)
        if not self.dice:
            return f"{name} ({self.how})"
        path = " -> ".join(space_name(s) for s in self.walked)
        # the dice as a list ("die 5, red 6, yellow 2, green 3"), not "dice die 5, ..."
        return f"{name} ({dice}: {path})" if len(self.walked) > 1 else f"{name} ({dice})"


@dataclass(frozen=True)
class Chart:
    """The 27-space cycle of the 8.2 chart, plus the spaces taken first."""

    cycle: tuple[int, ...]  # space ids in reading order (the arrows)
    first: tuple[int, ...] = field(default=())

    def index(self, red: int, yellow: int, green: int) -> int:
        column = (red - 1) // 2
        row = (yellow - 1) // 2
        choice = (green - 1) // 2
        return column * 9 + row * 3 + choice

    def slot(self, red: int, yellow: int, green: int) -> str:
        return SPACES[self.cycle[self.index(red, yellow, green)]].name


def load_chart(text: str | None = None) -> Chart:
    """Load (and check) the chart; ``text`` overrides the packaged file (for tests)."""
    if text is None:
        text = resources.files("flowcharts").joinpath("random_spaces.toml").read_text("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ChartError(f"random_spaces.toml: {err}") from None
    columns = data.get("column")
    if not isinstance(columns, list) or len(columns) != 3:
        raise ChartError("random_spaces.toml: expected exactly 3 [[column]] tables")
    cycle: list[int] = []
    for i, col in enumerate(columns, 1):
        for row in ROWS:
            names = col.get(row)
            if not isinstance(names, list) or len(names) != 3:
                raise ChartError(f"random_spaces.toml: column {i} {row} needs 3 space names")
            for name in names:
                try:
                    cycle.append(MAP.id_of(name))
                except KeyError as err:
                    raise ChartError(f"random_spaces.toml: column {i} {row}: {err}") from None
    expected = {s.id for s in MAP.cities + MAP.departments}
    if set(cycle) != expected or len(cycle) != len(expected):
        missing = sorted(space_name(s) for s in expected - set(cycle))
        raise ChartError(
            "random_spaces.toml must list every City and Department exactly once"
            + (f"; missing {', '.join(missing)}" if missing else "; some appear twice")
        )
    first = tuple(MAP.id_of(n) for n in data.get("first", []))
    return Chart(tuple(cycle), first)


CHART = load_chart()


def told(dice: DiceSource, pick: Selection) -> Selection:
    """``pick``, said at once to the person rolling when ``dice`` asks a person (typed
    dice: :class:`core.dice.AskDice` with ``tell``): '-> Huila-Tolima (red 1, yellow 3,
    green 1)', short enough for a dialog at 80x24 (the walk down the chart is in the
    turn's trace, :meth:`Selection.describe`). Only picks that rolled dice are said."""
    tell = getattr(dice, "tell", None)
    if tell is not None and pick.dice and pick.space is not None:
        rolled = ", ".join(f"{color} {value}" for color, value in pick.dice)
        how = f"; {pick.how}" if pick.how else ""
        tell(f"-> {space_name(pick.space)} ({rolled}{how})")
    return pick


def _die_among(state: GameState, dice: DiceSource, pool: list[int], purpose: str
               ) -> tuple[int, tuple[tuple[str, int], ...]]:
    """One of ``pool`` (2-6 spaces) by a single die, the faces shared out in order as in
    the 8.3 EXAMPLE (3 candidates: 1-2, 3-4, 5-6); faces left over are rolled again."""
    n = min(len(pool), 6)
    per = 6 // n
    rolls: list[tuple[str, int]] = []
    while True:
        roll = dice.roll(state, purpose)
        rolls.append(("die", roll))
        if roll <= n * per:
            return pool[(roll - 1) // per], tuple(rolls)


def foreign_first(
    state: GameState,
    dice: DiceSource,
    candidates: Iterable[int],
    why: str = "",
    chart: Chart | None = None,
    valid: Valid | None = None,
) -> Selection | None:
    """8.2 « Si le Panamá ou l'Équateur (Ecuador) est l'un des espaces possibles (1.3.5),
    sélectionnez le avant tout autre espace »: the (valid) one of them among
    ``candidates``, taken before any other candidate; when both are, a die decides (1-3
    the first of the chart file's ``first`` list, 4-6 the second: the text gives no
    order, docs/readings.md#r-mixed-pool). None when neither is a candidate."""
    chart = chart or CHART
    given = set(candidates)
    firsts = [s for s in chart.first if s in given and (valid is None or valid(s))]
    if not firsts:
        return None
    if len(firsts) == 1:
        return Selection(firsts[0], how="taken before any other space, 8.2")
    label = f" for {why}" if why else ""
    names = " or ".join(space_name(s) for s in firsts)
    space, rolls = _die_among(state, dice, firsts, f"die, {names} first{label} (8.2)")
    return told(dice, Selection(space, rolls, how="die, 8.2"))


def random_space(
    state: GameState,
    dice: DiceSource,
    candidates: Iterable[int],
    why: str = "",
    chart: Chart = CHART,
    valid: Valid | None = None,
) -> Selection:
    """Pick one of ``candidates`` (Cities/Departments) by the 8.2 chart.

    Ecuador or Panamá among the candidates is taken first (both: a die decides,
    :func:`foreign_first`). A single candidate is taken without rolling; otherwise red,
    yellow and green dice name a chart slot and the walk goes down the cycle to the first
    candidate. With ``valid``, among the valid candidates (:data:`Valid`).
    """
    given = list(dict.fromkeys(candidates))
    first = foreign_first(state, dice, given, why, chart, valid)
    if first is not None:
        return first
    rest = [s for s in given if s not in chart.first]
    if valid is not None:
        found = count_valid(rest, valid, 2)
        if found == 0:
            return Selection(None)
        if found == 1:
            return Selection(next(s for s in rest if valid(s)), how="the only candidate")
    pool = set(rest)
    if not pool:
        return Selection(None)
    if len(pool) == 1:
        return Selection(next(iter(pool)), how="the only candidate")
    label = f" for {why}" if why else ""
    red = dice.roll(state, f"red die, random space{label} (8.2)")
    yellow = dice.roll(state, f"yellow die, random space{label} (8.2)")
    green = dice.roll(state, f"green die, random space{label} (8.2)")
    start = chart.index(red, yellow, green)
    walked = []
    for k in range(len(chart.cycle)):
        s = chart.cycle[(start + k) % len(chart.cycle)]
        walked.append(s)
        if s in pool and (valid is None or valid(s)):
            return told(dice, Selection(s, (("red", red), ("yellow", yellow),
                                            ("green", green)), tuple(walked)))
    raise ValueError(f"candidates not on the chart: {sorted(space_name(s) for s in pool)}")


def random_loc(
    state: GameState, dice: DiceSource, candidates: Iterable[int], why: str = "",
    valid: Valid | None = None,
) -> Selection:
    """Pick one of ``candidates`` (LoCs) by 8.3: highest Econ, then those adjacent to a
    City chosen at random (8.2 among Cities adjacent to a remaining candidate), then a die
    numbering the rest in map order. With ``valid``, among the valid candidates
    (:data:`Valid`: only the highest Econ with a valid LoC is asked about)."""
    pool = sorted(set(candidates))
    if valid is not None:
        for econ in sorted({SPACES[s].econ for s in pool}, reverse=True):
            level = [s for s in pool if SPACES[s].econ == econ and valid(s)]
            if level:
                pool = level
                break
        else:
            pool = []
    if not pool:
        return Selection(None)
    top = max(SPACES[s].econ for s in pool)
    pool = [s for s in pool if SPACES[s].econ == top]
    if len(pool) == 1:
        return Selection(pool[0], how=f"the only {top}-Econ candidate, 8.3")
    cities = sorted({a for s in pool for a in SPACES[s].adjacent if SPACES[a].is_city})
    rolls: list[tuple[str, int]] = []
    walked: tuple[int, ...] = ()
    if cities:
        pick = random_space(state, dice, cities, why or "a LoC", CHART)
        rolls.extend(pick.dice)
        walked = pick.walked
        assert pick.space is not None
        near = [s for s in pool if pick.space in SPACES[s].adjacent]
        pool = near or pool
        if len(pool) == 1:
            return told(dice, Selection(pool[0], tuple(rolls), walked + (pool[0],),
                                        how=f"adjacent to {space_name(pick.space)}, 8.3"))
    # 8.3 EXAMPLE: number the n candidates over the die's faces (3 LoCs: 1-2, 3-4, 5-6)
    # and roll; faces left over when n does not divide 6 are rolled again.
    n = min(len(pool), 6)
    loc, die = _die_among(state, dice, pool,
                          f"die among {n} LoCs{' for ' + why if why else ''} (8.3)")
    return told(dice, Selection(loc, tuple(rolls) + die, walked + (loc,), how="die, 8.3"))


#: Reading r-mixed-pool (docs/readings.md): when LoCs and Cities/Departments are
#: candidates of the same priority, Ecuador or Panamá first (8.2 « avant tout autre
#: espace »), then one die decides which procedure selects: 1-3 the chart among the
#: Cities and Departments (8.2), 4-6 the LoCs (8.3); no sentence orders the two, as none
#: orders Ecuador and Panamá (a die there too, :func:`foreign_first`). The alternatives:
#: ``"cities_first"`` (the Cities and Departments, the LoCs once none is left; the
#: reading of issue 27) and ``"locs_first"`` (the LoCs first; the reading before it).
MIXED_ORDER = "die"
_MIXED_ORDERS = ("die", "cities_first", "locs_first")


def random_candidate(
    state: GameState, dice: DiceSource, candidates: Iterable[int], why: str = "",
    valid: Valid | None = None,
) -> Selection:
    """One of ``candidates`` of equal priority at random, for flowcharts and Events alike:
    Ecuador or Panamá before any other (:func:`foreign_first`), then 8.2 among Cities and
    Departments or 8.3 among LoCs; when both kinds are candidates (valid ones, with
    ``valid``), a die says which (:data:`MIXED_ORDER`). With ``valid``, among the valid
    candidates (:data:`Valid`)."""
    pool = list(candidates)
    first = foreign_first(state, dice, pool, why, valid=valid)
    if first is not None:
        return first
    locs = [s for s in pool if SPACES[s].is_loc]
    others = [s for s in pool if not SPACES[s].is_loc and s not in CHART.first]
    if valid is not None:
        locs = locs if count_valid(locs, valid, 1) else []
        others = others if count_valid(others, valid, 1) else []
    if MIXED_ORDER not in _MIXED_ORDERS:
        raise ValueError(f"MIXED_ORDER must be one of {_MIXED_ORDERS}, not {MIXED_ORDER!r}")
    kind: tuple[tuple[str, int], ...] = ()
    if locs and others:
        if MIXED_ORDER == "die":
            label = f" for {why}" if why else ""
            roll = dice.roll(state, f"die, Cities/Departments (1-3) or LoCs (4-6){label} "
                             "(8.2-8.3)")
            kind = (("die", roll),)
            use_locs = roll >= 4
            tell = getattr(dice, "tell", None)
            if tell is not None:
                tell(f"-> {'a LoC, by 8.3' if use_locs else 'a City or Department, by 8.2'}"
                     f" (die {roll})")
        else:
            use_locs = MIXED_ORDER == "locs_first"
        if use_locs:
            others = []
        else:
            locs = []
    if others:
        pick = random_space(state, dice, others, why, valid=valid)
    elif locs:
        pick = random_loc(state, dice, locs, why, valid)
    else:
        return Selection(None)
    if not kind:
        return pick
    return Selection(pick.space, kind + pick.dice, pick.walked,
                     pick.how or ("die, 8.2-8.3" if not pick.dice else ""))


def random_outcomes(candidates: Iterable[int]) -> list[int]:
    """The candidates :func:`random_candidate` may return for some roll of the dice (for
    a test made before rolling, such as the Ineffective Event test): Ecuador and/or
    Panamá when among them (taken before any other space, 8.2); else, as
    :data:`MIXED_ORDER` lets them, every City and Department (8.2) and/or the LoCs of the
    highest Econ (8.3; every LoC touches a City, so the City roll reaches each)."""
    pool = sorted(set(candidates))
    firsts = [s for s in CHART.first if s in pool]
    if firsts:
        return sorted(firsts)
    locs = [s for s in pool if SPACES[s].is_loc]
    others = [s for s in pool if not SPACES[s].is_loc]
    top: list[int] = []
    if locs:
        econ = max(SPACES[s].econ for s in locs)
        top = [s for s in locs if SPACES[s].econ == econ]
    if not others or (MIXED_ORDER == "locs_first" and top):
        return top
    if not top or MIXED_ORDER == "cities_first":
        return others
    return sorted(others + top)
