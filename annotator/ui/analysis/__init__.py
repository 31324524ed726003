"""The lab lead's analysis pane: shows :mod:`annotator.reporting` content, exports it."""
