"""The body of `foldkit animate` for a packing (``foldkit.kinds.packing`` declares it): the assembly
written as a GIF or MP4, or one paper piece folding (--piece N)."""

from __future__ import annotations

from pathlib import Path

from foldkit.exchange import refuse_to_overwrite, write_artifact
from foldkit.kinds.base import Invocation
from foldkit.kinds.packing import AnimateOptions
from foldkit.kinds.packing.artifacts import assembly_video, piece_fold_video


def run_animate(call: Invocation) -> int:
    """The assembly, piece by piece, written as a GIF or MP4."""
    options: AnimateOptions = call.options
    subject = call.subject()
    default = "assembly.gif" if options.piece is None else f"piece-{options.piece}-fold.gif"
    output = Path(options.output or Path("outputs") / call.loaded().name / default)
    refuse_to_overwrite(output.parent, [output.name], options.force)  # before the rendering, not after
    if options.piece is None:
        data = assembly_video(subject, output.suffix.lower(), *options.size, options.fps)
    else:
        data, verdict = piece_fold_video(subject, options.piece, output.suffix.lower(), options.size, options.fps)
        print(verdict)
    print(f"wrote {write_artifact(output, data, options.force)}")
    return 0
