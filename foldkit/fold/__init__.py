"""The fold: a folding made into things: the panel tree and its poses, the 3D scene and its
camera, the window, the animation, and the solids of the printed box and net."""
