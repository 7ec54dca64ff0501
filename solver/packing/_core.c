/* The packing search's inner loop, compiled: branch on the empty cell with the fewest placements that fit.
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
 * The search releases the GIL, so threads run several searches at once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A placement as bits of the board: lo in word `word`, hi in the next word, and `extra_n` more (word, mask)
 * pairs from extra_start[id] when it reaches further. */
typedef struct {
    uint64_t lo, hi;
    int32_t word, type, id, extra_n;
} Entry;

typedef struct {
    int ncells, nwords, nplacements, ntypes;
    const int32_t *cover_start;
    Entry *placement; /* by placement id */
    Entry *cover;     /* cell c: cover[cover_start[c] ..], copies of the entries of the placements covering it */
    int32_t *extra_start, *extra_word;
    uint64_t *extra_mask;
} Table;

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

/* Each placement as an Entry, and the cover lists as copies of them (scanned in order, so kept together). */
static int build_entries(Table *t, const int32_t *types, const int32_t *offsets, const int32_t *cells,
                         const int32_t *cover) {
    Py_ssize_t total = offsets[t->nplacements], ncover = t->cover_start[t->ncells];
    t->placement = calloc((size_t)t->nplacements + 1, sizeof(Entry));
    t->cover = calloc((size_t)ncover + 1, sizeof(Entry));
    t->extra_start = malloc(((size_t)t->nplacements + 1) * sizeof(int32_t));
    t->extra_word = malloc(((size_t)total + 1) * sizeof(int32_t));
    t->extra_mask = malloc(((size_t)total + 1) * sizeof(uint64_t));
    if (!t->placement || !t->cover || !t->extra_start || !t->extra_word || !t->extra_mask) return -1;
    int32_t n = 0;
    for (int p = 0; p < t->nplacements; p++) {
        Entry *e = &t->placement[p];
        e->type = types[p];
        e->id = p;
        e->word = offsets[p] < offsets[p + 1] ? cells[offsets[p]] >> 6 : 0;
        t->extra_start[p] = n;
        for (int32_t k = offsets[p]; k < offsets[p + 1]; k++) {
            int32_t word = cells[k] >> 6, j;
            uint64_t bit = (uint64_t)1 << (cells[k] & 63);
            if (word == e->word) { e->lo |= bit; continue; }
            if (word == e->word + 1) { e->hi |= bit; continue; }
            for (j = t->extra_start[p]; j < n && t->extra_word[j] != word; j++) {}
            if (j == n) { t->extra_word[n] = word; t->extra_mask[n] = 0; n++; }
            t->extra_mask[j] |= bit;
        }
        e->extra_n = n - t->extra_start[p];
    }
    t->extra_start[t->nplacements] = n;
    for (Py_ssize_t j = 0; j < ncover; j++) t->cover[j] = t->placement[cover[j]];
    return 0;
}

static inline int fits(const Table *t, const uint64_t *occ, const Entry *e) {
    if ((occ[e->word] & e->lo) | (occ[e->word + 1] & e->hi)) return 0;
    for (int32_t j = t->extra_start[e->id], end = j + e->extra_n; j < end; j++)
        if (occ[t->extra_word[j]] & t->extra_mask[j]) return 0;
    return 1;
}

static inline void toggle(const Table *t, uint64_t *occ, const Entry *e) {
    occ[e->word] ^= e->lo;
    occ[e->word + 1] ^= e->hi;
    for (int32_t j = t->extra_start[e->id], end = j + e->extra_n; j < end; j++) occ[t->extra_word[j]] ^= t->extra_mask[j];
}

/* How many placements that fit cover a cell, counted up to `enough`. */
static inline int choices(const Table *t, const uint64_t *occ, const int32_t *counts, int cell, int enough) {
    int n = 0;
    for (const Entry *e = t->cover + t->cover_start[cell], *end = t->cover + t->cover_start[cell + 1]; e < end && n < enough;
         e++)
        if (counts[e->type] && fits(t, occ, e)) n++;
    return n;
}

/* The empty cell with the fewest placements that fit (the lowest such cell), -1 when an empty cell has
 * none, ncells when the box is full. */
static int fewest_choices(const Table *t, const uint64_t *occ, const int32_t *counts) {
    int best = t->ncells, best_n = 1 << 30;
    for (int word = 0; word < t->nwords; word++) {
        uint64_t free_bits = ~occ[word];
        while (free_bits) {
            int cell = (word << 6) + __builtin_ctzll(free_bits);
            free_bits &= free_bits - 1;
            int n = choices(t, occ, counts, cell, best_n);
            if (n == 0) return -1;
            if (n < best_n) {
                best = cell;
                best_n = n;
            }
        }
    }
    return best;
}

