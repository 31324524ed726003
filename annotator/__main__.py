"""``python -m annotator`` runs the same entry point as the ``annotator`` command."""

import sys

from annotator.cli import main

sys.exit(main())
