"""What the lead's analysis pane shows, as plain data: tables, charts (SVG text), the HTML
report and the dataset exports. No Qt: the pane (``ui/analysis``) only displays these, and
the same content is exported, so what is shown and what is exported cannot differ.
"""
