/* The table buffers that _core.c and _sparse.c take alike (the same arguments to search(), named as
 * table.Table names them), and their checks, so that an inconsistent table is a ValueError and never a read out
 * of bounds; _front.c, which takes its table another way, checks the options and neighbours with them too.
 * Inline, so that a module that does not use one draws no unused-function warning. */
#ifndef FOLDKIT_PACKING_TABLES_H
#define FOLDKIT_PACKING_TABLES_H

#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"  /* Options, CONTROL_SIZE */

/* search()'s table: the cells, each placement's piece and cells, each cell's placements, the copies left of
 * each piece and the cells filled already (see _core.c's header comment). */
typedef struct {
    int ncells;
    Py_buffer placement_piece, placement_cell_offsets, placement_cells, cell_placement_offsets, cell_placements;
    Py_buffer counts, occupied;
} TableArguments;

#define TABLE_KEYWORDS "ncells", "placement_piece", "placement_cell_offsets", "placement_cells", \
    "cell_placement_offsets", "cell_placements", "counts", "occupied"
#define TABLE_FORMAT "iy*y*y*y*y*y*y*"
#define TABLE_TARGETS(a) &(a).ncells, &(a).placement_piece, &(a).placement_cell_offsets, &(a).placement_cells, \
    &(a).cell_placement_offsets, &(a).cell_placements, &(a).counts, &(a).occupied

/* A Table's lists (either module's: they name them alike) from search()'s table. */
#define TABLE_LISTS(t, a)                                          \
    do {                                                           \
        (t).ncells = (a).ncells;                                   \
        (t).nplacements = (int)((a).placement_piece.len / 4);      \
        (t).ntypes = (int)((a).counts.len / 4);                    \
        (t).types = (a).placement_piece.buf;                       \
        (t).cell_start = (a).placement_cell_offsets.buf;           \
        (t).cells = (a).placement_cells.buf;                       \
        (t).cover_start = (a).cell_placement_offsets.buf;          \
        (t).cover = (a).cell_placements.buf;                       \
    } while (0)

static inline void release_table(TableArguments *a) {
    PyBuffer_Release(&a->placement_piece);
    PyBuffer_Release(&a->placement_cell_offsets);
    PyBuffer_Release(&a->placement_cells);
    PyBuffer_Release(&a->cell_placement_offsets);
    PyBuffer_Release(&a->cell_placements);
    PyBuffer_Release(&a->counts);
    PyBuffer_Release(&a->occupied);
}

static inline int bad_table(const char *what) {
    PyErr_Format(PyExc_ValueError, "inconsistent packing table: %s", what);
    return -1;
}

/* Raise ValueError unless every index in the buffers is in range. */
static inline int check_table(const TableArguments *a) {
    int ncells = a->ncells;
    Py_ssize_t nplacements = a->placement_piece.len / 4, ntypes = a->counts.len / 4;
    const int32_t *ty = a->placement_piece.buf, *off = a->placement_cell_offsets.buf, *cl = a->placement_cells.buf,
                  *co = a->cell_placement_offsets.buf, *cv = a->cell_placements.buf;
    Py_ssize_t ncl = a->placement_cells.len / 4, ncv = a->cell_placements.len / 4;
    if (ncells < 0 || a->placement_cell_offsets.len != (nplacements + 1) * 4 ||
        a->cell_placement_offsets.len != ((Py_ssize_t)ncells + 1) * 4 || a->occupied.len != ncells)
        return bad_table("buffer sizes");
    if (off[0] != 0 || (Py_ssize_t)off[nplacements] * 4 != a->placement_cells.len || co[0] != 0 ||
        (Py_ssize_t)co[ncells] * 4 != a->cell_placements.len)
        return bad_table("offsets");
    for (Py_ssize_t p = 0; p < nplacements; p++)
        if (ty[p] < 0 || ty[p] >= ntypes || off[p] > off[p + 1]) return bad_table("placement types");
    for (Py_ssize_t c = 0; c < ncells; c++)
        if (co[c] > co[c + 1]) return bad_table("cover offsets");
    for (Py_ssize_t k = 0; k < ncl; k++)
        if (cl[k] < 0 || cl[k] >= ncells) return bad_table("cells");
    for (Py_ssize_t p = 0; p < nplacements; p++)
        for (int32_t k = off[p] + 1; k < off[p + 1]; k++)
            if (cl[k - 1] == cl[k]) return bad_table("a placement covers a cell twice");
    for (Py_ssize_t k = 0; k < ncv; k++)
        if (cv[k] < 0 || cv[k] >= nplacements) return bad_table("cover");
    return 0;
}

/* The group found in range last, and for how many placements: a bytes object (it cannot change), kept alive
 * here, is not checked again. A count gives every unit of work the same group, and Bedlam's 24 x 4,188 ids took
 * 12 us to check, as long as a short unit's search. Read and set with the GIL held. */
static PyObject *checked_group;
static Py_ssize_t checked_placements;

/* Whether every one of ids[0 .. n) is a placement id (0 .. nplacements - 1), the group's ids checked once (see
 * checked_group); with no early exit, so that the loop runs in vector lanes. */
static inline int ids_in_range(const Py_buffer *ids, Py_ssize_t nplacements, int group) {
    if (group && ids->obj && ids->obj == checked_group && nplacements == checked_placements) return 1;
    const int32_t *id = ids->buf;
    uint32_t out = 0, most = nplacements > INT32_MAX ? (uint32_t)INT32_MAX + 1 : (uint32_t)nplacements;
    for (Py_ssize_t k = 0; k < ids->len / 4; k++) out |= (uint32_t)id[k] >= most;
    if (out || !group || !ids->obj || !PyBytes_CheckExact(ids->obj)) return !out;
    Py_INCREF(ids->obj);
    Py_XSETREF(checked_group, ids->obj);
    checked_placements = nplacements;
    return 1;
}

/* Raise ValueError unless the group has whole rows of placement ids in range, the chosen placements are in
 * range and control has its CONTROL_SIZE slots. */
static inline int check_options(Py_ssize_t nplacements, const Options *options) {
    const Py_buffer *group = &options->group, *chosen = &options->chosen, *control = &options->control;
    if (group->len % 4 || (nplacements && (group->len / 4) % nplacements) || (!nplacements && group->len))
        return bad_table("group size");
    if (!ids_in_range(group, nplacements, 1)) return bad_table("group");
    const int32_t *c = chosen->buf;
    if (chosen->len % 4) return bad_table("chosen size");
    for (Py_ssize_t k = 0; k < chosen->len / 4; k++)
        if (c[k] < 0 || c[k] >= nplacements) return bad_table("chosen");
    if (control->buf && control->len != CONTROL_SIZE * (Py_ssize_t)sizeof(int64_t)) return bad_table("control size");
    return 0;
}

/* Each piece's placements, by id: piece t's are list[start[t] .. start[t + 1]); start: ntypes + 2 zeros,
 * list: room for nplacements. -1 when memory runs out. */
static inline int list_by_piece(int ntypes, int nplacements, const int32_t *types, int32_t *start, int32_t *list) {
    for (int p = 0; p < nplacements; p++) start[types[p] + 1]++;
    for (int type = 0; type < ntypes; type++) start[type + 1] += start[type];
    int32_t *fill = malloc(((size_t)ntypes + 1) * sizeof(int32_t));
    if (!fill) return -1;
    memcpy(fill, start, (size_t)ntypes * sizeof(int32_t));
    for (int p = 0; p < nplacements; p++) list[fill[types[p]]++] = p;
    free(fill);
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
