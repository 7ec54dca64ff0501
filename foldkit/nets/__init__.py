"""`foldkit nets`: the text and JSON of the nets of boxes (the search is ``solver.nets``)."""
