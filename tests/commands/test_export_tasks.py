"""``annotator export-tasks`` and ``import-ratings`` with Label Studio, Potato and Prodigy:
round trips.

A simulated panel rates a sample project in the app. Its answers are then written the way
each tool would store them had the taggers answered the exported tasks there — built from
the task files ``export-tasks`` wrote, not from the rubric — imported with
``import-ratings``, and analysed: the same α as the app's own session files give.
"""

from __future__ import annotations

import csv
import json
import math
import shutil
import uuid
import xml.etree.ElementTree as ET
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from annotator.analysis.loading import counted_rows, project_rows
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.commands.import_ratings import TOOL_FORMATS
from annotator.project.answer_model import SKIP_VALUE
from annotator.project.folder import open_project
from annotator.project.interop import TOOLS
from annotator.project.model import Project
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

ROOT = Path(__file__).resolve().parents[2]
Answers = dict[tuple[str, str], float]
"""(tagger, item) → the stored value (−1: skip) of the panel's game answers."""


@pytest.fixture(scope="module", params=["vcr5-demo", "good-bad-skip-demo"])
def panel(request, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Answers]:
    folder = tmp_path_factory.mktemp("panel") / request.param
    shutil.copytree(ROOT / "sample_projects" / request.param, folder)
    assert main(["simulate", str(folder), "--taggers", "5", "--seed", "7"]) == 0
    project = open_project(folder)
    if project.rubric.skip is not None:
        _skipper(project)
    rows = project_rows(project)
    answers = {(rows.tagger[i], rows.item_id[i]): rows.value[i] for i in counted_rows(rows)
               if rows.phase[i] == Phase.GAME.value}
    return folder, answers


def _skipper(project: Project) -> None:
    """A tagger who skips every third pair and says yes to the others."""
    store = SessionStore.open(project.sessions_dir / "skipper.sqlite",
                              project_id=project.project_id, laptop_id="skipper",
                              laptop_name="skipper")
    for n, item in enumerate(project.items):
        shown = datetime(2027, 1, 5, 9, tzinfo=UTC) + timedelta(minutes=n)
        store.record_rating(Rating(
            rating_id=str(uuid.uuid4()), tagger="Skipper", item_id=item.item_id, round=1,
            phase=Phase.GAME, value=SKIP_VALUE if n % 3 == 0 else 1, shown_at=shown,
            submitted_at=shown + timedelta(seconds=5), ms_on_screen=5000))
    store.close()


def test_the_commands_name_the_same_tools() -> None:
    assert list(TOOL_FORMATS) == list(TOOLS)


def label_studio(tasks: Path, answers: Answers, project: Project, out: Path) -> Path:
    config = ET.fromstring((tasks / "label_config.xml").read_text(encoding="utf-8")
                           .split("\n<!--")[0])
    alias = {_value(choice.get("alias")): choice.get("alias") for choice in config.iter("Choice")}
    users = {tagger: n for n, tagger in enumerate(sorted({t for t, _ in answers}), start=1)}
    export = []
    for n, task in enumerate(json.loads((tasks / "tasks.json").read_text(encoding="utf-8"))):
        item = task["data"]["item_id"]
        export.append({"id": n + 1, "data": task["data"], "project": 1, "annotations": [
            {"id": 100 * n + users[tagger], "completed_by": users[tagger],
             "was_cancelled": False, "lead_time": 4.5, "result": [
                 {"id": f"r{n}", "from_name": "rating", "to_name": "image", "type": "choices",
                  "value": {"choices": [alias[value]]}}]}
            for (tagger, rated), value in answers.items() if rated == item]})
    out.write_text(json.dumps(export, indent=1), encoding="utf-8")
    return out


def potato(tasks: Path, answers: Answers, project: Project, out: Path) -> Path:
    config = json.loads((tasks / "config.yaml").read_text(encoding="utf-8"))
    by_key = {level.key: float(level.value) for level in project.rubric.options}
    label = {by_key[entry["key_value"]]: entry["name"]
             for entry in config["annotation_schemes"][0]["labels"]}
    data = {json.loads(line)["id"]: json.loads(line) for line in
            (tasks / "data" / "items.jsonl").read_text(encoding="utf-8").splitlines()}
    for tagger in sorted({t for t, _ in answers}):
        folder = out / tagger
        folder.mkdir(parents=True)
        (folder / "annotated_instances.jsonl").write_text("".join(json.dumps({
            "id": item, "displayed_text": data[item]["text"],
            "label_annotations": {"rating": {label[value]: "true"}},
            "span_annotations": [], "behavioral_data": {"time_string": "Time spent: 5s"},
        }) + "\n" for (who, item), value in answers.items() if who == tagger),
            encoding="utf-8")
    return out


