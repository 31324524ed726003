"""One module per tab of the pane: each turns an :class:`Analysed` into a Section."""
