"""The lab's own small project that every tool gets: three images, six captions, three
annotators and the answers each gives, as plain data (no ``item_id``: a lab's project in
another tool never has ours). Shared by the tool drivers beside this file."""

from __future__ import annotations

import os
import signal
import struct
import subprocess
import zlib
from pathlib import Path

IMAGES = {"kitchen.png": (200, 40, 40), "harbour.png": (30, 60, 160), "meadow.png": (220, 200, 40)}
TASKS = [
    ("kitchen.png", "A kitchen with a red kettle on the stove."),
    ("kitchen.png", "A room."),
    ("harbour.png", "Boats moored in a harbour at dusk, gulls over the water."),
    ("harbour.png", "Two cars on a road."),
    ("meadow.png", "A meadow of yellow flowers under a blue sky."),
    ("meadow.png", "Flowers."),
]
LEVELS = ["1 – Wrong", "2 – Partly right", "3 – Objects right", "4 – Objects + space",
          "5 – Full scene + meaning"]
"""The lab's wording of its five choices (no alias: the export stores this text)."""
ANSWERS = {"ana": [5, 1, 5, 1, 4, 2], "ben": [4, 2, 5, 2, 5, 3], "cem": [5, 2, 4, 1, 0, 0]}
"""Each annotator's level per task, 1 up; 0: left unanswered."""

Answer = tuple[str, str, str, int]
"""One annotation: the flag's alias, the note ("" for none), the audience's id, the overall
level; as Label Studio and Potato store them."""
QUESTION_ANSWERS: dict[str, list[Answer | None]] = {
    "ana": [("no", "", "everyone", 7),
            ("yes", "Nothing about the kettle or the stove.", "blind", 2),
            ("no", "", "sighted", 6),
            ("yes", "Boats in a harbour, not cars on a road.", "everyone", 1),
            None, None],
    "ben": [("no", "", "everyone", 6),
            ("yes", "Too short to say it is a kitchen.", "everyone", 3),
            ("no", "", "blind", 7),
            ("yes", "", "sighted", 1),
            ("no", "", "blind", 5),
            None],
}
"""Each user's answers to tasks 1–6 in the order of TASKS (None: not annotated); ben's
"yes" to task 4 leaves the optional note empty."""


def png(rgb: tuple[int, int, int], size: int = 16) -> bytes:
    """A small solid PNG, written without any imaging library."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    row = b"\x00" + bytes(rgb) * size
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b""))


def write_images(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, rgb in IMAGES.items():
        (folder / name).write_bytes(png(rgb))


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop a tool's server and everything it started: SIGINT, then SIGKILL after 30 s."""
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
