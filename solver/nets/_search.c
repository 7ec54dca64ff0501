/* The nets search's inner loop, compiled: the search of solver/nets/search.py, with two prunes and a
 * rule that keeps one find of each net without remembering the nets found.
 *
 * search(area, steps, orbits, roots, pinned_symmetry, frame_turns, limit, want_cells, every_find, part, parts)
 *   (named as solver.nets.plan.Plan and search.compiled_run name them)
 *   area        surface squares of each box (all boxes have the same area A)
 *   steps       int32[nbox * 8A * 4]: per box, the state a cell's neighbour in direction U R D L takes
 *   orbits      int32[nbox * 8A]: per box, the orbit (under the box's symmetries) of each state
 *   roots       tuple of nbox ints: the state of the first cell on each box (the first box is pinned)
 *   pinned_symmetry  int32[G * 8A]: where each isometry of the pinned box sends each state
 *   frame_turns int32[8]: the turn of the plane that brings frame f of the pinned square into frame 0
 *   limit       stop after this many nets (0: no limit)
 *   want_cells  keep the cells of each net (else only count them)
 *   every_find  keep every net met, each as often as it is met (the caller drops the repeats): the
 *               first nets come sooner, as the one find of a net kept otherwise may come late
 *   part, parts only the part-th of parts (0 <= part < parts): the nodes of SPLIT_CELLS cells (or of
 *               every cell, for a smaller area) are numbered in the order met, and only those whose
 *               number is part modulo parts grow on. Every net's path passes through exactly one such
 *               node, so the parts of a run share its nets out, each net to one part.
 * returns (bytes: int32 rows of A grid indices, one row per net; nets; nodes; finished)
 *
 * A grid index is (row + A + 1) * W + (col + A + 1), W = 2A + 3, the first cell at row 0, col 0.
 * The search grows a polyomino from the first cell (Redelmeier's method: each connected set of cells
 * holding the first cell comes once), every cell carrying its state on every box, and adds a cell
 * only if its square is free on every box and it keeps every grid adjacency with the cells already
 * there. A polyomino of A cells is a net; it is kept only if it is the one representative of its
 * class (see accepted()), so each net comes exactly once over all the runs of a plan.
 * Prunes (see completable()): a partial net is dropped when some free square of a box cannot be
 * reached, over free squares, from a cell still untried; and, near the end, the same over pairs of
 * states on two boxes.
 * The search checks for Ctrl-C every 2^22 nodes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../rows.h"  /* Rows, rows_push: the nets kept */

#define MAX_BOXES 3
#define SIGNAL_CHECK ((1LL << 22) - 1)
/* The flood over pairs of states runs once area / PAIR_FLOOD_SHARE - 1 squares or fewer are free:
 * earlier it costs more than the nodes it saves. Measured (CPU time): 1x2x3 + 1x1x5 (area 22), every
 * run: 1.55 s from 10 free squares, 1.68 s from 6; 1x1x7 + 1x3x3 (area 30), its run 4: 6.2 s from 8
 * free squares, 5.6 s from 11, 5.5 s from 14, 8.1 s from 18. */
#define PAIR_FLOOD_SHARE 2
/* The nodes a part split numbers: the nodes of this many cells (thousands per run, so parts even out). */
#define SPLIT_CELLS 9

