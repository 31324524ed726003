"""The dataset a lab publishes: the ratings, the items, a codebook, a dataset card and the
metadata other tools read (:mod:`annotator.reporting.dataset.writer`)."""
