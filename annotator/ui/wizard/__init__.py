"""File ▸ New project… in the lead's window: a wizard over :mod:`annotator.project.new_project`."""
