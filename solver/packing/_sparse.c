/* The packing search for large targets, compiled: exact cover with multiplicities, branching on the most
 * constrained column (an empty cell, or a piece with one copy left), with counters per cell and per piece
 * that each placement updates for the placements it kills. Its cost per node follows the placements a
 * choice kills, not the size of the box: engine.search uses it for targets of more than WIDE_CELLS cells,
 * where _core.c's bit sets of the whole box, one per live placement and level, cost more than they save
 * (8,000 one-cube pieces: 0.2 s here, 23 s there). Called as _core.search is, without the neighbours.
 *
 * search(ncells, types, cell_offsets, cells, cover_offsets, cover, counts, occupied,
 *        limit=0, max_nodes=0, keep=-1, weight=1, group=b"", chosen=b"", control=None,
 *        check_signals=False)
 *   ncells         number of cells of the box
 *   types          int32[P]: the piece type of each placement
 *   cell_offsets   int32[P + 1]: placement p covers cells[cell_offsets[p] .. cell_offsets[p+1]-1]
 *   cells          int32[...]
 *   cover_offsets  int32[ncells + 1]: cell c is covered by cover[cover_offsets[c] .. cover_offsets[c+1]-1]
 *   cover          int32[...]: placement ids, in the order they are tried
 *   counts         int32[T]: copies left of each type
 *   occupied       uint8[ncells]: cells already filled
 *   limit          stop when control's packing count reaches it (0: no limit)
 *   max_nodes      stop after this many placements made (0: no limit)
 *   keep           keep the rows of packings while control's row count is below it (-1: every row)
 *   group          int32[G * P]: G symmetries, each as placement id -> image; each packing found adds the
 *                  size of its stabiliser (how many of them map it onto itself) to the sum returned
 *   chosen         int32[...]: the placements already made (that filled `occupied`), for the stabilisers
 *   weight         how many packings each packing found stands for (in control's count and the limit)
 *   control        int64[3] shared by searches running at once in threads, read and written atomically:
 *                  [0] stop: 0 run, 1 interrupted (the caller sets it), 2 the limit was reached;
 *                  [1] packings counted (each adds its weight); [2] rows offered for keeping
 *   check_signals  from the main thread: every few thousand placements take the GIL back and let Python
 *                  run its signal handlers; a KeyboardInterrupt they raise stops the search and is raised
 * returns (bytes: int32 rows of placement ids, one per packing kept, in the order placed;
 *          packings found; nodes; finished; the sum of the packings' stabiliser sizes)
 *
 * Only the rows kept are stored, so memory stays bounded however many packings are counted.
 * A placement is alive while none of its cells is filled and copies of its piece are left. The search
 * keeps, incrementally, how many live placements cover each cell and how many each piece has. At each
 * node: the box is full (a packing); or some empty cell has no live placement, or some piece fewer
 * live placements than copies left (a dead end); or it branches on the lowest empty cell with the
 * fewest live placements, unless a piece with one copy left has fewer still (then on that piece).
 * The search releases the GIL, so threads run several searches at once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"    /* the control array, Rows, rows_push, maps_into */
#include "tables.h"  /* bad_table and the checks of search()'s buffers */

typedef struct {
    int ncells, nwords, nplacements, ntypes;
    const int32_t *types, *cell_start, *cells, *cover_start, *cover;
    int32_t *type_start, *type_list; /* piece t: its placements type_list[type_start[t] ..], by id */
} Table;

typedef struct {
    uint64_t *occ;          /* filled cells as bits; bits past ncells are set */
    int32_t *kill;          /* per placement: filled cells it covers, plus one when its piece has no copy left */
    int32_t *cell_live;     /* per cell: live placements covering it */
    int32_t *type_live;     /* per piece: live placements */
    int32_t *counts;        /* per piece: copies left */
} State;

enum { SIGNAL_EVERY = 1 << 14 };  /* placements between two looks at Python's signal handlers */

typedef struct {
    long long packings, nodes, limit, max_nodes, keep, weight, stabilisers;
    int finished, interrupted;
    int64_t *control;
    const int32_t *group;  /* ngroup rows of nplacements images */
    int ngroup;
    const int32_t *chosen; /* the placements made before the search, nchosen of them */
    int nchosen;
    uint8_t *in_row;       /* per placement: whether it is in the packing being counted */
    PyThreadState **saved; /* the released thread state, when signals are checked; else NULL */
} Tally;

