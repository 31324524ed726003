"""Run Label Studio on loopback with the lab's tasks, annotate them through its HTTP API as
three users, export the project in every format it offers for it, and stop it.

Run by ``make_fixtures.sh`` with the throwaway venv's Python:
``drive_label_studio.py WORKDIR OUTDIR``. Standard library only (besides Label Studio).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from lab_tasks import ANSWERS, LEVELS, TASKS, stop, write_images

PORT = 8772
BASE = f"http://127.0.0.1:{PORT}"
USERS = {"ana": ("ana@lab.example", "Ana", "Alves"), "ben": ("ben@lab.example", "Ben", "Berg"),
         "cem": ("cem@lab.example", "Cem", "Can")}
CANCELLED = ("cem", 5)
"""cem skips task 5 (Label Studio's Skip: a cancelled annotation, no answer)."""
CONFIG = "\n".join([
    "<View>",
    '  <Image name="image" value="$image"/>',
    '  <Text name="caption" value="$text"/>',
    '  <Choices name="quality" toName="image" choice="single-radio" required="true">',
    *(f'    <Choice value="{label}"/>' for label in LEVELS[::-1]),
    "  </Choices>",
    "</View>", ""])


def environment(work: Path) -> dict[str, str]:
    """Label Studio's own settings: data under WORKDIR, no analytics, no version check,
    images served from WORKDIR as local files, legacy tokens for the API."""
    return {**os.environ, "LABEL_STUDIO_BASE_DATA_DIR": str(work / "ls-data"),
            "LABEL_STUDIO_COLLECT_ANALYTICS": "false",
            "LABEL_STUDIO_LATEST_VERSION_CHECK": "false",
            "SENTRY_DSN": "", "FRONTEND_SENTRY_DSN": "",
            "LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED": "true",
            "LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT": str(work),
            "LABEL_STUDIO_ENABLE_LEGACY_API_TOKEN": "true",
            "HOME": str(work)}


def call(token: str, method: str, path: str, body: Any = None) -> Any:
    request = urllib.request.Request(
        BASE + path, None if body is None else json.dumps(body).encode(), method=method,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        data = answer.read()
    return data if path.startswith("/api/projects/") and "/export?" in path else (
        json.loads(data) if data else None)


def token(user: str) -> str:
    return f"lab-token-{user}-0123456789"


def wait_up(deadline: float) -> None:
    while time.time() < deadline:
        try:
            urllib.request.urlopen(BASE + "/health", timeout=2)
            return
        except OSError:
            time.sleep(2)
    raise SystemExit("Label Studio did not start in time")


def start(work: Path) -> subprocess.Popen[bytes]:
    """Make the three users (each with a known API token) in a fresh data folder under
    WORKDIR, start the server on loopback and wait until it answers."""
    write_images(work / "images")
    program = str(Path(sys.executable).parent / "label-studio")
    env = environment(work)
    for user, (email, _, _) in USERS.items():
        subprocess.run([program, "init", "--data-dir", str(work / "ls-data"), "--username",
                        email, "--password", f"pw-{user}-2026", "--user-token", token(user),
                        "--enable-legacy-api-token", "--no-browser"], env=env, check=True,
                       stdin=subprocess.DEVNULL)
    log = (work / "server.log").open("w")
    server = subprocess.Popen([program, "start", "--data-dir", str(work / "ls-data"),
                               "--internal-host", "127.0.0.1", "--port", str(PORT),
                               "--no-browser"], env=env, stdout=log, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_up(time.time() + 300)
    except BaseException:
        stop(server)
        raise
    for user, (_, first, last) in USERS.items():
        me = call(token(user), "GET", "/api/current-user/whoami")
        call(token(user), "PATCH", f"/api/users/{me['id']}/",
             {"first_name": first, "last_name": last})
    return server


def main() -> None:
    work, out = Path(sys.argv[1]), Path(sys.argv[2])
    server = start(work)
    try:
        run(out)
    finally:
        stop(server)


def run(out: Path) -> None:
    lead = token("ana")
    project = call(lead, "POST", "/api/projects/", {"title": "Lab caption quality",
                                                     "label_config": CONFIG})
    call(lead, "POST", f"/api/projects/{project['id']}/import", [
        {"image": f"/data/local-files/?d=images/{image}", "text": caption}
        for image, caption in TASKS])
    tasks = call(lead, "GET", f"/api/tasks/?project={project['id']}&page_size=100")["tasks"]
    ids = sorted(task["id"] for task in tasks)
    for user, levels in ANSWERS.items():
        for n, level in enumerate(levels):
            cancelled = (user, n) == CANCELLED
            if level == 0 and not cancelled:
                continue
            result = [] if cancelled else [{
                "from_name": "quality", "to_name": "image", "type": "choices",
                "value": {"choices": [LEVELS[level - 1]]}}]
            call(token(user), "POST", f"/api/tasks/{ids[n]}/annotations/",
                 {"result": result, "was_cancelled": cancelled})
    (out / "label_config.xml").write_text(CONFIG, encoding="utf-8")
    write_exports(lead, project["id"], out)


def write_exports(lead: str, project: int, out: Path) -> None:
    """The formats Label Studio offers for ``project`` (export-formats.json) and the project
    exported in each enabled one (export-FORMAT.format)."""
    formats = call(lead, "GET", f"/api/projects/{project}/export/formats")
    (out / "export-formats.json").write_text(json.dumps(formats, indent=2) + "\n",
                                             encoding="utf-8")
    for fmt in formats:
        if fmt.get("disabled"):
            continue
        try:
            data = call(lead, "GET", f"/api/projects/{project}/export?exportType="
                        f"{fmt['name']}&download_all_tasks=true")
        except urllib.error.HTTPError as error:
            print(f"{fmt['name']}: {error}", file=sys.stderr)
            continue
        (out / f"export-{fmt['name']}.{fmt['name'].lower()}").write_bytes(data)
        print(fmt["name"], len(data), "bytes")

if __name__ == "__main__":
    main()
