"""One writer per session file: the OS lock, who holds it, and a crash leaving nothing held."""

from __future__ import annotations

import getpass
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from annotator.store.lock import SessionFileInUseError, SessionLock, lock_path, read_holder
from annotator.store.session_file import SessionStore
from tests.store.sessionfiles import PROJECT

REPO = Path(__file__).resolve().parents[2]


def test_a_second_lock_in_the_same_process_is_refused_naming_the_holder(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    held = SessionLock.acquire(path, laptop="lab-1")
    with pytest.raises(SessionFileInUseError) as caught:
        SessionLock.acquire(path, laptop="lab-1")
    holder = caught.value.holder
    assert (holder.laptop, holder.user, holder.pid) == ("lab-1", getpass.getuser(), os.getpid())
    assert caught.value.file == path and f"process {os.getpid()}" in str(caught.value)
    held.release()
    assert not lock_path(path).exists()  # released: the file goes with it
    SessionLock.acquire(path, laptop="lab-2").release()
    held.release()  # a second release does nothing


def test_a_store_holds_its_file_until_closed(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = SessionStore.open(path, project_id=PROJECT, laptop_id="lab-1", laptop_name="Lab 1")
    with pytest.raises(SessionFileInUseError, match="already open in another window"):
        SessionStore.open(path, project_id=PROJECT, laptop_id="lab-1")
    assert read_holder(lock_path(path)).laptop == "Lab 1"
    store.close()
    SessionStore.open(path, project_id=PROJECT, laptop_id="lab-1").close()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_holder_leaves_the_lock_file_but_not_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    holder = subprocess.Popen(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(REPO)!r})\n"
         "from pathlib import Path\nfrom annotator.store.lock import SessionLock\n"
         f"SessionLock.acquire(Path({str(path)!r}), laptop='lab-9')\n"
         "print('held', flush=True)\nsys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    with pytest.raises(SessionFileInUseError) as caught:
        SessionLock.acquire(path, laptop="lab-1")
    assert caught.value.holder.pid == holder.pid
    holder.send_signal(signal.SIGKILL)
    holder.wait(30)
    assert lock_path(path).exists()  # nobody removed it…
    lock = SessionLock.acquire(path, laptop="lab-1")  # …and nobody holds it
    assert read_holder(lock_path(path)).pid == os.getpid()
    lock.release()
