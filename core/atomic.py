"""Atomic file writes: the file appears whole or not at all.

Saves (:func:`core.game.serialize.save`), batch summaries and plots, soak reports: written to a
temporary file in the same directory, flushed to disk, then renamed over the target (a
crash never leaves a half-written file). The new file keeps the old one's permissions
(or rw-r--r--). Errors name the user's path, never the temporary file's.

The temporary file is ``.andean-PID-XXXXXXXX.tmp`` whatever the target's name (a legal
name stays legal: a 250-character save name does not make a too-long temporary name).
A process killed between the write and the rename leaves one behind: the next write into
that directory removes every such file whose process is gone (issue 25 item 8), and the
older names ``.TARGET.XXXXXXXX.tmp`` of the target it writes; only names exactly of
those forms (8 characters of mkstemp's alphabet), never ``.TARGET.backup.tmp``.

The target is never a symbolic link, FIFO, device or directory: those are refused, not
replaced by a regular file. Every write holds the target's lock
(:func:`core.files.writing`): a file another andean process holds (a running game's
save) is never replaced. With ``exclusive`` (``andean new`` without ``--force``) the
rename becomes a hard link that fails if the target appeared meanwhile.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Callable
from os import PathLike
from pathlib import Path

from core.files import FileCheckError, writing

TEMP_PREFIX = ".andean-"
#: What :func:`tempfile.mkstemp` puts between prefix and suffix: 8 characters of its
#: alphabet, exactly. Only names of that form are ever removed as leftovers, so a file of
#: the user's such as ``.game.json.backup.tmp`` is never taken for one (issue 32).
_RANDOM = r"[a-z0-9_]{8}"
_TEMP = re.compile(rf"\.andean-(\d+)-{_RANDOM}\.tmp\Z")


def write_with(path: str | PathLike[str], write: Callable[[Path], object],
               exclusive: bool = False) -> Path:
    """Call ``write(tmp)`` to fill a temporary file, then rename it to ``path``
    (``exclusive``: only if ``path`` does not exist, FileExistsError otherwise).

    OSError messages name ``path``: ``cannot write /x/game.json: No such file or
    directory``."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    _refuse_special(target)
    clean_leftovers(directory, target.name)
    try:
        fd, name = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".tmp",
                                    dir=directory)
    except OSError as err:
        raise OSError(f"cannot write {_shown(target)}: {_reason(err)}") from None
    tmp = Path(name)
    try:
        with writing(target):  # never a file another andean process holds
            _keep_mode(fd, target)
            os.close(fd)
            fd = -1
            write(tmp)
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
            if exclusive:
                os.link(tmp, target)  # fails if the target appeared since it was checked
            else:
                os.replace(tmp, target)
    except FileCheckError as err:
        raise OSError(str(err)) from None
    except FileExistsError:
        raise FileExistsError(f"{_shown(target)} appeared meanwhile: not replaced "
                              "(use --force to overwrite)") from None
    except OSError as err:
        raise OSError(f"cannot write {_shown(target)}: {_reason(err)}") from None
    finally:
        if fd >= 0:
            os.close(fd)
        if tmp.exists():
            tmp.unlink()
    _fsync_directory(directory)
    return target


def write_text(path: str | PathLike[str], text: str, exclusive: bool = False) -> Path:
    return write_with(path, lambda tmp: tmp.write_text(text, encoding="utf-8"), exclusive)


def clean_leftovers(directory: Path, name: str | None = None) -> list[Path]:
    """Remove the temporary files in ``directory`` that a killed write left: ours whose
    process is gone, and (``name``) the older ``.NAME.XXXX.tmp`` of that target."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    old = re.compile(re.escape(f".{name}.") + rf"{_RANDOM}\.tmp\Z") if name else None
    for entry in entries:
        m = _TEMP.match(entry.name)
        stale = (m is not None and not _alive(int(m.group(1)))) or (
            old is not None and old.match(entry.name) is not None)
        if stale and entry.is_file(follow_symlinks=False):
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process: leave its file alone
    return True


def _refuse_special(target: Path) -> None:
    """A symbolic link, FIFO, device or directory at ``target`` is never replaced."""
    try:
        mode = os.lstat(target).st_mode
    except OSError:
        return
    if stat.S_ISREG(mode):
        return
    kind = ("a symbolic link" if stat.S_ISLNK(mode) else "a directory" if stat.S_ISDIR(mode)
            else "a FIFO" if stat.S_ISFIFO(mode) else "not a regular file")
    raise OSError(f"cannot write {_shown(target)}: it is {kind} (never replaced)")


def _shown(target: Path) -> str:
    s = str(target)
    return s if len(s) <= 80 else s[:77] + "..."


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
