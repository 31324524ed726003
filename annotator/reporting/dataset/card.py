"""``README.md``: the dataset card a reader sees first, and the Hugging Face hub reads.

The YAML header is the hub's dataset card metadata (licence, task, size, one ``config`` per
table pointing at its file); the body says what was rated, by whom, on which rubric, how
much the raters agreed, which files there are, how to load them and how to cite them.
YAML is written by hand (no YAML library ships with the app): every text is a JSON string,
which YAML reads as a double-quoted scalar.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from annotator import __version__
from annotator.analysis.results import Results
from annotator.analysis.undefined import Undefined
from annotator.project.model import Project
from annotator.reporting.dataset.metadata import APP, DataFile

SIZE_CATEGORIES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
                   (1_000_000, "100K<n<1M"), (10_000_000, "1M<n<10M"),
                   (100_000_000, "10M<n<100M"))
"""The hub's size categories, by the number of rows of the largest table."""
SOFTWARE_CITATION = (f"{APP} (version {__version__}). Software for rating image captions with "
                     "an expert panel; see its CITATION.cff.")


@dataclass(frozen=True)
class CardFigures:
    """What the card says of the panel and its agreement."""

    ratings: int
    answers: int
    items: int
    taggers: int
    rounds: tuple[int, ...]
    pseudonymised: bool
    excluded_taggers: int
    simulated: int = 0
    """Taggers whose ratings ``annotator simulate`` made (exported with
    ``--include-simulated``)."""
    images: int = 0
    """Images in the dataset's ``images/`` (``export --images copy|link``)."""
    linked: bool = False
    """The images are links to the project's files, not copies."""
    imported: tuple[str, ...] = ()
    """One sentence per file whose ratings were imported from another tool
    (:meth:`annotator.store.imported.ImportedSource.provenance`)."""


def size_category(rows: int) -> str:
    return next((name for limit, name in SIZE_CATEGORIES if rows < limit), "n>100M")


def card(project: Project, results: Results, figures: CardFigures, files: Sequence[DataFile],
         *, title: str, description: str, content_hash: str,
         splits: Sequence[str] = ()) -> str:
    """The whole README.md; with ``splits``, each table's config names its file per split
    (``items-train.csv``…), as the hub's split configuration."""
    tables = [f for f in files if f.fields and "-" not in f.stem]
    header = [
        "---",
        f"license: {json.dumps(project.dataset.licence)}",
        f"pretty_name: {json.dumps(title, ensure_ascii=False)}",
        "task_categories:", "- image-to-text",
        "tags:", *(f"- {tag}" for tag in ("image-captioning", "caption-evaluation",
                                          "human-ratings", "accessibility", "alt-text")),
        "size_categories:", f"- {json.dumps(size_category(figures.answers))}",
        "configs:",
    ]
    for n, file in enumerate(sorted(tables, key=lambda f: f.stem != "items")):
        header += [f"- config_name: {file.stem}", "  data_files:"]
        for split in splits or ("train",):
            path = f"{file.stem}-{split}.{file.format}" if splits else file.name
            header += [f"  - split: {split}", f"    path: {json.dumps(path)}"]
        if n == 0:
            header.append("  default: true")
    header.append("---")
    body = [
        f"# {title}", "", description, "",
        *_unlicensed(project),
        *_simulated(figures),
        *_protocol(project, figures),
        *_agreement(results, figures),
        "## Files", "",
        "| file | what it holds |", "|---|---|",
        *(f"| `{f.name}` | {f.description} |" for f in files),
        *_images_row(figures),
        "| `datapackage.json` | the same files described as a Frictionless Data Package |",
        "| `croissant.json` | the same files described in MLCommons Croissant |", "",
        "Every column, its type, unit and allowed values, and every level of the rubric in "
        "full, are in [codebook.md](codebook.md).", "",
        *_loading(tables, images=bool(figures.images)),
        "## Provenance", "",
        f"Exported by {APP} {__version__} from the project `{project.project_id}`. Content "
        f"hash `{content_hash}`: the SHA-256 of the lines that `sha256sum` prints for the "
        "data files and the codebook, in name order (`sha256sum codebook.* items.* ratings.* "
        "| sha256sum`).", "",
        *(f"- {line}" for line in figures.imported), *([""] if figures.imported else []),
        "## How to cite", "",
        project.dataset.citation or "The authors of this dataset have not said how to cite "
        "it; cite its title and where you found it.", "",
        f"Cite the protocol's paper ({project.rubric.source or project.rubric.name}) and the "
        f"software: {SOFTWARE_CITATION}", "",
    ]
    return "\n".join([*header, "", *body])


UNKNOWN_LICENCE = ("**No licence.** The project that exported this dataset names no licence "
                   "for it, so nobody may reuse it yet: its authors should set one (`licence` "
                   "under `[dataset]` in project.toml) and export again.")


def _unlicensed(project: Project) -> list[str]:
    return [f"> {UNKNOWN_LICENCE}", ""] if project.dataset.licence == "unknown" else []


def _simulated(figures: CardFigures) -> list[str]:
    if not figures.simulated:
        return []
    return [f"> **Simulated ratings.** {figures.simulated} of the {figures.taggers} taggers "
            "are simulated by the Caption Rating Annotator's `annotator simulate` (seeded "
            "draws around a hidden quality per item), not people. Their ratings are in every "
            "file and figure; do not use this dataset as human judgements.", ""]


