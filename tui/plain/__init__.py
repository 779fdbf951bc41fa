"""The line mode (``--plain``) of ``andean play`` and ``andean assist``."""
