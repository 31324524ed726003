"""Start Potato 2.x on the config and data ``annotator export-tasks --to potato --images copy``
wrote for a rubric of several questions (radio schemes and a text scheme), so Potato
validates them; register two users with passwords (the config asks for them), answer every
question through its HTTP API as the page does, stop it, and export.

Run by ``make_fixtures.sh`` with the throwaway venv's Python:
``drive_potato_questions.py WORKDIR OUTDIR TASKDIR`` (TASKDIR: export-tasks' output, used
unchanged; Potato is told ``--host 127.0.0.1`` on its command line). Standard library only
(besides Potato itself).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from drive_potato import BASE, PORT, opener, save_outputs, wait_up
from lab_tasks import QUESTION_ANSWERS, Answer, stop


def annotations(answer: Answer) -> dict[str, str]:
    """An item's answers as the page posts them: ``scheme:::label`` → value, a radio
    scheme's label its own value, the text scheme's one box ``text_box``."""
    flag, note, audience, overall = answer
    posted = {f"wrong_info:::{flag}": flag, f"audience:::{audience}": audience,
              f"overall:::{overall}": str(overall)}
    if note:
        posted["wrong_note:::text_box"] = note
    return posted


def annotate(user: str, answers: list[Answer | None], items: list[str]) -> None:
    browser = opener()
    login = urllib.parse.urlencode({"email": user, "pass": f"pw-{user}-2026"}).encode()
    browser.open(BASE + "/register", login, timeout=30)
    browser.open(BASE + "/auth", login, timeout=30)
    for item, answer in zip(items, answers, strict=True):
        if answer is None:
            continue
        body = json.dumps({"instance_id": item, "annotations": annotations(answer)}).encode()
        request = urllib.request.Request(BASE + "/updateinstance", body,
                                         {"Content-Type": "application/json"})
        with browser.open(request, timeout=30) as reply:
            print(user, item, reply.status, reply.read().decode()[:120])


def main() -> None:
    work, out, tasks_dir = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    study = work / "study"
    shutil.copytree(tasks_dir, study)
    items = [json.loads(line)["id"] for line in
             (study / "data" / "items.jsonl").read_text(encoding="utf-8").splitlines()]
    log = (work / "server.log").open("w")
    server = subprocess.Popen([str(Path(sys.executable).parent / "potato"), "start",
                               "config.yaml", "-p", str(PORT), "--host", "127.0.0.1"],
                              cwd=study, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        wait_up(time.time() + 120)
        for user, answers in QUESTION_ANSWERS.items():
            annotate(user, answers, items)
        time.sleep(2)
    finally:
        stop(server)
    save_outputs(study, out)


if __name__ == "__main__":
    main()