static inline void kill_one(const Table *t, State *s, int q) {
    if (s->kill[q]++) return;
    for (int32_t k = t->cell_start[q]; k < t->cell_start[q + 1]; k++) s->cell_live[t->cells[k]]--;
    s->type_live[t->types[q]]--;
}

static inline void revive_one(const Table *t, State *s, int q) {
    if (--s->kill[q]) return;
    for (int32_t k = t->cell_start[q]; k < t->cell_start[q + 1]; k++) s->cell_live[t->cells[k]]++;
    s->type_live[t->types[q]]++;
}

/* Fill placement p's cells: every placement sharing a cell dies, and all of p's piece when it was the last copy. */
static void place(const Table *t, State *s, int p) {
    int type = t->types[p];
    for (int32_t k = t->cell_start[p]; k < t->cell_start[p + 1]; k++) {
        int cell = t->cells[k];
        s->occ[cell >> 6] |= (uint64_t)1 << (cell & 63);
        for (int32_t j = t->cover_start[cell]; j < t->cover_start[cell + 1]; j++) kill_one(t, s, t->cover[j]);
    }
    if (--s->counts[type] == 0)
        for (int32_t j = t->type_start[type]; j < t->type_start[type + 1]; j++) kill_one(t, s, t->type_list[j]);
}

