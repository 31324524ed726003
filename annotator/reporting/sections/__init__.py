"""One module per tab of the pane: each turns an
:class:`~annotator.analysis.pipeline.Analysis` into a Section."""
