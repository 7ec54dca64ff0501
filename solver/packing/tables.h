/* The checks of the table buffers that _core.c and _sparse.c take alike (the same arguments to search()), so that
 * an inconsistent table is a ValueError and never a read out of bounds; _front.c, which takes its table another
 * way, checks the group, chosen placements, control and neighbours with them too. Inline, so that a module that
 * does not use one draws no unused-function warning. */
#ifndef FOLDKIT_PACKING_TABLES_H
#define FOLDKIT_PACKING_TABLES_H

#include <Python.h>
#include <stdint.h>

#include "rows.h"  /* CONTROL_SIZE */

static inline int bad_table(const char *what) {
    PyErr_Format(PyExc_ValueError, "inconsistent packing table: %s", what);
    return -1;
}

/* Raise ValueError unless every index in the buffers is in range. */
static inline int check_table(int ncells, Py_buffer *types, Py_buffer *offsets, Py_buffer *cells,
                              Py_buffer *cover_offsets, Py_buffer *cover, Py_buffer *counts, Py_buffer *occupied) {
    Py_ssize_t nplacements = types->len / 4, ntypes = counts->len / 4;
    const int32_t *ty = types->buf, *off = offsets->buf, *cl = cells->buf, *co = cover_offsets->buf, *cv = cover->buf;
    if (ncells < 0 || offsets->len != (nplacements + 1) * 4 || cover_offsets->len != ((Py_ssize_t)ncells + 1) * 4 ||
        occupied->len != ncells)
        return bad_table("buffer sizes");
    if (off[0] != 0 || (Py_ssize_t)off[nplacements] * 4 != cells->len || co[0] != 0 ||
        (Py_ssize_t)co[ncells] * 4 != cover->len)
        return bad_table("offsets");
    for (Py_ssize_t p = 0; p < nplacements; p++)
        if (ty[p] < 0 || ty[p] >= ntypes || off[p] > off[p + 1]) return bad_table("placement types");
    for (Py_ssize_t c = 0; c < ncells; c++)
        if (co[c] > co[c + 1]) return bad_table("cover offsets");
    for (Py_ssize_t k = 0; k < cells->len / 4; k++)
        if (cl[k] < 0 || cl[k] >= ncells) return bad_table("cells");
    for (Py_ssize_t p = 0; p < nplacements; p++)
        for (int32_t k = off[p] + 1; k < off[p + 1]; k++)
            if (cl[k - 1] == cl[k]) return bad_table("a placement covers a cell twice");
    for (Py_ssize_t k = 0; k < cover->len / 4; k++)
        if (cv[k] < 0 || cv[k] >= nplacements) return bad_table("cover");
    return 0;
}

/* Raise ValueError unless the group has whole rows of placement ids in range, the chosen placements are in
 * range and control has its 3 slots. */
static inline int check_extras(Py_ssize_t nplacements, Py_buffer *group, Py_buffer *chosen, Py_buffer *control) {
    if (group->len % 4 || (nplacements && (group->len / 4) % nplacements) || (!nplacements && group->len))
        return bad_table("group size");
    const int32_t *g = group->buf;
    for (Py_ssize_t k = 0; k < group->len / 4; k++)
        if (g[k] < 0 || g[k] >= nplacements) return bad_table("group");
    const int32_t *c = chosen->buf;
    if (chosen->len % 4) return bad_table("chosen size");
    for (Py_ssize_t k = 0; k < chosen->len / 4; k++)
        if (c[k] < 0 || c[k] >= nplacements) return bad_table("chosen");
    if (control->buf && control->len != CONTROL_SIZE * (Py_ssize_t)sizeof(int64_t)) return bad_table("control size");
    return 0;
}

/* Raise ValueError unless the neighbours are absent, or offsets per cell and cells in range. */
static inline int check_neighbours(int ncells, Py_buffer *near_offsets, Py_buffer *near) {
    if (!near_offsets->len && !near->len) return 0;
    const int32_t *offsets = near_offsets->buf, *cells = near->buf;
    if (near_offsets->len != ((Py_ssize_t)ncells + 1) * 4 || near->len % 4 || offsets[0] != 0 ||
        (Py_ssize_t)offsets[ncells] * 4 != near->len)
        return bad_table("neighbour offsets");
    for (int c = 0; c < ncells; c++)
        if (offsets[c] > offsets[c + 1]) return bad_table("neighbour offsets");
    for (Py_ssize_t k = 0; k < near->len / 4; k++)
        if (cells[k] < 0 || cells[k] >= ncells) return bad_table("neighbours");
    return 0;
}

#endif
