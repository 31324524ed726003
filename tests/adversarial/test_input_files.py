"""The smaller ones of issue 17, item 7: a NUL byte, a 1 MB caption, an image that cannot
be shown, and ``init``'s exit code and output."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project
from annotator.session.opening import session_file_path
from annotator.ui.screens.rating_screen import ScreenState
from annotator.userconfig import load_config
from tests.adversarial.conftest import ratings_in
from tests.conftest import write_jpeg
from tests.ui.conftest import by_description, by_name, submit_button

PLAIN = {"dwell_seconds": 0, "feedback": False}


def with_items(folder: Path, text: str) -> Path:
    (folder / "items.csv").write_text(text, encoding="utf-8")
    return folder


def test_a_nul_byte_in_a_caption_is_refused_with_file_and_line(make_project_folder,
                                                               capsys) -> None:
    folder = with_items(make_project_folder(2), "item_id,image,caption\n"
                        "item000,images/photo000.jpg,A fine caption.\n"
                        "item001,images/photo001.jpg,A caption\x00with a zero byte.\n")
    assert [item.item_id for item in open_project(folder).items] == ["item000"]
    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    assert out.startswith(f"{folder / 'items.csv'}:3: This line holds a NUL character")
    assert "The row was skipped." in out and "Traceback" not in err


def test_a_nul_byte_in_a_sidecar_caption_is_named_by_line(tmp_path: Path, capsys) -> None:
    photos = tmp_path / "photos"
    write_jpeg(photos / "a.jpg")
    write_jpeg(photos / "b.jpg")
    (photos / "a.txt").write_text("A red square.\n", encoding="utf-8")
    (photos / "b.txt").write_text("First line.\nSecond\x00line.\n", encoding="utf-8")
    assert main(["init", str(tmp_path / "panel"), "--images", str(photos)]) == (
        ExitCode.PROBLEMS)
    out = capsys.readouterr().out
    assert out.startswith(f"{photos / 'b.txt'}:2: The caption file holds a NUL character")


def test_a_one_megabyte_caption_is_refused_for_its_size(make_project_folder, capsys) -> None:
    folder = with_items(make_project_folder(2), "item_id,image,caption\n"
                        "item000,images/photo000.jpg,A fine caption.\n"
                        f'item001,images/photo001.jpg,"{"a very long caption " * 52_429}"\n')
    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    (line,) = out.splitlines()
    assert line.startswith(f"{folder / 'items.csv'}:3: A cell of the row starting on line 3 "
                           "is longer than 131,072 characters, the most a CSV cell may hold")
    assert "quote" not in line and "Traceback" not in err
    assert [item.item_id for item in open_project(folder).items] == ["item000"]


def test_an_image_that_cannot_be_shown_offers_only_skipping(qtbot, make_project_folder,
                                                            make_main_window) -> None:
    folder = make_project_folder(n_items=2, flow=PLAIN)
    for image in (folder / "images").glob("*.jpg"):
        image.write_bytes(b"not a JPEG at all")  # opening never decodes images
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    qtbot.waitUntil(lambda: screen.state is ScreenState.UNRATABLE, timeout=5000)
    first = screen.current_pair
    submit, level = submit_button(window), by_name(window, "Level 3: Objects right")
    assert not submit.isEnabled() and not level.isEnabled()
    assert by_name(window, "Skip this pair for now").isVisible()
    qtbot.keyClick(screen, "3")  # a level key chooses nothing
    assert not level.text().startswith("✓") and not submit.isEnabled()
    assert "cannot be shown" in by_description(window, "Status").text()
    qtbot.keyClick(screen, Qt.Key.Key_Return)  # Enter skips it
    assert screen.current_pair.item != first.item
    path = session_file_path(open_project(folder), load_config())
    assert ratings_in(path) == []  # nothing was rated, nothing recorded


def test_init_exits_0_and_notes_uncaptioned_images_on_one_stream(tmp_path: Path,
                                                                  capsys) -> None:
    """Every caption row became a pair; the images without one are a note, not a problem."""
    photos = tmp_path / "photos"
    for name in ("a", "b", "c"):
        write_jpeg(photos / f"{name}.jpg")
    captions = tmp_path / "captions.csv"
    captions.write_text("image,caption\na.jpg,A red square.\nb.jpg,Another one.\n",
                        encoding="utf-8")
    target = tmp_path / "panel"
    assert main(["init", str(target), "--images", str(photos), "--captions",
                 str(captions), "--licence", "cc-by-4.0"]) == ExitCode.DONE
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines() == [
        f"{captions}: note: 1 image(s) in {photos} have no caption here: copied into images/ "
        "for gold.csv, but not made into pairs: c.jpg.",
        f"Created {target} with 2 pairs."]
