"""The club website written to a folder (``compcore publish``): beside the target, then moved
into place only when every page is written (:func:`write_site`); a folder is replaced only
when it holds :data:`MARKER` (a site written here) or is empty."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from compcore.domain.errors import CompcoreError, Phrase, os_problem

#: the file ``write_site`` puts in every site it writes: a folder holding it may be replaced
MARKER = ".compcore-site"


def is_replaceable(out: Path) -> bool:
    """Whether ``write_site`` may replace the folder ``out``: missing, empty, or a site it
    wrote (holding :data:`MARKER`)."""
    if not out.exists():
        return True
    return out.is_dir() and ((out / MARKER).is_file() or not any(out.iterdir()))


def check_target(out: Path, *, force: bool = False) -> None:
    """Refuse ``out`` as the site's folder: a file always (``cli.out_not_folder``), a folder
    that is not replaceable (:func:`is_replaceable`) unless ``force`` (``site.not_ours``)."""
    if out.exists() and not out.is_dir():
        raise CompcoreError(Phrase("cli.out_not_folder", out=str(out)))
    if not force and not is_replaceable(out):
        raise CompcoreError(Phrase("site.not_ours", out=str(out), marker=MARKER))


def write_site(pages: Mapping[str, str], out: Path, *, force: bool = False) -> None:
    """Write ``pages`` as the folder ``out``, as UTF-8, all or nothing.

    The pages go to a new folder beside ``out`` (same file system), with :data:`MARKER`;
    only when every page is written is the old ``out`` moved aside, the new one renamed to
    ``out`` and the old one removed. A failure before that (a full disk, no permission)
    removes the new folder and leaves ``out`` as it was; it is one sentence
    (``site.write_failed``). A folder that is not a site this wrote, and not empty, is
    refused (``site.not_ours``) unless ``force``; a file is refused always.
    """
    out = Path(os.path.abspath(out))  # "." and "site/" get a name and a parent folder
    if out.is_symlink():  # a link to the site's folder stays a link: replace its target
        out = out.resolve()
    check_target(out, force=force)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    except OSError as exc:
        raise CompcoreError(
            Phrase("site.write_failed", out=str(out), problem=os_problem(exc))
        ) from exc
    try:
        # mkdtemp's folder is private (0700): give it the old site's mode, else the usual
        staging.chmod(stat.S_IMODE(out.stat().st_mode) if out.exists() else _default_mode())
        for name, html in pages.items():
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(html, encoding="utf-8")
        (staging / MARKER).write_text(
            "compcore publish wrote this site; it replaces this folder on the next publish.\n",
            encoding="utf-8",
        )
        _swap(staging, out)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, OSError):
            problem = os_problem(exc)
            raise CompcoreError(Phrase("site.write_failed", out=str(out), problem=problem)) from exc
        raise


def _default_mode() -> int:
    """0777 less the process's umask (as ``mkdir`` would make a folder)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o777 & ~mask


def _swap(new: Path, out: Path) -> None:
    """Put the folder ``new`` in the place of ``out`` (missing or a folder): ``out`` moved
    aside first, back again if the rename fails, removed after."""
    if not out.exists():
        os.rename(new, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    os.rmdir(old)  # a unique name free for the rename
    os.rename(out, old)
    try:
        os.rename(new, out)
    except OSError:
        os.rename(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)
