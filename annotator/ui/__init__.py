"""The Qt user interface: the only package that imports PySide6."""
