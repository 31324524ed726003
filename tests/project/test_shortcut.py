"""Project shortcuts (``.crproject``) and the other paths that stand for a project folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.errors import ProjectError
from annotator.project.folder import open_project
from annotator.project.shortcut import MAX_SHORTCUT_BYTES, project_folder_of, read_shortcut


def test_a_folder_and_its_project_toml_stand_for_the_folder(make_project_folder) -> None:
    folder = make_project_folder(2)
    assert project_folder_of(folder) == folder
    assert project_folder_of(folder / "project.toml") == folder


def test_a_relative_shortcut_is_read_from_its_own_folder(make_project_folder, tmp_path: Path,
                                                         monkeypatch) -> None:
    folder = make_project_folder(2, name="Harbour panel", folder=tmp_path / "studies" / "harbour")
    shortcut = tmp_path / "studies" / "Open harbour.crproject"
    shortcut.write_text('# double-click to open\nfolder = "harbour"\n', encoding="utf-8")
    monkeypatch.chdir(folder)  # the working folder plays no part
    assert project_folder_of(shortcut) == tmp_path / "studies" / "harbour"
    assert open_project(project_folder_of(shortcut)).name == "Harbour panel"


def test_a_shortcut_inside_the_project_names_it_with_a_dot(make_project_folder) -> None:
    folder = make_project_folder(2)
    (folder / "open.crproject").write_text('folder = "."\n', encoding="utf-8")
    assert open_project(read_shortcut(folder / "open.crproject")).root.resolve() == \
        folder.resolve()


def test_an_absolute_windows_style_path_in_single_quotes_is_kept(tmp_path: Path) -> None:
    shortcut = tmp_path / "s.crproject"
    target = tmp_path / "elsewhere" / "study"
    shortcut.write_text(f"folder = '{target}'\r\n", encoding="utf-8")
    assert read_shortcut(shortcut) == target


@pytest.mark.parametrize(("text", "line", "says"), [
    ('folder = "C:\\Studies\\harbour"\n', 1, "single quotes"),   # \S is no TOML escape
    ('\nfolder = \n', 2, "not valid TOML"),
    ('folder = 3\n', None, "does not name a project folder"),
    ('folder = "  "\n', None, "does not name a project folder"),
    ('# nothing\n', None, "does not name a project folder"),
    ('folder = "a"\ntagger = "ana"\n', None, "also has tagger"),
])
def test_a_shortcut_that_cannot_be_used_is_refused_by_name(tmp_path: Path, text: str,
                                                           line: int | None, says: str) -> None:
    shortcut = tmp_path / "bad.crproject"
    shortcut.write_text(text, encoding="utf-8")
    with pytest.raises(ProjectError) as caught:
        project_folder_of(shortcut)
    assert caught.value.file == shortcut and caught.value.line == line
    assert says in str(caught.value)


def test_binary_large_or_missing_shortcuts_are_refused(tmp_path: Path) -> None:
    binary = tmp_path / "binary.crproject"
    binary.write_bytes(b'folder = "\xff"\n')
    large = tmp_path / "large.crproject"
    large.write_text(f'folder = "{"x" * MAX_SHORTCUT_BYTES}"\n', encoding="utf-8")
    for path, says in [(binary, "not UTF-8"), (large, "larger than 4096 bytes"),
                       (tmp_path / "gone.crproject", "cannot be read")]:
        with pytest.raises(ProjectError, match=says) as caught:
            read_shortcut(path)
        assert caught.value.file == path
