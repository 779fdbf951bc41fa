"""Event cards 25-48: both texts of each card (5.0), registered by number.

Card texts: see the project's reference (`../shared/reference/cards.txt`). "Control
phase" in a 1st-edition text means the 2nd-edition Sabotage Phase (6.2).
"""

from __future__ import annotations
