/* The packing search for large targets, compiled: exact cover with multiplicities, branching on the most
 * constrained column (an empty cell, or a piece with one copy left), with counters per cell and per piece
 * that each placement updates for the placements it kills. Its cost per node follows the placements a
 * choice kills, not the size of the box: engine.search uses it for targets of more than WIDE_CELLS cells,
 * where _core.c's bit sets of the whole box, one per live placement and level, cost more than they save
 * (8,000 one-cube pieces: 0.2 s here, 23 s there). Called as _core.search is.
 *
 * search(ncells, placement_piece, placement_cell_offsets, placement_cells, cell_placement_offsets, cell_placements,
 *        counts, occupied, limit=0, max_nodes=0, keep=-1, weight=1, group=b"", chosen=b"", control=None,
 *        check_signals=False)
 *   the arguments and the return tuple as _core.search's (see there), but for cell_placements, which lists
 *   each cell's placements in the order they are tried; without the neighbours.
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

#include "search.h"  /* the control array, Options, Tally: what a search found and when it stops */
#include "tables.h"  /* TableArguments: search()'s table, and the checks of its buffers */

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

/* The search, without the GIL. */
static void run(const Table *t, State *s, Tally *tally) {
    tally_release_gil(tally);
    Frame *stack = malloc(((size_t)t->ncells + 1) * sizeof(Frame));
    int32_t *chosen = malloc(((size_t)t->ncells + 1) * sizeof(int32_t));
    int depth = 0, status;
    if (!stack || !chosen) { tally->rows.failed = 1; goto done; }
    status = choose(t, s, &stack[0].list, &stack[0].next, &stack[0].end);
    if (status == FULL) tally_found(tally, chosen, 0);  /* nothing left to fill: one packing, empty */
    if (status != 0) { tally->finished = 1; goto done; }
    for (;;) {
        Frame *f = &stack[depth];
        int advanced = 0;
        while (f->next < f->end) {
            int p = f->list[f->next++];
            if (s->kill[p]) continue;
            if (tally_should_stop(tally)) goto done;
            tally->nodes++;
            place(t, s, p);
            f->chosen = chosen[depth] = p;
            Frame *g = &stack[depth + 1];
            status = choose(t, s, &g->list, &g->next, &g->end);
            if (status == FULL && tally_found(tally, chosen, depth + 1)) goto done;
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
    tally_take_gil(tally);
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
    if (list_by_piece(t->ntypes, t->nplacements, t->types, t->type_start, t->type_list)) return -1;
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
    static char *keywords[] = {TABLE_KEYWORDS, OPTION_KEYWORDS, NULL};
    TableArguments table = {0};
    Options options = default_options();
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, TABLE_FORMAT "|" OPTION_FORMAT, keywords, TABLE_TARGETS(table),
                                     OPTION_TARGETS(options)))
        return NULL;
    PyObject *result = NULL;
    Table t = {0};
    State st = {0};
    Tally tally = {0};
    if (check_table(&table) || check_options(table.placement_piece.len / 4, &options)) goto out;
    TABLE_LISTS(t, table);
    t.nwords = (t.ncells + 63) / 64;
    if (tally_start(&tally, &options, t.nplacements)) goto out;
    if (start(&t, &st, table.counts.buf, table.occupied.buf)) { PyErr_NoMemory(); goto out; }
    run(&t, &st, &tally);
    result = tally_result(&tally);
out:
    tally_release(&tally, &options);
    free(t.type_start);
    free(t.type_list);
    free(st.occ);
    free(st.kill);
    free(st.cell_live);
    free(st.type_live);
    free(st.counts);
    release_table(&table);
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
