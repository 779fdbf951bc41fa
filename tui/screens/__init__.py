"""The Textual app: the play and assist screens, their dialogs and the board table."""
