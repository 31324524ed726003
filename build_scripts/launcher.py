"""Entry script of the frozen app (a script outside the package, so PyInstaller does not put
``annotator/`` itself on ``sys.path`` and shadow top-level modules with its sub-packages)."""

from annotator.cli import main

raise SystemExit(main())
