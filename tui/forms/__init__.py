"""The legal-only questions every interface asks: forms as generators (:mod:`tui.forms.base`)."""
