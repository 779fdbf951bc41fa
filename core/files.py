"""The file checks every command makes before it changes anything on disk (issue 25).

* :func:`read_input` reads a file a command was given: a regular file only (a FIFO, a
  device or a directory is refused without blocking), at most :data:`MAX_INPUT_BYTES`.
* :func:`check_output` looks at a path a command will write, *before* it writes anything:
  the directory exists and is writable, the name fits the file system, the path is absent
  or a regular file (never a symbolic link, FIFO, device or directory replaced silently),
  not one of the command's inputs, and not an existing file unless ``force``.
* :class:`SaveLock` is the one-writer-per-file lock: an advisory lock (``fcntl.flock``)
  on a small lock file beside the file holding the writer's process id; the kernel drops
  it when the process dies, so a stale lock never blocks anyone. A running game holds
  its save's for as long as it runs (a move to another file takes the new lock first and
  then :meth:`SaveLock.adopt` drops the old: ``tui.session.Session``); every
  other write holds it while it writes (:func:`writing`, from :mod:`core.atomic`).
* :func:`same_path` compares two paths as files (links and ``..`` resolved).
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
                 parent_made: Path | None = None,
                 hint: str = "use --force to overwrite") -> Path:
    """Check that the command may write ``path`` (FileCheckError, one line naming ``flag``
    and the path, otherwise); nothing is left behind (a probe file is made in the folder
    and removed at once: :func:`_refuses_files`). ``force``: an existing regular file may
    be replaced (else it is refused, the message ending with ``hint``). ``inputs``: the
    files the command reads (compared as files: links and ``..`` resolved); writing over
    one of them is refused unless ``same_ok`` (a save written back over itself, which is
    then no "existing file" either). ``parent_made``: a directory the command will make
    before writing (not checked)."""
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
        own = False
        for source in inputs:
            try:
                same = _same(info, os.stat(source))
            except OSError:
                continue
            if same and not same_ok:
                raise FileCheckError(f"{name}: is also the command's input "
                                     f"{shown(source)}; write to another file")
            own = own or same
        if not force and not own:
            raise FileCheckError(f"{name}: already exists ({hint})")
    if parent_made is not None and parent == parent_made and not parent.exists():
        return target
    if not parent.is_dir():
        raise FileCheckError(f"{name}: directory {shown(parent)} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise FileCheckError(f"{name}: directory {shown(parent)} is not writable")
    refused = _refusal(name, parent)
    if refused:  # /proc, a read-only mount: root passes os.access there (issue 43)
        raise refused
    if info is not None and not holds(target):  # a running game's save: refused now,
        with SaveLock(target):                  # not after an hour of work
            pass
    return target


def _refusal(name: str, directory: Path) -> FileCheckError | None:
    """The one-line error for writing ``name`` where ``directory`` takes no new files
    (:func:`_refuses_files`), or None where it does."""
    refused = _refuses_files(directory)
    if refused is None:
        return None
    return FileCheckError(f"{name}: directory {shown(directory)} takes no new files "
                          f"({refused}); nothing was written")


def _refuses_files(directory: Path) -> str | None:
    """Why no file can be made in ``directory`` (its error), or None: a file is made and
    removed at once, the only test a file system that lies to os.access answers (issue
    43 item 3: /proc, where a save failed as a lock that "keeps changing")."""
    probe = directory / f".andean-probe-{os.getpid()}-{os.urandom(4).hex()}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as err:
        return err.strerror or str(err)
    os.close(fd)
    with suppress(OSError):
        os.unlink(probe)
    return None


# ======================================================================================
# one writer per save
# ======================================================================================
def lock_path(save: str | PathLike[str]) -> Path:
    """The lock file of ``save``: hidden beside it, its name short whatever the save's."""
    target = Path(save)
    digest = hashlib.sha1(target.name.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return target.with_name(f".andean-{digest}.lock")


def same_path(a: str | PathLike[str], b: str | PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` name the same file once links and ``..`` are resolved
    (``os.path.realpath``; two names of one file, hard links, by ``samefile``)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


#: The locks this process holds, by :meth:`SaveLock.key`: a write of a file whose lock
#: this process holds (a running game's autosave, ``np-turn`` writing the save it locked
#: before reading it) goes on under that lock (:func:`writing`).
_HELD: dict[str, SaveLock] = {}

#: What opens a lock file: never through a symbolic link, never blocking on a FIFO.
_LOCK_FLAGS = (os.O_RDWR | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))


class SaveLock:
    """The lock a writer holds on a file it writes (``with SaveLock(path):``): a second
    writer of the same file is refused with one line naming the process that holds it.

    An advisory ``fcntl.flock`` on :func:`lock_path` (its content: the holder's process
    id, for the message). The kernel releases it when the holder dies: a stale lock file
    left by a killed game is simply locked again. The lock file is opened without
    following a symbolic link and without blocking, and must be a regular file with one
    name: a link, FIFO, device or hard link planted there is refused, never written
    through (issue 32 item 1). A lock that cannot be taken (no directory, a file system
    without locks) is an error, never a silent go-on. Where flock is missing (not POSIX)
    the lock is a no-op. :meth:`adopt` takes over another lock's hold."""

    def __init__(self, save: str | PathLike[str]) -> None:
        self.save = Path(save)
        self.path = lock_path(save)
        self._fd: int | None = None

    def key(self) -> str:
        """The lock file's path with its directory's links and ``..`` resolved: two
        names of one save (``a.json``, ``d/../a.json``, through a linked folder) have
        one lock."""
        return os.path.join(os.path.realpath(self.path.parent), self.path.name)

    def acquire(self) -> None:
        """Take the lock (FileCheckError, one line, if it cannot be taken). flock is per
        open file: a second :class:`SaveLock` of a file this process holds is refused
        like another process's, so a writer holds one lock per file."""
        if self._fd is not None:
            return
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            return
        for _ in range(10):
            opened = self._open()
            if opened is None:
                continue
            fd, created = opened
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as err:
                holder = _read_pid(fd)
                if created:  # a refusal leaves no file behind
                    with suppress(OSError):
                        os.unlink(self.path)
                os.close(fd)
                if err.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise FileCheckError(f"{shown(self.save)}: cannot lock it "
                                         f"({err.strerror}); nothing was written") from None
                who = f"process {holder}" if holder else "another process"
                raise FileCheckError(f"{shown(self.save)}: in use by {who} (another andean "
                                     "command on this file); stop it first") from None
            try:  # the file we locked may have been removed by its last holder meanwhile
                same = _same(os.fstat(fd), os.lstat(self.path))
            except OSError:
                same = False
            if same:
                try:
                    os.ftruncate(fd, 0)
                    os.write(fd, f"{os.getpid()}\n".encode())
                except OSError as err:  # a full disk, a quota: said, nothing left behind
                    with suppress(OSError):
                        os.unlink(self.path)
                    os.close(fd)
                    raise FileCheckError(f"{shown(self.save)}: cannot lock it "
                                         f"({err.strerror}); nothing was written") from None
                self._fd = fd
                _HELD[self.key()] = self
                return
            os.close(fd)
        raise FileCheckError(f"{shown(self.save)}: cannot lock it (its lock file "
                             f"{shown(self.path.name)} keeps changing)")

    def _open(self) -> tuple[int, bool] | None:
        """The lock file, opened (made if missing: the bool says so) without following a
        link or blocking, checked to be a regular file of one name before anything is
        written to it; None if it was removed meanwhile (its last holder let go)."""
        name = shown(self.path.name)
        created = False
        try:
            try:
                fd = os.open(self.path, _LOCK_FLAGS)
            except FileNotFoundError:
                try:
                    fd = os.open(self.path, _LOCK_FLAGS | os.O_CREAT | os.O_EXCL, 0o644)
                    created = True
                except FileExistsError:  # made by another writer meanwhile
                    fd = os.open(self.path, _LOCK_FLAGS)
        except FileNotFoundError:
            if not self.path.parent.is_dir():
                raise FileCheckError(f"{shown(self.save)}: directory "
                                     f"{shown(self.path.parent)} does not exist") from None
            refused = _refusal(shown(self.save), self.path.parent)
            if refused:  # /proc: no file can be made there, not a lock that changes
                raise refused from None
            return None
        except OSError as err:
            if err.errno == errno.ELOOP or os.path.islink(self.path):
                raise FileCheckError(f"{shown(self.save)}: its lock file {name} is a "
                                     "symbolic link (never followed): remove it") from None
            parent = self.path.parent
            if not parent.is_dir():
                raise FileCheckError(f"{shown(self.save)}: directory {shown(parent)} "
                                     "does not exist") from None
            raise FileCheckError(f"{shown(self.save)}: cannot lock it ({err.strerror})") \
                from None
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode) and info.st_nlink == 0:  # removed as we opened it
            os.close(fd)
            return None
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            os.close(fd)
            kind = _kind(info.st_mode) if not stat.S_ISREG(info.st_mode) else \
                "a second name of another file (a hard link)"
            raise FileCheckError(f"{shown(self.save)}: its lock file {name} is {kind}, "
                                 "not a lock file: remove it")
        return fd, created

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if _HELD.get(self.key()) is self:
            del _HELD[self.key()]
        with suppress(OSError):  # only our own lock file, never what replaced it
            if _same(os.fstat(fd), os.lstat(self.path)):
                os.unlink(self.path)
        os.close(fd)

    def adopt(self, other: SaveLock) -> None:
        """Take over the lock ``other`` holds (and drop this one's): ``other`` is left
        holding nothing."""
        self.release()
        self.save, self.path, self._fd = other.save, other.path, other._fd
        other._fd = None
        if self._fd is not None:
            _HELD[self.key()] = self

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
    return int(text) if text.isdigit() and len(text) < 12 else None


@contextmanager
def locked(*saves: str | PathLike[str] | None) -> Iterator[None]:
    """Hold the :class:`SaveLock` of each path given (None: skipped) for the block."""
    locks = [SaveLock(s) for s in dict.fromkeys(str(s) for s in saves if s is not None)]
    try:
        for lock in locks:
            lock.acquire()
        yield
    finally:
        for lock in reversed(locks):
            lock.release()


def holds(path: str | PathLike[str]) -> bool:
    """Whether this process holds the lock of ``path``."""
    return SaveLock(path).key() in _HELD


@contextmanager
def writing(path: str | PathLike[str]) -> Iterator[None]:
    """The one lock every write goes through (:func:`core.atomic.write_with`): the lock
    of ``path`` for the block, unless this process holds it already (a running game's
    autosave): a file another andean process holds is never written (FileCheckError)."""
    if holds(path):
        yield
        return
    with SaveLock(path):
        yield
