"""Caption Rating Annotator: an expert panel rates how well captions describe images."""

__version__ = "0.1.0"
