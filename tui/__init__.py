"""The interfaces: the command line (:mod:`tui.commands`), the Textual screens
(:mod:`tui.screens`), the line mode (:mod:`tui.plain`) and the pictures
(:mod:`tui.pictures`); the forms they all ask live below them, in
:mod:`decisions`. The modules directly in this package are what two or
more of them share: the controller, the session, the history, the descriptions and the
prompts. See docs/tui.md, "How it is built"."""
