"""Atomic writes for the command line's output files (reports, summaries, plots).

The file appears whole or not at all: written to a temporary file in the same directory,
flushed to disk, then renamed over the target. Errors name the user's path, never the
temporary file's.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def write_with(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` to fill a temporary file, then rename it to ``path``."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=target.suffix or ".tmp",
                                    dir=directory)
    except OSError as err:
        raise OSError(f"cannot write {target}: {err.strerror or err}") from None
    os.close(fd)
    tmp = Path(name)
    try:
        os.chmod(tmp, 0o644)
        write(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as err:
        raise OSError(f"cannot write {target}: {err.strerror or err}") from None
    finally:
        if tmp.exists():
            tmp.unlink()
    return target


def write_text(path: str | Path, text: str) -> Path:
    return write_with(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