static void unplace(const Table *t, State *s, int p) {
    int type = t->types[p];
    if (s->counts[type]++ == 0)
        for (int32_t j = t->type_start[type]; j < t->type_start[type + 1]; j++) revive_one(t, s, t->type_list[j]);
    for (int32_t k = t->cell_start[p]; k < t->cell_start[p + 1]; k++) {
        int cell = t->cells[k];
        s->occ[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
        for (int32_t j = t->cover_start[cell]; j < t->cover_start[cell + 1]; j++) revive_one(t, s, t->cover[j]);
    }
}

enum { FULL = -1, DEAD = -2 };

/* What to branch on: the range list[*from .. *to) of candidate placements; FULL, DEAD or 0. */
static int choose(const Table *t, const State *s, const int32_t **list, int32_t *from, int32_t *to) {
    int best = -1, best_n = 1 << 30, best_type = -1;
    for (int word = 0; word < t->nwords; word++) {
        uint64_t free_bits = ~s->occ[word];
        while (free_bits) {
            int cell = (word << 6) + __builtin_ctzll(free_bits);
            free_bits &= free_bits - 1;
            int n = s->cell_live[cell];
            if (n == 0) return DEAD;
            if (n < best_n) { best = cell; best_n = n; }
        }
    }
    if (best < 0) return FULL;
    for (int type = 0; type < t->ntypes; type++) {
        int left = s->counts[type], n = s->type_live[type];
        if (left && n < left) return DEAD;
        if (left == 1 && n < best_n) { best_type = type; best_n = n; }
    }
    if (best_type >= 0) {
        *list = t->type_list;
        *from = t->type_start[best_type];
        *to = t->type_start[best_type + 1];
    } else {
        *list = t->cover;
        *from = t->cover_start[best];
        *to = t->cover_start[best + 1];
    }
    return 0;
}

typedef struct {
    const int32_t *list;
    int32_t next, end, chosen;
} Frame;

/* How many symmetries map the packing (the placements chosen before, then row[0 .. n)) onto itself
 * (1 without a group: the identity). */
static long long stabiliser(const Table *t, Tally *tally, const int32_t *row, int n) {
    if (!tally->ngroup) return 1;
    long long fixed = 0;
    for (int k = 0; k < n; k++) tally->in_row[row[k]] = 1;
    for (int g = 0; g < tally->ngroup; g++) {
        const int32_t *image = tally->group + (size_t)g * (size_t)t->nplacements;
        fixed += maps_into(tally->in_row, image, row, n) && maps_into(tally->in_row, image, tally->chosen,
                                                                      tally->nchosen);
    }
    for (int k = 0; k < n; k++) tally->in_row[row[k]] = 0;
    return fixed;
}

/* A packing found: count it (in control too), keep its row while there is room; whether to stop. */
static int found(const Table *t, Tally *tally, Rows *rows, const int32_t *row, int n) {
    tally->packings++;
    tally->stabilisers += stabiliser(t, tally, row, n);
    if (tally->keep < 0 || __atomic_fetch_add(&tally->control[OFFERED], 1, __ATOMIC_RELAXED) < tally->keep)
        rows_push(rows, row, n);
    long long counted = __atomic_add_fetch(&tally->control[COUNTED], tally->weight, __ATOMIC_RELAXED);
    if (tally->limit && counted >= tally->limit) {
        int64_t running = RUN;
        __atomic_compare_exchange_n(&tally->control[STOP], &running, LIMITED, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        return 1;
    }
    return rows->failed;
}

/* Whether to stop before the next placement: the node budget, the shared stop flag, or Ctrl-C. */
static int should_stop(Tally *tally) {
    if (tally->max_nodes && tally->nodes >= tally->max_nodes) return 1;
    if (__atomic_load_n(&tally->control[STOP], __ATOMIC_RELAXED) != RUN) return 1;
    if (tally->saved && tally->nodes % SIGNAL_EVERY == 0) {
        PyEval_RestoreThread(*tally->saved);
        tally->interrupted = PyErr_CheckSignals() != 0;
        *tally->saved = PyEval_SaveThread();
        if (tally->interrupted) {
            __atomic_store_n(&tally->control[STOP], INTERRUPTED, __ATOMIC_RELAXED);
            return 1;
        }
    }
    return 0;
}

static void run(const Table *t, State *s, Rows *rows, Tally *tally) {
    Frame *stack = malloc(((size_t)t->ncells + 1) * sizeof(Frame));
    int32_t *chosen = malloc(((size_t)t->ncells + 1) * sizeof(int32_t));
    int depth = 0, status;
    if (!stack || !chosen) { rows->failed = 1; goto done; }
    status = choose(t, s, &stack[0].list, &stack[0].next, &stack[0].end);
    if (status == FULL) found(t, tally, rows, chosen, 0);  /* nothing left to fill: one packing, empty */
    if (status != 0) { tally->finished = 1; goto done; }
    for (;;) {
        Frame *f = &stack[depth];
        int advanced = 0;
        while (f->next < f->end) {
            int p = f->list[f->next++];
            if (s->kill[p]) continue;
            if (should_stop(tally)) goto done;
            tally->nodes++;
            place(t, s, p);
            f->chosen = chosen[depth] = p;
            Frame *g = &stack[depth + 1];
            status = choose(t, s, &g->list, &g->next, &g->end);
            if (status == FULL && found(t, tally, rows, chosen, depth + 1)) goto done;
            if (status != 0) {
                unplace(t, s, p);
                continue;
            }
            depth++;
            advanced = 1;
            break;
        }
        if (advanced) continue;
        if (--depth < 0) break;
        unplace(t, s, stack[depth].chosen);
    }
    tally->finished = 1;
done:
    free(stack);
    free(chosen);
}

/* The per-piece placement lists and the starting state (the given cells filled, the given copies left). */
static int start(Table *t, State *s, const int32_t *counts, const uint8_t *filled) {
    t->type_start = calloc((size_t)t->ntypes + 2, sizeof(int32_t));
    t->type_list = malloc(((size_t)t->nplacements + 1) * sizeof(int32_t));
    s->occ = calloc((size_t)t->nwords + 1, sizeof(uint64_t));
    s->kill = calloc((size_t)t->nplacements + 1, sizeof(int32_t));
    s->cell_live = calloc((size_t)t->ncells + 1, sizeof(int32_t));
    s->type_live = calloc((size_t)t->ntypes + 1, sizeof(int32_t));
    s->counts = malloc(((size_t)t->ntypes + 1) * sizeof(int32_t));
    if (!t->type_start || !t->type_list || !s->occ || !s->kill || !s->cell_live || !s->type_live || !s->counts)
        return -1;
    for (int p = 0; p < t->nplacements; p++) t->type_start[t->types[p] + 1]++;
    for (int type = 0; type < t->ntypes; type++) t->type_start[type + 1] += t->type_start[type];
    int32_t *fill = malloc(((size_t)t->ntypes + 1) * sizeof(int32_t));
    if (!fill) return -1;
    memcpy(fill, t->type_start, (size_t)t->ntypes * sizeof(int32_t));
    for (int p = 0; p < t->nplacements; p++) t->type_list[fill[t->types[p]]++] = p;
    free(fill);
    memcpy(s->counts, counts, (size_t)t->ntypes * sizeof(int32_t));
    for (int i = 0; i < t->nwords * 64; i++)
        if (i >= t->ncells || filled[i]) s->occ[i >> 6] |= (uint64_t)1 << (i & 63);
    for (int p = 0; p < t->nplacements; p++) {
        int dead = s->counts[t->types[p]] <= 0;
        for (int32_t k = t->cell_start[p]; k < t->cell_start[p + 1]; k++) dead += filled[t->cells[k]] != 0;
        s->kill[p] = dead;
        if (dead) continue;
        for (int32_t k = t->cell_start[p]; k < t->cell_start[p + 1]; k++) s->cell_live[t->cells[k]]++;
        s->type_live[t->types[p]]++;
    }
    return 0;
}

static PyObject *search(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"ncells", "types", "cell_offsets", "cells", "cover_offsets", "cover", "counts",
                               "occupied", "limit", "max_nodes", "keep", "weight", "group", "chosen", "control", "check_signals", NULL};
    int ncells, check_signals = 0;
    long long limit = 0, max_nodes = 0, keep = -1, weight = 1;
    Py_buffer types, offsets, cells, cover_offsets, cover, counts_in, occupied;
    Py_buffer group = {0}, chosen = {0}, control = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iy*y*y*y*y*y*y*|LLLLy*y*w*p", keywords, &ncells, &types,
                                     &offsets, &cells, &cover_offsets, &cover, &counts_in, &occupied, &limit,
                                     &max_nodes, &keep, &weight, &group, &chosen, &control, &check_signals))
        return NULL;
    PyObject *result = NULL;
    Table t = {0};
    State st = {0};
    Rows rows = {0};
    int64_t own_control[CONTROL_SIZE] = {RUN, 0, 0};
    PyThreadState *saved = NULL;
    Tally tally = {0};
    tally.limit = limit;
    tally.max_nodes = max_nodes;
    tally.keep = keep;
    tally.weight = weight;
    tally.control = control.buf ? (int64_t *)control.buf : own_control;
    tally.saved = check_signals ? &saved : NULL;
    if (check_table(ncells, &types, &offsets, &cells, &cover_offsets, &cover, &counts_in, &occupied)) goto out;
    if (check_extras(types.len / 4, &group, &chosen, &control)) goto out;
    t.ncells = ncells;
    t.nwords = (ncells + 63) / 64;
    t.nplacements = (int)(types.len / 4);
    t.ntypes = (int)(counts_in.len / 4);
    t.types = types.buf;
    t.cell_start = offsets.buf;
    t.cells = cells.buf;
    t.cover_start = cover_offsets.buf;
    t.cover = cover.buf;
    tally.group = group.buf;
    tally.ngroup = t.nplacements ? (int)(group.len / 4 / t.nplacements) : 0;
    tally.chosen = chosen.buf;
    tally.nchosen = (int)(chosen.len / 4);
    tally.in_row = calloc((size_t)t.nplacements + 1, 1);
    for (int k = 0; tally.in_row && k < tally.nchosen; k++) tally.in_row[tally.chosen[k]] = 1;
    if (start(&t, &st, counts_in.buf, occupied.buf) || !tally.in_row) { PyErr_NoMemory(); goto out; }
    saved = PyEval_SaveThread();
    run(&t, &st, &rows, &tally);
    PyEval_RestoreThread(saved);
    if (tally.interrupted) goto out;  /* the signal handler's exception is set */
    if (rows.failed) { PyErr_NoMemory(); goto out; }
    PyObject *data = PyBytes_FromStringAndSize((const char *)rows.data, rows.size * (Py_ssize_t)sizeof(int32_t));
    if (data)
        result = Py_BuildValue("NLLOL", data, tally.packings, tally.nodes, tally.finished ? Py_True : Py_False,
                               tally.stabilisers);
out:
    free(rows.data);
    free(tally.in_row);
    free(t.type_start);
    free(t.type_list);
    free(st.occ);
    free(st.kill);
    free(st.cell_live);
    free(st.type_live);
    free(st.counts);
    PyBuffer_Release(&types);
    PyBuffer_Release(&offsets);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&cover_offsets);
    PyBuffer_Release(&cover);
    PyBuffer_Release(&counts_in);
    PyBuffer_Release(&occupied);
    if (group.obj) PyBuffer_Release(&group);
    if (chosen.obj) PyBuffer_Release(&chosen);
    if (control.obj) PyBuffer_Release(&control);
    return result;
}

static PyMethodDef methods[] = {
    {"search", (PyCFunction)(void (*)(void))search, METH_VARARGS | METH_KEYWORDS, "Every packing of the empty cells (up to limit), the most constrained choice first."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_sparse", "The packing search's compiled inner loop, for large targets.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__sparse(void) { return PyModule_Create(&module); }
