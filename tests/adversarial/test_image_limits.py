"""A few kilobytes of PNG declaring 169 megapixels never decode in the tagger's window: the
size its header declares is checked against ``[images] max_megapixels`` first, the pair
says the image is too large and the tagger skips it; ``validate`` names it (issue 27,
item 7)."""

from __future__ import annotations

import resource
import struct
import zlib
from pathlib import Path

from PIL import Image

from annotator.cli import main
from annotator.ui.screens.rating_screen import ScreenState

SIDE = 13_000
"""13,000 × 13,000: 169 megapixels, under Pillow's own refusal (179), over the project's 50."""
PLAIN = {"dwell_seconds": 0, "feedback": False}


def huge_png(path: Path, side: int = SIDE) -> Path:
    """A real one-bit PNG of ``side`` × ``side`` white pixels: about 20 KB on disk, 169
    megapixels (over 800 MB) decoded; written a row at a time, never held whole."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\x00" + b"\xff" * ((side + 7) // 8)  # filter byte, then the row's bits
    packer = zlib.compressobj(9)
    idat = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side,
                                                                      1, 0, 0, 0, 0))
                     + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    return path


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_169_megapixel_png_is_never_decoded_in_the_window_and_can_be_skipped(
        qtbot, make_project_folder, make_main_window, capsys) -> None:
    folder = make_project_folder(n_items=2, flow=PLAIN)
    for photo in (folder / "images").glob("*.jpg"):
        huge_png(photo)  # a PNG under a .jpg name: read by its content
        assert photo.stat().st_size < 64_000
    with Image.open(photo) as image:
        assert image.size == (SIDE, SIDE) and image.format == "PNG"
    before = peak_mb()
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    first = screen.current_pair.item
    qtbot.waitUntil(lambda: screen.state is ScreenState.UNRATABLE, timeout=5_000)
    said = screen.image_view.accessibleDescription()
    assert f"{folder / first.image} is too large: 169.0 megapixels (13000 × 13000), more " \
           "than the limit of 50 megapixels" in said
    assert "Skip this pair" in said and "too large" in screen.last_announcement
    assert window.loader.frames(folder / first.image) == []  # nothing decoded, nothing kept

    screen.submit()  # Enter skips it
    qtbot.waitUntil(lambda: screen.current_pair is not None
                    and screen.current_pair.item.item_id != first.item_id, timeout=5_000)
    qtbot.waitUntil(lambda: screen.state is ScreenState.UNRATABLE, timeout=5_000)
    window.loader.wait_idle()
    assert peak_mb() - before < 300  # two decodes would have taken over 1.6 GB

    assert main(["validate", str(folder), "--quiet"]) == 1  # validate names both
    said = capsys.readouterr().out
    for n in (2, 3):
        assert f"{folder / 'items.csv'}:{n}: The image images/photo00{n - 2}.jpg is too " \
            "large: 169.0 megapixels, more than the limit of 50 megapixels" in said
