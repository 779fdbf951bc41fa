"""Atomic file writes: the file appears whole or not at all.

Saves (:func:`core.serialize.save`), batch summaries and plots, soak reports: written to a
temporary file in the same directory, flushed to disk, then renamed over the target (a
crash never leaves a half-written file). The new file keeps the old one's permissions
(or rw-r--r--). Errors name the user's path, never the temporary file's.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from os import PathLike
from pathlib import Path


def write_with(path: str | PathLike[str], write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` to fill a temporary file, then rename it to ``path``.

    OSError messages name ``path``: ``cannot write /x/game.json: No such file or
    directory``."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as err:
        raise OSError(f"cannot write {target}: {_reason(err)}") from None
    tmp = Path(name)
    try:
        _keep_mode(fd, target)
        os.close(fd)
        write(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as err:
        raise OSError(f"cannot write {target}: {_reason(err)}") from None
    finally:
        if tmp.exists():
            tmp.unlink()
    _fsync_directory(directory)
    return target


def write_text(path: str | PathLike[str], text: str) -> Path:
    return write_with(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def _keep_mode(fd: int, target: Path) -> None:
    if not hasattr(os, "fchmod"):
        return
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        mode = 0o644
    os.fchmod(fd, mode)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
