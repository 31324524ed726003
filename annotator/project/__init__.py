"""The project folder: manifest, items, rubrics, gold pairs, validation and creation."""