typedef struct {
    int nbox, area, W, offset[4];
    const int32_t *step[MAX_BOXES];   /* [8A][4] */
    const int32_t *orbit[MAX_BOXES];  /* [8A] */
    int32_t root[MAX_BOXES];
    uint8_t *seen, *in_net;           /* per grid index */
    int32_t *state[MAX_BOXES];        /* per grid index: the state given when the cell was first seen */
    uint8_t *covered[MAX_BOXES];      /* per square */
    uint64_t covered_bits[MAX_BOXES], all_squares;  /* the same as bits, and every square's bit */
    uint64_t *around[MAX_BOXES];      /* per square: its four neighbours on the box, as bits */
    int32_t *pair_seen, pair_stamp, *pair_queue;  /* the joint flood of two boxes' states */
    int32_t *net, size;               /* the cells placed, in order */
    int32_t *untried;                 /* every level's untried cells, one segment per level */
    /* for accepted() */
    const int32_t *symmetry;          /* [nsym][8A]: where each isometry of the pinned box sends each state */
    int nsym, frame_turns[8];
    int32_t *onto_pinned;             /* per isometry: the square it sends onto the pinned square */
    uint8_t *representative[MAX_BOXES]; /* per state: the smallest of its orbit */
    int32_t *probe, *queue, *image;   /* probe: per grid index, the state a folding gives (-1: none) */
    int32_t *on_square;               /* per square of the pinned box: the cell on it */
    uint8_t *probe_square;
    int probed, top, left, height, width;
    long long nets, nodes, limit, split_number;
    int want_cells, every_find, stopped, interrupted, pair_flood_squares, split_cells, part, parts;
    Rows rows;
} Search;

/* ------------------------------------------------------------------------------------------------ */
/* Choosing the one representative of a class
 *
 * A net is met once per find: an image of it in the plane and the cell of that image on the pinned
 * state (and one orbit per other box). Each folding onto the pinned box gives one find: the cell on
 * the pinned square and the turn of the plane that brings it into frame 0. A find is kept only if no
 * folding of the net onto the pinned box gives a smaller one, in the order: the image's rows, columns,
 * the cell's row and column in the image, then the image itself row by row; and if no folding onto
 * another box gives the first cell a state of an earlier orbit than this run's. */

typedef struct { int rows, cols, row, col, turn; int32_t cell; } Find;

/* True if the net folds onto box b with cell `start` in state `s`: the states spread over every
 * grid adjacency of the net, and no two cells share a square. The states stay in S->probe (and the
 * cells in S->queue) until clear_probe(). */
static int folds_from(Search *S, int b, int32_t start, int32_t s) {
    const int32_t *step = S->step[b];
    int head = 0, tail = 0, ok = 1;
    memset(S->probe_square, 0, (size_t)S->area);
    S->probe[start] = s;
    S->probe_square[s >> 3] = 1;
    S->queue[tail++] = start;
    while (head < tail && ok) {
        int32_t c = S->queue[head++], cs = S->probe[c];
        for (int d = 0; d < 4; d++) {
            int32_t n = c + S->offset[d];
            if (!S->in_net[n]) continue;
            int32_t ns = step[4 * cs + d];
            if (S->probe[n] >= 0) {
                if (S->probe[n] != ns) { ok = 0; break; }
            } else if (S->probe_square[ns >> 3]) {
                ok = 0; break;
            } else {
                S->probe[n] = ns;
                S->probe_square[ns >> 3] = 1;
                S->queue[tail++] = n;
            }
        }
    }
    S->probed = tail;
    return ok;
}

static void clear_probe(Search *S) {
    for (int i = 0; i < S->probed; i++) S->probe[S->queue[i]] = -1;
    S->probed = 0;
}

/* The image of the net under turn k of the plane, normalised, as one bit row per grid row (bit c
 * for column c); returns its number of rows. */
static int image_rows(Search *S, int k, uint64_t *rows) {
    int A = S->area, W = S->W, r0 = 1 << 30, c0 = 1 << 30, height = 0;
    for (int i = 0; i < A; i++) {
        int r = S->net[i] / W, c = S->net[i] % W, t;
        if (k & 4) { t = r; r = c; c = t; }
        if (k & 1) r = -r;
        if (k & 2) c = -c;
        S->image[2 * i] = r;
        S->image[2 * i + 1] = c;
        if (r < r0) r0 = r;
        if (c < c0) c0 = c;
    }
    memset(rows, 0, (size_t)A * sizeof(uint64_t));
    for (int i = 0; i < A; i++) {
        int r = S->image[2 * i] - r0;
        rows[r] |= 1ULL << (S->image[2 * i + 1] - c0);
        if (r + 1 > height) height = r + 1;
    }
    return height;
}

