"""Agreement statistics and reports on numpy arrays; no Qt, no SQL.

Everything is computed from a :class:`~annotator.analysis.rating_table.RatingTable`, whatever the
ratings came from (session files, a ratings CSV, later the panel database).
"""