static void run(const Table *t, uint64_t *occ, int32_t *counts, Rows *rows, Tally *tally) {
    size_t depth_max = (size_t)t->ncells + 1;
    int32_t *cell_at = malloc(depth_max * sizeof(int32_t));
    int32_t *next_at = malloc(depth_max * sizeof(int32_t));
    int32_t *chosen = malloc(depth_max * sizeof(int32_t));
    int depth = 0, first;
    if (!cell_at || !next_at || !chosen) { rows->failed = 1; goto done; }
    first = fewest_choices(t, occ, counts);
    if (first == t->ncells) { /* nothing left to fill: one packing, with no placements */
        tally->packings = 1;
        rows_push(rows, chosen, 0);
    }
    if (first < 0 || first == t->ncells) { tally->finished = 1; goto done; }
    cell_at[0] = first;
    next_at[0] = t->cover_start[first];
    for (;;) {
        int cell = cell_at[depth], end = t->cover_start[cell + 1], advanced = 0;
        for (int j = next_at[depth]; j < end; j++) {
            const Entry *e = &t->cover[j];
            if (!counts[e->type] || !fits(t, occ, e)) continue;
            if (tally->max_nodes && tally->nodes >= tally->max_nodes) goto done;
            tally->nodes++;
            toggle(t, occ, e);
            counts[e->type]--;
            chosen[depth] = e->id;
            next_at[depth] = j + 1;
            int following = fewest_choices(t, occ, counts);
            if (following == t->ncells) {
                rows_push(rows, chosen, depth + 1);
                tally->packings++;
                if (rows->failed || (tally->limit && tally->packings >= tally->limit)) goto done;
            }
            if (following < 0 || following == t->ncells) {
                toggle(t, occ, e);
                counts[e->type]++;
                continue;
            }
            depth++;
            cell_at[depth] = following;
            next_at[depth] = t->cover_start[following];
            advanced = 1;
            break;
        }
        if (advanced) continue;
        if (--depth < 0) break;
        toggle(t, occ, &t->placement[chosen[depth]]);
        counts[t->placement[chosen[depth]].type]++;
    }
    tally->finished = 1;
done:
    free(cell_at);
    free(next_at);
    free(chosen);
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
            if (cl[k - 1] >= cl[k]) return bad_table("a placement's cells are not ascending");
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
    Rows rows = {0};
    Tally tally = {0, 0, limit, max_nodes, 0};
    uint64_t *occ = NULL;
    int32_t *counts = NULL;
    if (check_table(ncells, &types, &offsets, &cells, &cover_offsets, &cover, &counts_in, &occupied)) goto out;
    t.ncells = ncells;
    t.nwords = (ncells + 63) / 64;
    t.nplacements = (int)(types.len / 4);
    t.ntypes = (int)(counts_in.len / 4);
    t.cover_start = cover_offsets.buf;
    occ = calloc((size_t)t.nwords + 1, sizeof(uint64_t)); /* one more word, never filled: `hi` of the last word */
    counts = malloc(((size_t)t.ntypes + 1) * sizeof(int32_t));
    if (!occ || !counts || build_entries(&t, types.buf, offsets.buf, cells.buf, cover.buf)) {
        PyErr_NoMemory();
        goto out;
    }
    memcpy(counts, counts_in.buf, (size_t)t.ntypes * sizeof(int32_t));
    const uint8_t *filled = occupied.buf;
    for (int i = 0; i < t.nwords * 64; i++)
        if (i >= ncells || filled[i]) occ[i >> 6] |= (uint64_t)1 << (i & 63);
    Py_BEGIN_ALLOW_THREADS
    run(&t, occ, counts, &rows, &tally);
    Py_END_ALLOW_THREADS
    if (rows.failed) { PyErr_NoMemory(); goto out; }
    PyObject *data = PyBytes_FromStringAndSize((const char *)rows.data, rows.size * (Py_ssize_t)sizeof(int32_t));
    if (data) result = Py_BuildValue("NLLO", data, tally.packings, tally.nodes, tally.finished ? Py_True : Py_False);
out:
    free(rows.data);
    free(occ);
    free(counts);
    free(t.placement);
    free(t.cover);
    free(t.extra_start);
    free(t.extra_word);
    free(t.extra_mask);
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
    {"search", search, METH_VARARGS, "Every packing of the empty cells (up to limit), fewest choices first."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "The packing search's compiled inner loop.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
