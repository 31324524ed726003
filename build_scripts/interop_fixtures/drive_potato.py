"""Run Potato 2.x on loopback with the lab's tasks, annotate them through its HTTP API as
three users, stop it, and export with ``potato.export``.

Run by ``make_fixtures.sh`` with the throwaway venv's Python:
``drive_potato.py WORKDIR OUTDIR``. Standard library only (besides Potato itself).
"""

from __future__ import annotations

import http.cookiejar
import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from lab_tasks import ANSWERS, LEVELS, TASKS, stop, write_images

PORT = 8771
BASE = f"http://127.0.0.1:{PORT}"
SCHEME = "quality"
CHANGES_MIND = "ben"


def config() -> str:
    labels = "\n".join(f'      - "{label}"' for label in LEVELS[::-1])
    return f"""annotation_task_name: "Lab caption quality"
task_dir: .
output_annotation_dir: annotation_output/
data_files:
  - data/captions.jsonl
item_properties:
  id_key: id
  text_key: text
  image_key: image
require_password: false
host: 127.0.0.1
port: {PORT}
annotation_schemes:
  - annotation_type: radio
    name: {SCHEME}
    description: "How well does the caption describe the image?"
    labels:
{labels}
"""


def opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def wait_up(deadline: float) -> None:
    while time.time() < deadline:
        try:
            urllib.request.urlopen(BASE + "/", timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(1)
    raise SystemExit("Potato did not start in time")


def annotate(user: str, levels: list[int]) -> None:
    browser = opener()
    browser.open(BASE + "/auth", urllib.parse.urlencode({"email": user}).encode(), timeout=30)
    if user == CHANGES_MIND:  # a first answer later changed: only the last one counts
        levels = [1, *([0] * (len(levels) - 1)), *levels]
    for n, level in enumerate(levels):
        if level == 0:
            continue
        label = LEVELS[level - 1]
        body = json.dumps({"instance_id": f"t{n % len(TASKS) + 1}",
                           "annotations": {f"{SCHEME}:::{label}": label}}).encode()
        request = urllib.request.Request(BASE + "/updateinstance", body,
                                         {"Content-Type": "application/json"})
        with browser.open(request, timeout=30) as answer:
            print(user, f"t{n % len(TASKS) + 1}", label, answer.status)


def main() -> None:
    work, out = Path(sys.argv[1]), Path(sys.argv[2])
    (work / "data").mkdir(parents=True, exist_ok=True)
    write_images(work / "images")
    (work / "data" / "captions.jsonl").write_text("".join(
        json.dumps({"id": f"t{n + 1}", "text": caption, "image": f"images/{image}"}) + "\n"
        for n, (image, caption) in enumerate(TASKS)), encoding="utf-8")
    (work / "config.yaml").write_text(config(), encoding="utf-8")
    log = (work / "server.log").open("w")
    server = subprocess.Popen([str(Path(sys.executable).parent / "potato"), "start",
                               str(work / "config.yaml"), "-p", str(PORT)],
                              cwd=work, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        wait_up(time.time() + 120)
        for user, levels in ANSWERS.items():
            annotate(user, levels)
        time.sleep(2)
    finally:
        stop(server)
    save_outputs(work, out)
    shutil.copytree(work / "data", out / "data", dirs_exist_ok=True)


def save_outputs(study: Path, out: Path) -> None:
    """Once the server has stopped: export the study in ``study`` (its ``config.yaml``)
    with ``python -m potato.export``, and copy each user's state and history, the export
    and the config into OUTDIR."""
    for fmt in ("jsonl", "csv"):
        subprocess.run([sys.executable, "-m", "potato.export", "--config",
                        str(study / "config.yaml"), "--format", fmt, "--output",
                        str(study / "export")], check=False, cwd=study)
    out.mkdir(parents=True, exist_ok=True)
    for state in sorted((study / "annotation_output").glob("*/user_state.json")):
        shutil.copytree(state.parent, out / "annotation_output" / state.parent.name,
                        dirs_exist_ok=True)
    if (study / "export").is_dir():
        shutil.copytree(study / "export", out / "export", dirs_exist_ok=True)
    shutil.copy(study / "config.yaml", out / "config.yaml")


if __name__ == "__main__":
    main()
