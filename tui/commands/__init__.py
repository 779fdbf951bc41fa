"""The ``andean`` command line, one module per job; :mod:`tui.commands.main` runs it."""