def _protocol(project: Project, figures: CardFigures) -> list[str]:
    rubric = project.rubric
    levels = ", ".join(f"{level.value:g} ({level.label})" for level in rubric.levels)
    skip = f", or {rubric.skip.label}" if rubric.skip is not None else ""
    source = f"; {rubric.source}" if rubric.source else ""
    lines = ["## Protocol", "",
             f"Raters answered \"{rubric.question}\" on the {rubric.name} "
             f"(`{rubric.rubric_id}`{source}), one pair at a time: levels {levels}{skip}."]
    if rubric.questions:
        lines.append(f"Each pair was asked {len(rubric.questions)} questions "
                     f"({', '.join(q.question_id for q in rubric.questions)}), before and "
                     "with the image; the figures below use 'overall' with the image.")
    flow = project.flow.base
    if flow.tutorial or flow.probation or flow.feedback:
        lines.append("They rated in the Rating Game (Narins et al., NeurIPS 2023): "
                     + ", ".join(step for step, on in (
                         ("a tutorial against expert ratings", flow.tutorial),
                         ("a probation gate", flow.probation),
                         ("the panel's consensus and points after each rating",
                          flow.feedback)) if on) + ".")
    rounds = ("round " if len(figures.rounds) == 1 else "rounds ") + ", ".join(
        map(str, figures.rounds))
    lines += ["",
              f"{figures.taggers} taggers gave {figures.ratings:,} data ratings (game and "
              f"retest answers) to {figures.items:,} items in {rounds}; "
              f"ratings.csv has all {figures.answers:,} answers, tutorial, probation and "
              "attention checks included (its `phase` column says which)."]
    if figures.excluded_taggers:
        lines.append(f"{figures.excluded_taggers} taggers who failed the attention checks are "
                     "left out of every file.")
    if figures.pseudonymised:
        lines.append("Tagger names are replaced by pseudonyms T01, T02… in the order they "
                     "first rated.")
    return [*lines, ""]


def _agreement(results: Results, figures: CardFigures) -> list[str]:
    alpha = results.alpha
    lines = ["## Agreement", "", "| figure | value |", "|---|---|"]
    interval = ("" if isinstance(alpha.ci95, Undefined) else
                f" (95 % interval {alpha.ci95[0]:.3f} to {alpha.ci95[1]:.3f}, "
                f"{alpha.bootstrap} bootstrap resamples of items)")
    lines.append(f"| Krippendorff's α ({alpha.level}), all rounds | {_fig(alpha.value)}"
                 f"{interval} |")
    lines += [f"| α, round {rnd} | {_fig(value)} |" for rnd, value in
              results.alpha_by_round.items()]
    lines += [f"| Fleiss' κ | {_fig(results.fleiss_kappa)} |",
              f"| Percent agreement | {_fig(results.percent_agreement)} |",
              f"| Gwet's AC1 | {_fig(results.gwet_ac1)} |"]
    retest = [entry.alpha for entry in results.retest.values()
              if not isinstance(entry.alpha, Undefined)]
    if retest:
        ordered = sorted(retest)
        middle = (ordered[(len(ordered) - 1) // 2] + ordered[len(ordered) // 2]) / 2
        lines.append(f"| Test–retest α, median over {len(retest)} taggers | {middle:.3f} |")
    return [*lines, "", "Figures are fractions (not × 100), computed by the exporting app "
            f"on the {figures.ratings:,} data ratings; `n/a` is a figure that cannot be "
            "computed on these data.", ""]


def _fig(value: float | Undefined) -> str:
    return "n/a" if isinstance(value, Undefined) else f"{value:.3f}"


def _images_row(figures: CardFigures) -> list[str]:
    if not figures.images:
        return []
    how = ("links to the project's files, which open only on the computer that exported "
           "them: export with `--images copy` to publish them" if figures.linked else
           "copies of the project's files")
    return [f"| `images/` | the {figures.images} images rated ({how}); `image` in "
            "`items` is each one's path from here |"]


def _loading(tables: Sequence[DataFile], *, images: bool) -> list[str]:
    """Snippets that load the tables as they are (each is run by the tests)."""
    csv = all(f.format == "csv" for f in tables)
    names = {f.stem: f.name for f in tables}
    if csv:
        python = [f'ratings = pd.read_csv("{names["ratings"]}", dtype={{"item_id": str, '
                  '"tagger": str})', f'items = pd.read_csv("{names["items"]}", '
                  'dtype={"item_id": str})']
        r = [f'ratings <- read.csv("{names["ratings"]}", encoding = "UTF-8", '
             'colClasses = c(item_id = "character", tagger = "character"))']
    else:
        python = [f'ratings = pd.read_json("{names["ratings"]}", lines=True, '
                  'dtype={"item_id": str, "tagger": str})',
                  f'items = pd.read_json("{names["items"]}", lines=True, dtype={{"item_id": '
                  'str})']
        r = [f'ratings <- jsonlite::stream_in(file("{names["ratings"]}"))']
    hub = ["", "```python", "from pathlib import Path", "", "from datasets import load_dataset",
           "",  # not load_dataset("."): datasets 5 names a dataset by its folder's name
           'here = str(Path().resolve())  # this folder (or the dataset\'s name on the hub)',
           'items = load_dataset(here)  # the configs above: items, by split',
           'ratings = load_dataset(here, "ratings")',
           *(['images = load_dataset("imagefolder", data_dir="images", split="train")'
              '  # image decoded, with item_id and caption'] if images else []), "```"]
    validate = ("`frictionless validate datapackage.json` checks every file against its "
                "size, hash and schema" + ("; JSON Lines need `pip install "
                                           "\"frictionless[json]\"`." if not csv else "."))
    return ["## Loading", "", "```python", "import pandas as pd", "", *python,
            'data = ratings[ratings["phase"].isin(["game", "retest"]) & ratings["counted"]]'
            '  # the data ratings the analysis counts',
            "```", *hub, "", "```r", *r, "```", "", validate, ""]
