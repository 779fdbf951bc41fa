"""The file checks every command makes before it changes anything on disk (issue 25).

* :func:`read_input` reads a file a command was given: a regular file only (a FIFO, a
  device or a directory is refused without blocking), at most :data:`MAX_INPUT_BYTES`.
* :func:`check_output` looks at a path a command will write, *before* it writes anything:
  the directory exists and is writable, the name fits the file system, the path is absent
  or a regular file (never a symbolic link, FIFO, device or directory replaced silently),
  not one of the command's inputs, and not an existing file unless ``force``.
* :class:`SaveLock` is the one-writer-per-save lock of a running game: an advisory lock
  (``fcntl.flock``) on a small lock file beside the save holding the writer's process id;
  the kernel drops it when the process dies, so a stale lock never blocks anyone.
* :func:`shown` cuts what a message echoes of the user's input to about 80 characters.

Errors are :class:`FileCheckError` (a ValueError): one line naming the file or option.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from os import PathLike
from pathlib import Path

#: The largest input file a command reads (a save of a whole game is well under 2 MB).
MAX_INPUT_BYTES = 64 * 2**20

#: What a message echoes of the user's input, at most.
ECHO = 80


class FileCheckError(ValueError):
    """A path a command was given cannot be used: one line naming it."""


def shown(text: object, limit: int = ECHO) -> str:
    """``text`` as a message echoes it: cut to ``limit`` characters (``...`` at the end)."""
    s = str(text)
    return s if len(s) <= limit else s[: limit - 3] + "..."


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def read_input(path: str | PathLike[str], what: str = "file") -> bytes:
    """The bytes of the regular file ``path``; FileCheckError (naming it) for anything
    else: missing, unreadable, a directory, FIFO or device (opened without blocking and
    refused), or larger than :data:`MAX_INPUT_BYTES`. ``what`` names it in messages."""
    name = shown(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise FileCheckError(f"{name}: no such {what}") from None
    except IsADirectoryError:
        raise FileCheckError(f"{name}: is a directory, not a {what}") from None
    except OSError as err:
        raise FileCheckError(f"{name}: cannot read ({err.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileCheckError(f"{name}: is {_kind(info.st_mode)}, not a {what}")
        if info.st_size > MAX_INPUT_BYTES:
            raise FileCheckError(f"{name}: {info.st_size} bytes is more than a {what} "
                                 f"can be ({MAX_INPUT_BYTES // 2**20} MB)")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > MAX_INPUT_BYTES:  # grew while read
                raise FileCheckError(f"{name}: more than {MAX_INPUT_BYTES // 2**20} MB")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as err:
        raise FileCheckError(f"{name}: cannot read ({err.strerror})") from None
    finally:
        os.close(fd)


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def name_max(directory: Path) -> int:
    """The longest file name ``directory``'s file system takes (255 where unknown)."""
    try:
        return int(os.pathconf(directory, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return 255


def check_output(path: str | PathLike[str], flag: str = "--out", *, force: bool = True,
                 inputs: Iterable[str | PathLike[str]] = (), same_ok: bool = False,
                 parent_made: Path | None = None) -> Path:
    """Check that the command may write ``path`` (FileCheckError, one line naming ``flag``
    and the path, otherwise); nothing is created. ``force``: an existing regular file may
    be replaced (else it is refused). ``inputs``: the files the command reads; writing
    over one of them is refused unless ``same_ok`` (a save written back over itself).
    ``parent_made``: a directory the command will make before writing (not checked)."""
    target = Path(path)
    name = f"{flag} {shown(path)}" if flag else shown(path)
    if not str(path) or target.name in ("", ".", ".."):
        raise FileCheckError(f"{name}: not a file name")
    parent = target.parent if str(target.parent) else Path(".")
    if len(os.fsencode(target.name)) > name_max(parent if parent.is_dir() else Path(".")):
        raise FileCheckError(f"{name}: the file name is too long")
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise FileCheckError(f"{name}: {err.strerror}") from None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise FileCheckError(f"{name}: is a symbolic link; give the file it points "
                                 "to (a link is never replaced)")
        if not stat.S_ISREG(info.st_mode):
            raise FileCheckError(f"{name}: is {_kind(info.st_mode)}, not a file to write")
        for source in inputs:
            try:
                if _same(info, os.stat(source)) and not same_ok:
                    raise FileCheckError(f"{name}: is also the command's input "
                                         f"{shown(source)}; write to another file")
            except OSError:
                continue
        if not force and not same_ok:
            raise FileCheckError(f"{name}: already exists (use --force to overwrite)")
    if parent_made is not None and parent == parent_made and not parent.exists():
        return target
    if not parent.is_dir():
        raise FileCheckError(f"{name}: directory {shown(parent)} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise FileCheckError(f"{name}: directory {shown(parent)} is not writable")
    return target


# ======================================================================================
# one writer per save
# ======================================================================================
def lock_path(save: str | PathLike[str]) -> Path:
    """The lock file of ``save``: hidden beside it, its name short whatever the save's."""
    target = Path(save)
    digest = hashlib.sha1(target.name.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return target.with_name(f".andean-{digest}.lock")


class SaveLock:
    """The lock a running game holds on its save (``with SaveLock(path):``): a second
    game on the same save is refused with one line naming the process that holds it.

    An advisory ``fcntl.flock`` on :func:`lock_path` (its content: the holder's process
    id, for the message). The kernel releases it when the holder dies: a stale lock file
    left by a killed game is simply locked again. Where flock is missing (not POSIX) the
    lock is a no-op."""

    def __init__(self, save: str | PathLike[str]) -> None:
        self.save = Path(save)
        self.path = lock_path(save)
        self._fd: int | None = None

    def acquire(self) -> None:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            return
        for _ in range(10):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as err:
                if not self.path.parent.is_dir():
                    return  # no directory: check_output reports it
                raise FileCheckError(f"{shown(self.save)}: cannot lock it "
                                     f"({err.strerror})") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as err:
                holder = _read_pid(fd)
                os.close(fd)
                if err.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    return  # a file system without locks: nothing to hold
                who = f"process {holder}" if holder else "another process"
                raise FileCheckError(f"{shown(self.save)}: in use by {who} (another andean "
                                     "game on this save); stop it first") from None
            try:  # the file we locked may have been removed by its last holder meanwhile
                if _same(os.fstat(fd), os.stat(self.path)):
                    os.ftruncate(fd, 0)
                    os.write(fd, f"{os.getpid()}\n".encode())
                    self._fd = fd
                    return
            except OSError:
                pass
            os.close(fd)

    def release(self) -> None:
        if self._fd is None:
            return
        with suppress(OSError):
            os.unlink(self.path)
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> SaveLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


@contextmanager
def locked(*saves: str | PathLike[str] | None) -> Iterator[None]:
    """Hold the :class:`SaveLock` of each save given (None: skipped) for the block."""
    locks = [SaveLock(s) for s in dict.fromkeys(str(s) for s in saves if s is not None)]
    try:
        for lock in locks:
            lock.acquire()
        yield
    finally:
        for lock in reversed(locks):
            lock.release()
