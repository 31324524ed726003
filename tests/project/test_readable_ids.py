"""Ids init gives pairs: the image's name, readable in the lead's tables, and unique."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from annotator.project.captions import Pair
from annotator.project.readable_ids import readable_ids


def pairs(*images: str, ids: tuple[str, ...] = ()) -> list[Pair]:
    given = list(ids) + [""] * (len(images) - len(ids))
    return [Pair(image, f"Caption {n}.", Path("captions.csv"), n + 2, item_id=item_id)
            for n, (image, item_id) in enumerate(zip(images, given, strict=True))]


@pytest.mark.parametrize(("images", "expected"), [
    (("cat.jpg", "park/dog.png"), ["cat", "park-dog"]),
    (("cat.jpg", "cat.jpg", "dog.png"), ["cat-1", "cat-2", "dog"]),
    (("dog.jpg", "dog.png"), ["dog.jpg", "dog.png"]),  # the extension tells them apart
    (("my photo (1).JPG", "!!!.png"), ["my-photo-1", "item"]),
    (("a/b.jpg", "a-b.jpg"), ["a-b", "a-b_2"]),  # two paths, one readable name
])
def test_ids_come_from_the_image_names(images: tuple[str, ...], expected: list[str]) -> None:
    assert readable_ids(pairs(*images)) == expected


def test_a_given_id_is_kept_and_never_reused() -> None:
    assert readable_ids(pairs("cat.jpg", "x.jpg", ids=("", "cat"))) == ["cat_2", "cat"]


def test_a_decomposed_file_name_gives_the_composed_id() -> None:
    decomposed = unicodedata.normalize("NFD", "Château.jpg")
    (item_id,) = readable_ids(pairs(decomposed))
    assert item_id == "Château" and unicodedata.is_normalized("NFC", item_id)


def test_a_long_name_is_cut_to_a_readable_length() -> None:
    (item_id,) = readable_ids(pairs("x" * 300 + ".jpg"))
    assert item_id == "x" * 80
