"""The decision model: every question a seat answers, with only its legal options.

A *form* (:mod:`decisions.base`) is a generator that yields a
:class:`~decisions.base.Question` and receives its answer; when it returns,
its value is the finished command. :func:`decisions.decision.decision_form`
is the whole decision of the Faction to move (the Sequence of Play's menu, then the
Operation, Event or Propaganda form chosen); :mod:`~decisions.government` and
:mod:`~decisions.insurgent` hold the Operation and Special Activity forms,
:mod:`~decisions.editor` the board editor's words.

It sits below every interface (issue 34): the screens and the line mode
(:mod:`tui`) and the outside agents of the JSON-lines protocol ask the same
questions. It needs the rules (:mod:`core`) and the section-8 Event chooser
(:mod:`nonplayer.events`, which answers a card's choices given to a Non-player), so it
is a package of :mod:`nonplayer`, not of :mod:`core`.
"""