def prodigy(tasks: Path, answers: Answers, project: Project, out: Path) -> Path:
    lines = [json.loads(line) for line in
             (tasks / "tasks.jsonl").read_text(encoding="utf-8").splitlines()]
    by_item = {task["meta"]["item_id"]: task for task in lines}
    annotated = []
    for (tagger, item), value in answers.items():
        task = by_item[item]
        (chosen,) = [o["id"] for o in task["options"] if _value(o["id"]) == value]
        annotated.append({**task, "accept": [chosen], "answer": "accept",
                          "_annotator_id": f"captions-{tagger}",
                          "_session_id": f"captions-{tagger}", "_timestamp": 1801134233})
    out.write_text("".join(json.dumps(task) + "\n" for task in annotated), encoding="utf-8")
    return out


def _value(stored: object) -> float:
    return SKIP_VALUE if stored == "skip" else float(str(stored))


ANSWERED = {"label-studio": label_studio, "potato": potato, "prodigy": prodigy}


@pytest.mark.parametrize("tool", list(ANSWERED))
def test_answers_given_in_the_tool_analyse_to_the_apps_alpha(
        panel: tuple[Path, Answers], tool: str, tmp_path: Path, capsys) -> None:
    folder, answers = panel
    project = open_project(folder)
    tasks = tmp_path / "tasks"
    assert main(["export-tasks", str(folder), "--to", tool, "--out", str(tasks)]) == 0
    written = capsys.readouterr().out.splitlines()
    assert written and all(Path(line).is_file() for line in written)
    export = ANSWERED[tool](tasks, answers, project, tmp_path / "answers")
    ratings = tmp_path / "ratings.csv"
    assert main(["import-ratings", tool, str(export), "--project", str(folder),
                 "--out", str(ratings)]) == ExitCode.DONE
    with ratings.open(encoding="utf-8", newline="") as handle:
        imported = Counter((row["item_id"], row["rating"]) for row in csv.DictReader(handle))
    assert ("skip" in {rating for _, rating in imported}) == (project.rubric.skip is not None)
    assert imported == Counter((item, "skip" if value == SKIP_VALUE else f"{value:g}")
                               for (_, item), value in answers.items())
    argv = ["--reps", "5", "--bootstrap", "20", "--json"]
    assert main(["analyze", str(folder), *argv, str(tmp_path / "app.json")]) == 0
    assert main(["analyze", "--ratings-csv", str(ratings), *argv,
                 str(tmp_path / "tool.json")]) == 0
    app, other = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("app", "tool"))
    assert other["n_ratings"] == app["n_ratings"] == sum(
        1 for v in answers.values() if v != SKIP_VALUE)
    assert math.isclose(other["alpha"]["value"], app["alpha"]["value"], rel_tol=1e-12)
    for figure in ("fleiss_kappa", "percent_agreement", "gwet_ac1"):
        assert other[figure] == pytest.approx(app[figure], rel=1e-12), figure
    if app["binary"] is not None:
        assert other["binary"]["dropped_items"] == app["binary"]["dropped_items"]
        assert other["binary"]["p_hat_distribution"] == app["binary"]["p_hat_distribution"]


def test_the_command_refuses_a_tools_answers_without_the_project(tmp_path: Path,
                                                                 capsys) -> None:
    code = main(["import-ratings", "prodigy", str(tmp_path / "x.jsonl"),
                 "--out", str(tmp_path / "r.csv")])
    assert code == ExitCode.REFUSED
    assert "Give --project FOLDER" in capsys.readouterr().err
    assert not (tmp_path / "r.csv").exists()


@pytest.mark.parametrize("tool", ["potato", "label-studio"])
def test_export_tasks_of_questions_asked_before_the_image_is_refused_by_name(
        tmp_path: Path, capsys, tool: str) -> None:
    code = main(["export-tasks", str(ROOT / "sample_projects" / "contextref-demo"), "--to",
                 tool, "--out", str(tmp_path / "tasks")])
    assert code == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert "before the image is shown" in err and "shows the image with the text at once" in err
    assert not (tmp_path / "tasks").exists()


def test_prodigy_refuses_several_questions(tmp_path: Path, capsys) -> None:
    code = main(["export-tasks", str(ROOT / "sample_projects" / "contextref-demo"), "--to",
                 "prodigy", "--out", str(tmp_path / "tasks")])
    assert code == ExitCode.REFUSED
    assert "Prodigy tasks carry one question" in capsys.readouterr().err
