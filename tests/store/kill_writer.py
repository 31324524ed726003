"""Subprocess for the kill test: rates pairs through the UI's own calls, printing each id.

Usage: python kill_writer.py PROJECT_FOLDER TAGGER
It never stops by itself. Each printed line is a rating id whose ``submit()`` has
returned, i.e. one the tagger would have seen acknowledged.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from annotator.project.folder import open_project
from annotator.session.flow import RatingSession
from annotator.session.opening import open_laptop_session
from annotator.userconfig import load_config


def main(folder: str, tagger: str) -> None:
    project = open_project(Path(folder))
    store = open_laptop_session(project, load_config())
    values = [level.value for level in project.rubric.levels]
    index = 0
    for sitting in itertools.count():  # until killed: a new tagger once a round is done
        session = RatingSession.open(project, store, f"{tagger}-{sitting}")
        while session.pair_shown() is not None:
            feedback = session.submit(values[index % len(values)])
            print(feedback.rating.rating_id, flush=True)
            index += 1


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
