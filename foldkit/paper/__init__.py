"""Paper: what is printed and cut by hand: the page and its pens, the net template, and the
puzzle sheets."""
