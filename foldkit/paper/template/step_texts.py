"""The words of the assembly page's "How to fold it": each step's text (cut, crease, every staged
fold, then glue or tuck the tongues in), and, when the pictures carry captions instead, the one step
that stands for the folds and each picture's caption and faces.

They are kept apart from the drawing in foldkit.paper.template.assembly, which lays them out beside
the pictures, so that what the steps say and where they go on the page are read and changed apart.
"""

from __future__ import annotations

from foldkit.fold.panels import PanelTree
from foldkit.fold.subject import Subject
from foldkit.look import face_label
from foldkit.paper.template.geometry import NetGeometry
from foldkit.paper.template.step_grid import Stages

GLUE_NOTES = {"both": " A seam with a tab on each edge: glue one under the other edge and cut the other off, "
                      "or glue the two tabs together.",
              "shadow": " The grey shadow beside an edge is where its tab lands."}
SLOT_STEP = ("No glue: tuck each tongue under the edge that carries its letter and push its head out through the "
             "slit there, from inside, until its shoulders catch; close the box last.")


def fold_way(plain: bool) -> tuple[str, str, str]:
    """Which way the folds go, which side the print ends up and where a turning part swings; a
    plain template folds the other way, so that its printed lines end up inside the box."""
    return (("towards you", "inside", "up towards you") if plain else
            ("away from you", "outside", "back behind the paper"))


def stage_faces(tree: PanelTree, stage: int) -> list[str]:
    """The names of the faces a stage's hinges turn, sorted."""
    return sorted({face_label(tree.panels[h.child].face) for h in tree.hinges if h.stage == stage})


def step_texts(subject: Subject, geometry: NetGeometry, tree: PanelTree, plain: bool = False,
               tabs: str = "glue") -> list[str]:
    """What to do at each step, in order: cut, crease, the staged folds, then glue."""
    way, side, swing = fold_way(plain)
    tab, cut = ("tongue", "tongues and slits") if tabs == "slot" else ("tab", "tabs")
    out = [f"Cut out the net along the solid black lines, {cut} included; do not cut into it anywhere else.",
           f"Hold the print towards you. Crease every red dashed line ({tab} folds too) {way}, "
           f"so the print ends up {side}. Leave the faint grey lines flat."]
    for stage in range(tree.stage_count):
        hinges = [h for h in tree.hinges if h.stage == stage]
        faces = stage_faces(tree, stage)
        many = "s" if len(hinges) > 1 else ""
        moving = "dark" if plain else "coloured"
        named = "" if plain else f" (face{'s' if len(faces) > 1 else ''} {', '.join(faces)})"
        out.append(f"Fold the thick red line{many} to 90 degrees, {way}: the {moving} "
                   f"part{many}{named} swing{'' if many else 's'} {swing}.")
    labels = [s.label for s in geometry.seams]
    if tabs == "slot":
        out.append(SLOT_STEP)
        return out
    out.append(f"Glue each tab under the edge that carries its letter ({labels[0]} to {labels[0]}, "
               f"{labels[1]} to {labels[1]}, ... {len(labels)} seams), working from the first folds to the last; "
               "close the box last." if len(labels) > 1 else "Glue the tab under its edge.")
    out[-1] += GLUE_NOTES.get(tabs, "")
    return out


def captioned_text(stage_count: int, plain: bool, grouped: bool) -> str:
    """The step that stands for every staged fold when the pictures are captioned; grouped: some
    picture shows several, so it points to fold-steps.pdf for each one on its own."""
    way, _, swing = fold_way(plain)
    order = "one step at a time" if plain else "in the order of the faces named above it"
    text = (f"Fold the thick red lines to 90 degrees, {way}, in the {stage_count} steps the pictures below "
            f"show: in each picture the {'dark' if plain else 'coloured'} parts swing {swing}, {order}; "
            "thin dashed lines are folded already.")
    if grouped:
        text += " fold-steps.pdf (foldkit build writes it) draws every single step on its own, numbered the same."
    return text


def group_caption(group: Stages, stage_count: int) -> str:
    """'Steps 4–7 of 21' (counted from 1), or 'Step 4 of 21'."""
    if len(group) == 1:
        return f"Step {group[0] + 1} of {stage_count}"
    return f"Steps {group[0] + 1}–{group[-1] + 1} of {stage_count}"


def group_faces(tree: PanelTree, group: Stages) -> str:
    """The faces a group's steps turn, step by step: 'faces D, B, E+F in turn'."""
    steps = ["+".join(stage_faces(tree, stage)) for stage in group]
    return f"face {steps[0]}" if len(steps) == 1 else f"faces {', '.join(steps)} in turn"
