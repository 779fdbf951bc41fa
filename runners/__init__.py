"""The game runners: who plays each seat, and whole games played by bots.

Neither rules (:mod:`core`) nor bots (:mod:`nonplayer`) nor screens (:mod:`tui`): the
code that seats the players and plays games to their end.

* :mod:`runners.seats`: who decides for a Faction no person takes (the section-8
  flowcharts, the program's Government AI); :mod:`runners.seat_hint`: the hint for the
  seat a person holds.
* :mod:`runners.solitaire`: a whole game of the section-8 Non-players against a
  Government player (a callback).
* :mod:`runners.games`: bot-vs-bot games, ``andean demo`` and ``andean batch``;
  :mod:`runners.soak`: the reliability soak, ``andean soak``.
"""
