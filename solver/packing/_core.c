/* The packing search's inner loop, compiled: branch on the most constrained choice, an empty cell or a piece.
 *
 * search(ncells, types, cell_offsets, cells, cover_offsets, cover, counts, occupied, limit, max_nodes)
 *   ncells         number of cells of the box
 *   types          int32[P]: the piece type of each placement
 *   cell_offsets   int32[P + 1]: placement p covers cells[cell_offsets[p] .. cell_offsets[p+1]-1]
 *   cells          int32[...]
 *   cover_offsets  int32[ncells + 1]: cell c is covered by cover[cover_offsets[c] .. cover_offsets[c+1]-1]
 *   cover          int32[...]: placement ids, in the order they are tried
 *   counts         int32[T]: copies left of each type
 *   occupied       uint8[ncells]: cells already filled
 *   limit          stop after this many packings (0: no limit)
 *   max_nodes      stop after this many placements made (0: no limit)
 * returns (bytes: int32 rows of placement ids, one row per packing in the order placed; packings; nodes; finished)
 *
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

typedef struct {
    int32_t *data;
    Py_ssize_t size, capacity;
    int failed;
} Rows;

typedef struct {
    long long packings, nodes, limit, max_nodes;
    int finished;
} Tally;

static void rows_push(Rows *rows, const int32_t *row, int n) {
    if (rows->size + n > rows->capacity) {
        Py_ssize_t capacity = rows->capacity ? 2 * rows->capacity : 4096;
        while (capacity < rows->size + n) capacity *= 2;
        int32_t *grown = realloc(rows->data, (size_t)capacity * sizeof(int32_t));
        if (!grown) { rows->failed = 1; return; }
        rows->data = grown;
        rows->capacity = capacity;
    }
    memcpy(rows->data + rows->size, row, (size_t)n * sizeof(int32_t));
    rows->size += n;
}

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

static void run(const Table *t, State *s, Rows *rows, Tally *tally) {
    Frame *stack = malloc(((size_t)t->ncells + 1) * sizeof(Frame));
    int32_t *chosen = malloc(((size_t)t->ncells + 1) * sizeof(int32_t));
    int depth = 0, status;
    if (!stack || !chosen) { rows->failed = 1; goto done; }
    status = choose(t, s, &stack[0].list, &stack[0].next, &stack[0].end);
    if (status == FULL) {  /* nothing left to fill: one packing, with no placements */
        tally->packings = 1;
        rows_push(rows, chosen, 0);
    }
    if (status != 0) { tally->finished = 1; goto done; }
    for (;;) {
        Frame *f = &stack[depth];
        int advanced = 0;
        while (f->next < f->end) {
            int p = f->list[f->next++];
            if (s->kill[p]) continue;
            if (tally->max_nodes && tally->nodes >= tally->max_nodes) goto done;
            tally->nodes++;
            place(t, s, p);
            f->chosen = chosen[depth] = p;
            Frame *g = &stack[depth + 1];
            status = choose(t, s, &g->list, &g->next, &g->end);
            if (status == FULL) {
                rows_push(rows, chosen, depth + 1);
                tally->packings++;
                if (rows->failed || (tally->limit && tally->packings >= tally->limit)) goto done;
            }
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

static int bad_table(const char *what) {
    PyErr_Format(PyExc_ValueError, "inconsistent packing table: %s", what);
    return -1;
}

/* Raise ValueError unless every index in the buffers is in range. */
static int check_table(int ncells, Py_buffer *types, Py_buffer *offsets, Py_buffer *cells, Py_buffer *cover_offsets,
                       Py_buffer *cover, Py_buffer *counts, Py_buffer *occupied) {
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

static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    int ncells;
    long long limit, max_nodes;
    Py_buffer types, offsets, cells, cover_offsets, cover, counts_in, occupied;
    if (!PyArg_ParseTuple(args, "iy*y*y*y*y*y*y*LL", &ncells, &types, &offsets, &cells, &cover_offsets, &cover,
                          &counts_in, &occupied, &limit, &max_nodes))
        return NULL;
    PyObject *result = NULL;
    Table t = {0};
    State st = {0};
    Rows rows = {0};
    Tally tally = {0, 0, limit, max_nodes, 0};
    if (check_table(ncells, &types, &offsets, &cells, &cover_offsets, &cover, &counts_in, &occupied)) goto out;
    t.ncells = ncells;
    t.nwords = (ncells + 63) / 64;
    t.nplacements = (int)(types.len / 4);
    t.ntypes = (int)(counts_in.len / 4);
    t.types = types.buf;
    t.cell_start = offsets.buf;
    t.cells = cells.buf;
    t.cover_start = cover_offsets.buf;
    t.cover = cover.buf;
    if (start(&t, &st, counts_in.buf, occupied.buf)) { PyErr_NoMemory(); goto out; }
    Py_BEGIN_ALLOW_THREADS
    run(&t, &st, &rows, &tally);
    Py_END_ALLOW_THREADS
    if (rows.failed) { PyErr_NoMemory(); goto out; }
    PyObject *data = PyBytes_FromStringAndSize((const char *)rows.data, rows.size * (Py_ssize_t)sizeof(int32_t));
    if (data) result = Py_BuildValue("NLLO", data, tally.packings, tally.nodes, tally.finished ? Py_True : Py_False);
out:
    free(rows.data);
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
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Every packing of the empty cells (up to limit), the most constrained choice first."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "The packing search's compiled inner loop.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