/* The find of turn k with the given cell: the image's size and the cell's place in it. */
static Find find_of(const Search *S, int k, int32_t cell) {
    int r = cell / S->W - S->top, c = cell % S->W - S->left, rows = S->height, cols = S->width, t;
    if (k & 4) { t = r; r = c; c = t; t = rows; rows = cols; cols = t; }
    if (k & 1) r = rows - 1 - r;
    if (k & 2) c = cols - 1 - c;
    Find f = {rows, cols, r, c, k, cell};
    return f;
}

/* Negative if find a comes before find b, 0 if they are the same find. */
static int compare_finds(Search *S, const Find *a, const Find *b) {
    if (a->rows != b->rows) return a->rows - b->rows;
    if (a->cols != b->cols) return a->cols - b->cols;
    if (a->row != b->row) return a->row - b->row;
    if (a->col != b->col) return a->col - b->col;
    if (a->turn == b->turn) return 0;
    uint64_t x[64], y[64];
    int h = image_rows(S, a->turn, x);
    image_rows(S, b->turn, y);
    for (int r = 0; r < h; r++)
        if (x[r] != y[r]) return x[r] < y[r] ? -1 : 1;
    return 0;
}

/* True if some folding onto the pinned box in the class of the one whose states are in `state`
 * (indexed by grid index) gives a find before `own`. */
static int class_has_earlier(Search *S, const int32_t *state, const Find *own) {
    int A = S->area;
    for (int i = 0; i < A; i++) S->on_square[state[S->net[i]] >> 3] = S->net[i];
    for (int g = 0; g < S->nsym; g++) {
        int32_t cell = S->on_square[S->onto_pinned[g]];
        int32_t moved = S->symmetry[(size_t)g * 8 * A + state[cell]];
        Find f = find_of(S, S->frame_turns[moved & 7], cell);
        if (compare_finds(S, &f, own) < 0) return 1;
    }
    return 0;
}

