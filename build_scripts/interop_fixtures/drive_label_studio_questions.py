"""Give Label Studio the config and tasks ``annotator export-tasks --to label-studio`` wrote
for a rubric of several questions (a flag, a note shown only after "Yes", a choice, the
overall scale), let it validate them by creating a project, answer every question through
its HTTP API as two users, export, and stop it.

Run by ``make_fixtures.sh`` with the throwaway venv's Python:
``drive_label_studio_questions.py WORKDIR OUTDIR TASKDIR`` (TASKDIR: export-tasks' output,
``label_config.xml`` and ``tasks.json``). Standard library only (besides Label Studio).
"""

from __future__ import annotations

import json
import sys
import urllib.error
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from drive_label_studio import call, start, token, write_exports
from lab_tasks import QUESTION_ANSWERS, Answer, stop


def result(answer: Answer) -> list[dict[str, Any]]:
    """An annotation's result as Label Studio's editor sends it: one region per control
    answered, the note only when written."""
    flag, note, audience, overall = answer
    regions = [{"from_name": name, "to_name": "image", "type": "choices",
                "value": {"choices": [alias]}}
               for name, alias in (("wrong_info", flag), ("audience", audience),
                                   ("overall", str(overall)))]
    if note:
        regions.insert(1, {"from_name": "wrong_note", "to_name": "image", "type": "textarea",
                           "value": {"text": [note]}})
    return regions


def run(tasks_dir: Path, out: Path) -> None:
    lead = token("ana")
    config = (tasks_dir / "label_config.xml").read_text(encoding="utf-8")
    try:
        project = call(lead, "POST", "/api/projects/", {"title": "Lab caption study",
                                                         "label_config": config})
    except urllib.error.HTTPError as error:
        raise SystemExit("Label Studio refused the label config: "
                         f"{error.read().decode()}") from error
    stored = call(lead, "GET", f"/api/projects/{project['id']}/")
    (out / "label_config.xml").write_text(stored["label_config"], encoding="utf-8")
    (out / "parsed_label_config.json").write_text(
        json.dumps(stored["parsed_label_config"], indent=2, ensure_ascii=False) + "\n",
        encoding="utf-8")
    call(lead, "POST", f"/api/projects/{project['id']}/import",
         json.loads((tasks_dir / "tasks.json").read_text(encoding="utf-8")))
    tasks = call(lead, "GET", f"/api/tasks/?project={project['id']}&page_size=100")["tasks"]
    ids = sorted(task["id"] for task in tasks)
    for user, answers in QUESTION_ANSWERS.items():
        for n, answer in enumerate(answers):
            if answer is not None:
                call(token(user), "POST", f"/api/tasks/{ids[n]}/annotations/",
                     {"result": result(answer), "was_cancelled": False})
    write_exports(lead, project["id"], out)


def main() -> None:
    work, out, tasks_dir = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    server = start(work)
    try:
        run(tasks_dir, out)
    finally:
        stop(server)


if __name__ == "__main__":
    main()
