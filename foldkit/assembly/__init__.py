"""The artifacts of a packing: instructions (assembly.pdf), the assembly animated (assembly.gif,
assembly.glb), the pieces to print (pieces.stl, piece-NAME.stl, box.stl), and the window.

Every maker takes the box (X, Y, Z), the packing (placed pieces with ``.piece`` and ``.cubes``)
and the assembly order (``solver.packing.assembly.assembly_order``) and returns bytes; none of
them touches the disk.
"""