static int accepted(Search *S) {
    int A = S->area, W = S->W;
    int32_t first = S->net[0];
    int top = 1 << 30, left = 1 << 30, bottom = -1, right = -1;
    for (int i = 0; i < A; i++) {
        int r = S->net[i] / W, c = S->net[i] % W;
        if (r < top) top = r;
        if (r > bottom) bottom = r;
        if (c < left) left = c;
        if (c > right) right = c;
    }
    S->top = top; S->left = left; S->height = bottom - top + 1; S->width = right - left + 1;
    Find own = find_of(S, 0, first);
    if (class_has_earlier(S, S->state[0], &own)) return 0;
    /* the other classes of foldings onto the pinned box: one per other orbit of the first cell's state */
    int32_t own_orbit = S->orbit[0][S->root[0]];
    for (int32_t s = 0; s < 8 * A; s++) {
        if (!S->representative[0][s] || S->orbit[0][s] == own_orbit) continue;
        int folds = folds_from(S, 0, first, s), earlier = folds && class_has_earlier(S, S->probe, &own);
        clear_probe(S);
        if (earlier) return 0;
    }
    for (int b = 1; b < S->nbox; b++) {
        int32_t orbit = S->orbit[b][S->root[b]];
        for (int32_t s = 0; s < 8 * A; s++) {
            if (!S->representative[b][s] || S->orbit[b][s] >= orbit) continue;
            int folds = folds_from(S, b, first, s);
            clear_probe(S);
            if (folds) return 0;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------------------------------------ */
/* The search */

static int can_add(const Search *S, int32_t c) {
    for (int b = 0; b < S->nbox; b++) {
        int32_t s = S->state[b][c];
        if (S->covered[b][s >> 3]) return 0;
        const int32_t *step = S->step[b] + 4 * s;
        for (int d = 0; d < 4; d++) {
            int32_t n = c + S->offset[d];
            if (S->in_net[n] && step[d] != S->state[b][n]) return 0;
        }
    }
    return 1;
}

static void set_in_net(Search *S, int32_t c, int on) {
    S->in_net[c] = (uint8_t)on;
    for (int b = 0; b < S->nbox; b++) {
        int32_t square = S->state[b][c] >> 3;
        S->covered[b][square] = (uint8_t)on;
        S->covered_bits[b] ^= 1ULL << square;
    }
}

/* False if some box has a free square that no net grown from here can cover: every free square is
 * reached, over free squares, from the square of a cell still untried. (The cells that will cover a
 * connected set of free squares join the net through one beside it, so that one is untried now.) */
/* With two boxes or more: the same over pairs of states on the first two boxes, since a cell to come
 * takes a free square on both boxes at once, and its neighbours' states follow from its own on both. */
static int pairs_completable(Search *S, const int32_t *untried, int count) {
    int n = 8 * S->area, head = 0, tail = 0;
    uint64_t free0 = S->all_squares & ~S->covered_bits[0], free1 = S->all_squares & ~S->covered_bits[1];
    uint64_t hit0 = 0, hit1 = 0;
    int32_t stamp = ++S->pair_stamp;
    for (int i = 0; i < count; i++) {
        int32_t a = S->state[0][untried[i]], b = S->state[1][untried[i]];
        if (!(free0 >> (a >> 3) & 1) || !(free1 >> (b >> 3) & 1) || S->pair_seen[a * n + b] == stamp) continue;
        S->pair_seen[a * n + b] = stamp;
        S->pair_queue[tail++] = a * n + b;
    }
    while (head < tail) {
        int32_t p = S->pair_queue[head++], a = p / n, b = p % n;
        hit0 |= 1ULL << (a >> 3);
        hit1 |= 1ULL << (b >> 3);
        if (hit0 == free0 && hit1 == free1) return 1;
        for (int d = 0; d < 4; d++) {
            int32_t na = S->step[0][4 * a + d], nb = S->step[1][4 * b + d];
            if (!(free0 >> (na >> 3) & 1) || !(free1 >> (nb >> 3) & 1) || S->pair_seen[na * n + nb] == stamp) continue;
            S->pair_seen[na * n + nb] = stamp;
            S->pair_queue[tail++] = na * n + nb;
        }
    }
    return hit0 == free0 && hit1 == free1;
}

static int completable(Search *S, const int32_t *untried, int count) {
    uint64_t reached[MAX_BOXES] = {0};
    for (int i = 0; i < count; i++) {  /* only a cell whose squares are free on every box may join */
        uint64_t bits[MAX_BOXES], taken = 0;
        for (int b = 0; b < S->nbox; b++) {
            bits[b] = 1ULL << (S->state[b][untried[i]] >> 3);
            taken |= bits[b] & S->covered_bits[b];
        }
        if (taken) continue;
        for (int b = 0; b < S->nbox; b++) reached[b] |= bits[b];
    }
    for (int b = 0; b < S->nbox; b++) {
        uint64_t free_squares = S->all_squares & ~S->covered_bits[b], frontier = reached[b];
        while (frontier) {
            int square = __builtin_ctzll(frontier);
            frontier &= frontier - 1;
            uint64_t more = S->around[b][square] & free_squares & ~reached[b];
            reached[b] |= more;
            frontier |= more;
        }
        if (reached[b] != free_squares) return 0;
    }
    if (S->nbox >= 2 && S->area - S->size <= S->pair_flood_squares) return pairs_completable(S, untried, count);
    return 1;
}

static void grow(Search *S, int32_t *untried, int count) {
    if ((++S->nodes & SIGNAL_CHECK) == 0 && PyErr_CheckSignals() < 0) {
        S->stopped = S->interrupted = 1;
        return;
    }
    if (S->size == S->split_cells && S->split_number++ % S->parts != S->part) return;
    if (S->size == S->area) {
        if (S->every_find || accepted(S)) {
            S->nets++;
            if (S->want_cells) rows_push(&S->rows, S->net, S->area);
            if ((S->limit && S->nets >= S->limit) || S->rows.failed) S->stopped = 1;
        }
        return;
    }
    if (S->size && !completable(S, untried, count)) return;
    for (int i = count - 1; i >= 0 && !S->stopped; i--) {
        int32_t c = untried[i];
        if (!can_add(S, c)) continue;
        set_in_net(S, c, 1);
        S->net[S->size++] = c;
        /* the child's untried cells: those not yet tried here, then c's neighbours seen for the first time */
        int32_t *child = untried + count;
        memcpy(child, untried, (size_t)i * sizeof(int32_t));
        int more = i;
        for (int d = 0; d < 4; d++) {
            int32_t n = c + S->offset[d];
            if (S->seen[n]) continue;
            S->seen[n] = 1;
            for (int b = 0; b < S->nbox; b++) S->state[b][n] = S->step[b][4 * S->state[b][c] + d];
            child[more++] = n;
        }
        grow(S, child, more);
        for (int k = i; k < more; k++) S->seen[child[k]] = 0;
        S->size--;
        set_in_net(S, c, 0);
    }
}

/* ------------------------------------------------------------------------------------------------ */
/* The Python entry point */

static int allocate(Search *S) {
    int A = S->area, W = S->W;
    size_t grid = (size_t)W * W;
    S->seen = calloc(grid, 1);
    S->in_net = calloc(grid, 1);
    S->probe = malloc(grid * sizeof(int32_t));
    S->probe_square = calloc((size_t)A, 1);
    S->net = calloc((size_t)A, sizeof(int32_t));
    S->queue = calloc((size_t)A, sizeof(int32_t));
    S->image = calloc(2 * (size_t)A, sizeof(int32_t));
    S->untried = calloc((size_t)(A + 2) * (4 * A + 4), sizeof(int32_t));
    S->on_square = calloc((size_t)A, sizeof(int32_t));
    S->pair_seen = calloc((size_t)64 * A * A, sizeof(int32_t));
    S->pair_queue = calloc((size_t)64 * A * A, sizeof(int32_t));
    S->onto_pinned = calloc((size_t)S->nsym, sizeof(int32_t));
    int ok = S->seen && S->in_net && S->probe && S->probe_square && S->net && S->queue && S->image && S->untried
             && S->on_square && S->onto_pinned && S->pair_seen && S->pair_queue;
    for (int b = 0; b < S->nbox; b++) {
        S->state[b] = calloc(grid, sizeof(int32_t));
        S->covered[b] = calloc((size_t)A, 1);
        S->representative[b] = calloc(8 * (size_t)A, 1);
        S->around[b] = calloc((size_t)A, sizeof(uint64_t));
        ok = ok && S->state[b] && S->covered[b] && S->representative[b] && S->around[b];
    }
    if (S->probe) memset(S->probe, 0xff, grid * sizeof(int32_t));
    return ok;
}

static void release(Search *S) {
    free(S->seen); free(S->in_net); free(S->probe); free(S->probe_square);
    free(S->net); free(S->queue); free(S->image); free(S->untried); free(S->rows.data);
    free(S->on_square); free(S->onto_pinned); free(S->pair_seen); free(S->pair_queue);
    for (int b = 0; b < S->nbox; b++) { free(S->state[b]); free(S->covered[b]); free(S->representative[b]); free(S->around[b]); }
}

static PyObject *search(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"area", "steps", "orbits", "roots", "pinned_symmetry", "frame_turns", "limit",
                               "want_cells", "every_find", "part", "parts", NULL};
    int area, want_cells, every_find, part, parts;
    long long limit;
    Py_buffer steps, orbits, symmetry, turns;
    PyObject *roots;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iy*y*O!y*y*Lppii", keywords, &area, &steps, &orbits,
                                     &PyTuple_Type, &roots, &symmetry, &turns, &limit, &want_cells, &every_find,
                                     &part, &parts))
        return NULL;
    Search S;
    memset(&S, 0, sizeof S);
    S.nbox = (int)PyTuple_GET_SIZE(roots);
    S.area = area;
    S.W = 2 * area + 3;
    S.limit = limit;
    S.want_cells = want_cells;
    S.every_find = every_find;
    S.part = part;
    S.parts = parts;
    S.split_cells = area < SPLIT_CELLS ? area : SPLIT_CELLS;
    S.pair_flood_squares = area / PAIR_FLOOD_SHARE - 1;
    S.nsym = (int)(symmetry.len / (8 * area * 4));
    S.symmetry = (const int32_t *)symmetry.buf;
    int bad = area < 1 || area > 64 || parts < 1 || part < 0 || part >= parts || S.nbox < 1 || S.nbox > MAX_BOXES || turns.len != 8 * 4 || S.nsym < 1
              || steps.len != (Py_ssize_t)S.nbox * 8 * area * 4 * 4 || orbits.len != (Py_ssize_t)S.nbox * 8 * area * 4
              || symmetry.len != (Py_ssize_t)S.nsym * 8 * area * 4;
    for (int f = 0; !bad && f < 8; f++) {
        S.frame_turns[f] = ((const int32_t *)turns.buf)[f];
        bad = S.frame_turns[f] < 0 || S.frame_turns[f] > 7;
    }
    for (int b = 0; !bad && b < S.nbox; b++) {
        S.step[b] = (const int32_t *)steps.buf + (size_t)b * 8 * area * 4;
        S.orbit[b] = (const int32_t *)orbits.buf + (size_t)b * 8 * area;
        long root = PyLong_AsLong(PyTuple_GET_ITEM(roots, b));
        bad = root < 0 || root >= 8 * area;
        S.root[b] = (int32_t)root;
    }
    if (bad) {
        PyBuffer_Release(&steps);
        PyBuffer_Release(&orbits);
        PyBuffer_Release(&symmetry);
        PyBuffer_Release(&turns);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "search: inconsistent tables");
        return NULL;
    }
    S.offset[0] = -S.W; S.offset[1] = 1; S.offset[2] = S.W; S.offset[3] = -1;
    PyObject *out = NULL;
    if (!allocate(&S)) {
        PyErr_NoMemory();
    } else {
        int32_t origin = (area + 1) * S.W + (area + 1);
        for (int b = 0; b < S.nbox; b++)
            for (int32_t s = 0, next = 0; s < 8 * area; s++)
                if (S.orbit[b][s] == next) { S.representative[b][s] = 1; next++; }
        S.all_squares = area == 64 ? ~0ULL : (1ULL << area) - 1;
        for (int b = 0; b < S.nbox; b++)
            for (int32_t p = 0; p < area; p++)
                for (int d = 0; d < 4; d++) S.around[b][p] |= 1ULL << (S.step[b][4 * 8 * p + d] >> 3);
        for (int g = 0; g < S.nsym; g++)
            for (int32_t p = 0; p < area; p++)
                if (S.symmetry[(size_t)g * 8 * area + 8 * p] >> 3 == S.root[0] >> 3) S.onto_pinned[g] = p;
        S.seen[origin] = 1;
        for (int b = 0; b < S.nbox; b++) S.state[b][origin] = S.root[b];
        S.untried[0] = origin;
        grow(&S, S.untried, 1);
        if (S.rows.failed) PyErr_NoMemory();
        else if (!S.interrupted)
            out = Py_BuildValue("y#LLO", S.rows.data ? (const char *)S.rows.data : "", S.rows.size * (Py_ssize_t)sizeof(int32_t),
                                S.nets, S.nodes, S.stopped ? Py_False : Py_True);
    }
    release(&S);
    PyBuffer_Release(&steps);
    PyBuffer_Release(&orbits);
    PyBuffer_Release(&symmetry);
    PyBuffer_Release(&turns);
    return out;
}

static PyMethodDef methods[] = {
    {"search", (PyCFunction)(void (*)(void))search, METH_VARARGS | METH_KEYWORDS, "One run of the nets search (see solver/nets/_search.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_search", "The nets search, compiled.", -1, methods,
                                   NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
