"""Domain values of a project folder, frozen and validated when built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path, PurePosixPath

from annotator.errors import format_location


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one line of one file; ``line`` is None for whole-file problems."""

    file: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        return format_location(self.file, self.line, self.message)


@dataclass(frozen=True)
class Item:
    """One image–caption pair to be rated.

    ``image`` is the path relative to the project folder, with forward slashes;
    ``line`` is the line of ``items.csv`` it came from, for messages.
    """

    item_id: str
    image: str
    caption: str
    source: str = ""
    context: Mapping[str, str] = field(default_factory=dict)
    line: int = 0

    def __post_init__(self) -> None:
        if not self.item_id:
            raise ValueError("an item needs an id")
        if not self.caption.strip():
            raise ValueError("an item needs a caption")
        path = PurePosixPath(self.image)
        if not self.image or path.is_absolute() or ".." in path.parts:
            raise ValueError(f"image path must stay inside the project: {self.image!r}")


class GoldPurpose(Enum):
    """What an expert-rated gold pair is used for (DESIGN §6)."""

    TUTORIAL = "tutorial"
    PROBATION = "probation"
    CHECK = "check"


@dataclass(frozen=True)
class GoldItem:
    """An expert-rated pair from ``gold.csv``; never part of the rated dataset."""

    item: Item
    rating: float
    explanation: str
    purpose: GoldPurpose


@dataclass(frozen=True)
class Level:
    """One level of a rubric: the stored value, its key, a short label and the full text."""

    value: int | float
    key: str
    label: str
    text: str

    def __post_init__(self) -> None:
        if len(self.key) != 1:
            raise ValueError(f"a level's key must be one character, not {self.key!r}")
        if not self.label.strip() or not self.text.strip():
            raise ValueError("a level needs a label and a text")


@dataclass(frozen=True)
class Rubric:
    """A rating scale as data (``resources/rubrics/*.toml``)."""

    rubric_id: str
    name: str
    question: str
    levels: tuple[Level, ...]

    def __post_init__(self) -> None:
        if len(self.levels) < 2:
            raise ValueError("a rubric needs at least two levels")
        keys = [level.key for level in self.levels]
        values = [level.value for level in self.levels]
        if len(set(keys)) != len(keys) or len(set(values)) != len(values):
            raise ValueError("rubric levels need distinct keys and values")

    def level_for_key(self, key: str) -> Level | None:
        """The level bound to a keyboard key, or None."""
        return next((level for level in self.levels if level.key == key), None)

    def level_for_value(self, value: float) -> Level | None:
        return next((level for level in self.levels if level.value == value), None)


@dataclass(frozen=True)
class Project:
    """An opened project folder: everything needed to rate, plus what was wrong with it.

    ``items`` holds only the valid items; every invalid line is in ``problems``.
    """

    root: Path
    project_id: str
    name: str
    rubric: Rubric
    items: tuple[Item, ...]
    gold: tuple[GoldItem, ...] = ()
    problems: tuple[Problem, ...] = ()
    max_megapixels: float = 50.0  # project.toml [images]; larger images are refused (bombs)

    @property
    def max_pixels(self) -> int:
        """The image-bomb limit in pixels (``max_megapixels`` is what people write)."""
        return int(self.max_megapixels * 1_000_000)

    @property
    def sessions_dir(self) -> Path:
        return self.root / "sessions"

    def image_path(self, item: Item) -> Path:
        return self.root / item.image

    def item_by_id(self, item_id: str) -> Item | None:
        return self._index().get(item_id)

    def _index(self) -> dict[str, Item]:
        index = self.__dict__.get("_item_index")
        if index is None:
            index = {item.item_id: item for item in self.items}
            object.__setattr__(self, "_item_index", index)
        return index
