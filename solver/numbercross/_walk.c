/* The Number Cross row walk (solver/numbercross/walk/rows.py, RowFill), compiled: the same walk over
 * the same choices in the same order, counting the same steps, so that it finds the same ways in
 * the same order and runs out of steps at the same place. rows.py stays the reference; the tests
 * hold the two to each other.
 *
 * fill(cols, region, lit, neighbours, across_region, can_cross, known_in, known, open, filters,
 *      tester, own_regions, placements, digits, steps, most, out) -> 0, ENOUGH or OVER_BUDGET
 *   the attributes of a rows.RowSetting, then
 *   filters      per side: the sketch.Filter's masks as bytes (Filter.words), or None
 *   placements   the tile placements to walk, in order (rowtypes.Placement: the mask at index 3 is read)
 *   digits       the region digits when the walk starts
 *   steps        [steps left]: decremented as rows.RowFill does, written back however the walk ends
 *   most         stop at this many ways in out
 *   out          dict: each way found is a key (value None), as rows.RowFill._record makes it
 * fill(..., out, rng, below): shuffled._ShuffledFill's walk: region digits and cell values tried in
 *   the order rng.shuffle would put them (the same draws of rng.getrandbits), and what a tile sends
 *   down kept to the room in the row below; below: None if there is no row below, else its
 *   (region indices, tile placements, highlighted flags), from which the filter shuffled._below
 *   makes is made here (the setting's filters are None)
 *
 * sketches(cols, placements, region, lit, can_take, neighbours, tester, digits, budget, cap)
 *   -> the list sketch.sketches makes over these placements (rowtypes.Placement), or None past budget
 *   steps or cap sketches (where it raises sketch.TooManySketches); region digits are chosen as
 *   search.region_choices chooses them
 *
 * Memo(test): a tester that remembers test(prefix, k, length) per (prefix, length), as
 * clues.remembering does in Python; the walk reads its answers without calling into Python.
 * The walk checks for Ctrl-C every 2^20 steps.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MAX_COLS 17      /* numbers of up to 17 digits fit in 64 bits with the length beside them */
#define MAX_REGIONS 4096
#define ENOUGH 1
#define OVER_BUDGET 2
#define FAILED (-1)
#define SIGNAL_CHECK ((1LL << 20) - 1)
#define MEMO_MOST (1 << 20) /* answers a Memo keeps before it forgets them all (as clues.REMEMBERED) */

/* ------------------------------------------------------------------------------------------ */
/* Memo: a remembering tester */

typedef struct {
    PyObject_HEAD
    PyObject *test;
    uint64_t *keys;  /* key + 1 (0: empty) */
    uint8_t *answers;
    Py_ssize_t size, used;  /* size a power of two */
    vectorcallfunc vectorcall;
} Memo;

static void memo_clear(Memo *m) {
    PyMem_Free(m->keys);
    PyMem_Free(m->answers);
    m->keys = NULL;
    m->answers = NULL;
    m->size = m->used = 0;
}

static int memo_grow(Memo *m) {
    Py_ssize_t size = m->size ? 2 * m->size : 1024;
    uint64_t *keys = PyMem_Calloc((size_t)size, sizeof(uint64_t));
    uint8_t *answers = PyMem_Calloc((size_t)size, 1);
    if (keys == NULL || answers == NULL) {
        PyMem_Free(keys);
        PyMem_Free(answers);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < m->size; i++) {
        if (!m->keys[i])
            continue;
        Py_ssize_t j = (Py_ssize_t)((m->keys[i] * 0x9E3779B97F4A7C15ULL) >> 17) & (size - 1);
        while (keys[j])
            j = (j + 1) & (size - 1);
        keys[j] = m->keys[i];
        answers[j] = m->answers[i];
    }
    PyMem_Free(m->keys);
    PyMem_Free(m->answers);
    m->keys = keys;
    m->answers = answers;
    m->size = size;
    return 0;
}

static int call_test(PyObject *test, uint64_t prefix, int k, int length) {
    PyObject *args[3] = {PyLong_FromUnsignedLongLong(prefix), PyLong_FromLong(k), PyLong_FromLong(length)};
    int answer = -1;
    if (args[0] && args[1] && args[2]) {
        PyObject *got = PyObject_Vectorcall(test, args, 3, NULL);
        if (got != NULL) {
            answer = PyObject_IsTrue(got);
            Py_DECREF(got);
        }
    }
    Py_XDECREF(args[0]);
    Py_XDECREF(args[1]);
    Py_XDECREF(args[2]);
    return answer;
}

/* 1 or 0: the answer; -1 with an exception set. */
static int memo_answer(Memo *m, uint64_t prefix, int k, int length) {
    uint64_t key = (prefix << 5 | (uint64_t)length) + 1;
    if (m->size) {
        Py_ssize_t j = (Py_ssize_t)((key * 0x9E3779B97F4A7C15ULL) >> 17) & (m->size - 1);
        while (m->keys[j]) {
            if (m->keys[j] == key)
                return m->answers[j];
            j = (j + 1) & (m->size - 1);
        }
    }
    int answer = call_test(m->test, prefix, k, length);
    if (answer < 0)
        return -1;
    if (m->used >= MEMO_MOST)
        memo_clear(m);
    if (2 * (m->used + 1) > m->size && memo_grow(m) < 0)
        return -1;
    Py_ssize_t j = (Py_ssize_t)((key * 0x9E3779B97F4A7C15ULL) >> 17) & (m->size - 1);
    while (m->keys[j])
        j = (j + 1) & (m->size - 1);
    m->keys[j] = key;
    m->answers[j] = (uint8_t)answer;
    m->used++;
    return answer;
}

static PyObject *memo_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (n != 3 || (kwnames && PyTuple_GET_SIZE(kwnames))) {
        PyErr_SetString(PyExc_TypeError, "a tester takes (prefix, k, length)");
        return NULL;
    }
    Memo *m = (Memo *)self;
    int overflow = 0;
    long long prefix = PyLong_AsLongLongAndOverflow(args[0], &overflow);
    long k = PyLong_AsLong(args[1]), length = PyLong_AsLong(args[2]);
    if (PyErr_Occurred())
        return NULL;
    if (overflow || prefix < 0 || prefix >= (1LL << 58) || length < 0 || length >= 32)
        return PyObject_Vectorcall(m->test, args, 3, NULL);  /* too large to remember: asked each time */
    int answer = memo_answer(m, (uint64_t)prefix, (int)k, (int)length);
    if (answer < 0)
        return NULL;
    return PyBool_FromLong(answer);
}

static PyObject *memo_new(PyTypeObject *type, PyObject *args, PyObject *Py_UNUSED(kwargs)) {
    PyObject *test;
    if (!PyArg_ParseTuple(args, "O:Memo", &test))
        return NULL;
    if (!PyCallable_Check(test)) {
        PyErr_SetString(PyExc_TypeError, "Memo takes a callable");
        return NULL;
    }
    Memo *m = (Memo *)type->tp_alloc(type, 0);
    if (m == NULL)
        return NULL;
    Py_INCREF(test);
    m->test = test;
    m->vectorcall = memo_vectorcall;
    return (PyObject *)m;
}

static void memo_dealloc(Memo *m) {
    PyObject_GC_UnTrack(m);
    Py_CLEAR(m->test);
    memo_clear(m);
    Py_TYPE(m)->tp_free((PyObject *)m);
}

static int memo_traverse(Memo *m, visitproc visit, void *arg) {
    Py_VISIT(m->test);
    return 0;
}

static int memo_tp_clear(Memo *m) {
    Py_CLEAR(m->test);
    return 0;
}

static PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.numbercross._walk.Memo",
    .tp_basicsize = sizeof(Memo),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Memo(test): test(prefix, k, length), each answer remembered per (prefix, length).",
    .tp_new = memo_new,
    .tp_dealloc = (destructor)memo_dealloc,
    .tp_traverse = (traverseproc)memo_traverse,
    .tp_clear = (inquiry)memo_tp_clear,
    .tp_vectorcall_offset = offsetof(Memo, vectorcall),
    .tp_call = PyVectorcall_Call,
};

/* ------------------------------------------------------------------------------------------ */
/* The walk */

enum { UP = 0, DOWN = 1 };

typedef struct {
    /* the setting */
    int cols, open[2], has_across[2];
    int region[MAX_COLS], lit[MAX_COLS], across[2][MAX_COLS], can_cross[2][MAX_COLS], known_in[MAX_COLS];
    int known_amount[2][MAX_COLS];
    PyObject *neighbours;             /* tuple: region -> tuple of neighbouring regions */
    int nfilters, filter_side[2];
    const uint64_t *filter[2];        /* per side: everything, tile[c][a], cell[c][a] */
    Py_ssize_t words[2];              /* per side: 64-bit words per mask */
    PyObject *tester;
    Memo *memo;
    int own[MAX_COLS], nown;
    int start_digits[MAX_REGIONS], nregions;
    long long most;
    PyObject *out;
    long long steps, since_check;
    /* the layout walked */
    int tile[MAX_COLS + 1], run_start[MAX_COLS], run_length[MAX_COLS];
    /* the walk's state */
    int digits[MAX_REGIONS];
    int cells[MAX_COLS], sent_tile[2][MAX_COLS], sent[2][MAX_COLS];
    uint64_t numbers[MAX_COLS];
    int nnumbers;
    uint64_t *alive[2], *saved;       /* saved: per column, both sides */
    /* shuffled.random_way's walk: choices in random order, what a tile sends down kept to the room below */
    PyObject *getrandbits;            /* the random.Random's, or NULL for the search's walk */
    int below[MAX_COLS];              /* the region indices of the row below (when shuffled and there is one) */
    int has_below;
    uint64_t *below_filter;           /* shuffled._below's filter, made here */
} Walk;

static PyObject *PAIRS[2][10];        /* (False/True, amount) */

static inline const uint64_t *tile_mask(const Walk *w, int s, int c, int a) {
    return w->filter[s] + w->words[s] * (1 + (Py_ssize_t)c * 10 + a);
}

static inline const uint64_t *cell_mask(const Walk *w, int s, int c, int b) {
    return w->filter[s] + w->words[s] * (1 + (Py_ssize_t)w->cols * 10 + (Py_ssize_t)c * 10 + b);
}

static inline int meets(const uint64_t *a, const uint64_t *b, Py_ssize_t words) {
    for (Py_ssize_t i = 0; i < words; i++)
        if (a[i] & b[i])
            return 1;
    return 0;
}

static int count_step(Walk *w, long long steps) {
    w->steps -= steps;
    if (w->steps <= 0)
        return OVER_BUDGET;
    w->since_check += steps > 0 ? steps : 0;
    if (w->since_check > SIGNAL_CHECK) {
        w->since_check = 0;
        if (PyErr_CheckSignals() < 0)
            return FAILED;
    }
    return 0;
}

static int test(Walk *w, uint64_t prefix, int k, int length) {
    if (w->memo != NULL)
        return memo_answer(w->memo, prefix, k, length);
    return call_test(w->tester, prefix, k, length);
}

/* The digits region k may take beside its neighbours' digits: bit d set for each allowed d; -1 with
 * an exception set if the neighbours are not region indices. */
static int free_digits(PyObject *neighbours, int nregions, const int *digits, int k) {
    PyObject *around = PyTuple_GET_ITEM(neighbours, k);
    if (!PyTuple_Check(around)) {
        PyErr_SetString(PyExc_ValueError, "neighbours: expected a tuple per region");
        return -1;
    }
    int taken = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(around); i++) {
        long j = PyLong_AsLong(PyTuple_GET_ITEM(around, i));
        if (j < 0 || j >= nregions) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "neighbours: a region index out of range");
            return -1;
        }
        taken |= 1 << digits[j];
    }
    return 0x3FE & ~taken;
}

static int column(Walk *w, int c, int carry, uint64_t prefix);

/* random.Random._randbelow(n) for n >= 1, as it draws with getrandbits (Python 3.11-3.13). */
static long randbelow(Walk *w, long n) {
    int bits = 0;
    while ((n >> bits) != 0)
        bits++;
    PyObject *arg = PyLong_FromLong(bits);
    if (arg == NULL)
        return -1;
    long r;
    do {
        PyObject *got = PyObject_Vectorcall(w->getrandbits, &arg, 1, NULL);
        r = got == NULL ? -1 : PyLong_AsLong(got);
        Py_XDECREF(got);
    } while (r >= n);
    Py_DECREF(arg);
    return r;
}

/* random.Random.shuffle, the same draws in the same order: 0 or -1 with an exception set. */
static int shuffle(Walk *w, int *items, int n) {
    for (int i = n - 1; i > 0; i--) {
        long j = randbelow(w, i + 1);
        if (j < 0)
            return -1;
        int swap = items[i];
        items[i] = items[j];
        items[j] = swap;
    }
    return 0;
}

/* The digits region k may take, in the order the walk tries them (shuffled if the walk is): how
 * many, or -1 with an exception set. */
static int choices(Walk *w, int k, int *into) {
    int allowed = free_digits(w->neighbours, w->nregions, w->digits, k), n = 0;
    if (allowed < 0)
        return -1;
    for (int d = 1; d <= 9; d++)
        if (allowed >> d & 1)
            into[n++] = d;
    if (w->getrandbits != NULL && shuffle(w, into, n) < 0)
        return -1;
    return n;
}

/* Whether a tile at c may send `down` to the row below: in the shuffled walk, at most what the
 * cell below has room for once its region's digit is known (8 if not yet, none if no row). */
static int room_below(const Walk *w, int c, int down) {
    if (w->getrandbits == NULL)
        return 1;
    int room = 0;
    if (w->has_below) {
        int d = w->digits[w->below[c]];
        room = d ? 9 - d : 8;
    }
    return down <= room;
}

static int record(Walk *w) {
    int cols = w->cols, status = FAILED;
    PyObject *cells = PyTuple_New(cols), *edges[2] = {Py_None, Py_None}, *assigned = NULL, *numbers = NULL;
    PyObject *way = NULL;
    Py_INCREF(Py_None);
    Py_INCREF(Py_None);
    if (cells == NULL)
        goto done;
    for (int c = 0; c < cols; c++) {
        PyObject *v = w->tile[c] ? Py_None : PyLong_FromLong(w->cells[c]);
        if (v == NULL)
            goto done;
        if (v == Py_None)
            Py_INCREF(v);
        PyTuple_SET_ITEM(cells, c, v);
    }
    for (int s = UP; s <= DOWN; s++) {
        if (!w->open[s])
            continue;
        PyObject *edge = PyTuple_New(cols);
        if (edge == NULL)
            goto done;
        Py_DECREF(edges[s]);
        edges[s] = edge;
        for (int c = 0; c < cols; c++) {
            PyObject *pair = PAIRS[w->sent_tile[s][c]][w->sent[s][c]];
            Py_INCREF(pair);
            PyTuple_SET_ITEM(edge, c, pair);
        }
    }
    int changed = 0;
    for (int i = 0; i < w->nown; i++)
        changed += w->digits[w->own[i]] != w->start_digits[w->own[i]];
    assigned = PyTuple_New(changed);
    if (assigned == NULL)
        goto done;
    for (int i = 0, j = 0; i < w->nown; i++) {
        int k = w->own[i];
        if (w->digits[k] == w->start_digits[k])
            continue;
        PyObject *pair = Py_BuildValue("(ii)", k, w->digits[k]);
        if (pair == NULL)
            goto done;
        PyTuple_SET_ITEM(assigned, j++, pair);
    }
    numbers = PyTuple_New(w->nnumbers);
    if (numbers == NULL)
        goto done;
    for (int i = 0; i < w->nnumbers; i++) {
        PyObject *n = PyLong_FromUnsignedLongLong(w->numbers[i]);
        if (n == NULL)
            goto done;
        PyTuple_SET_ITEM(numbers, i, n);
    }
    way = PyTuple_Pack(5, cells, edges[UP], edges[DOWN], assigned, numbers);
    if (way == NULL || PyDict_SetItem(w->out, way, Py_None) < 0)
        goto done;
    status = PyDict_GET_SIZE(w->out) == w->most ? ENOUGH : 0;
done:
    Py_XDECREF(cells);
    Py_XDECREF(edges[UP]);
    Py_XDECREF(edges[DOWN]);
    Py_XDECREF(assigned);
    Py_XDECREF(numbers);
    Py_XDECREF(way);
    return status;
}

/* rows.RowFill._leftover_splits as a range: the ups to try (down = leftover - up); none if first > last. */
static void leftover_splits(const Walk *w, int c, int leftover, int *first, int *last) {
    int up_ok = w->can_cross[UP][c], down_ok = w->can_cross[DOWN][c];
    if (up_ok && down_ok) {
        *first = 0;
        *last = leftover;
    } else if (up_ok || down_ok || !leftover) {
        *first = *last = up_ok ? leftover : 0;
    } else {
        *first = 1;
        *last = 0;
    }
}

static void send(Walk *w, int c, int up, int down) {
    w->sent_tile[UP][c] = w->sent_tile[DOWN][c] = 1;
    w->sent[UP][c] = up;
    w->sent[DOWN][c] = down;
}

static int finish(Walk *w, int carry) {
    int c = w->cols - 1;
    if (!w->tile[c])
        return carry ? 0 : record(w);
    int first, last;
    leftover_splits(w, c, carry, &first, &last);
    for (int up = first; up <= last; up++) {
        if (!room_below(w, c, carry - up))
            continue;
        send(w, c, up, carry - up);
        int alive = 1;
        for (int i = 0; i < w->nfilters && alive; i++) {
            int s = w->filter_side[i];
            alive = meets(w->alive[s], tile_mask(w, s, c, w->sent[s][c]), w->words[s]);
        }
        if (alive) {
            int status = record(w);
            if (status)
                return status;
        }
    }
    return 0;
}

static int tile(Walk *w, int c, int need_left) {
    int known = w->known_amount[UP][c] + w->known_amount[DOWN][c];
    int k = w->region[c];
    if (w->digits[k]) {
        int rest = w->digits[k] - known - need_left;
        w->cells[c] = 0;
        return rest >= 0 ? column(w, c + 1, rest, 0) : 0;
    }
    int tried[9], n = choices(w, k, tried);
    if (n < 0)
        return FAILED;
    for (int i = 0; i < n; i++) {
        int d = tried[i], rest = d - known - need_left;
        if (rest < 0)
            continue;
        w->digits[k] = d;
        w->cells[c] = 0;
        int status = column(w, c + 1, rest, 0);
        w->digits[k] = 0;
        if (status)
            return status;
    }
    return 0;
}

static int put_digit(Walk *w, int c, uint64_t prefix, int k, int length, int v, const int needs[3]) {
    w->cells[c] = v;
    uint64_t number = prefix * 10 + (uint64_t)v;
    if (k < length)
        return column(w, c + 1, needs[2], number);
    for (int i = 0; i < w->nnumbers; i++)
        if (w->numbers[i] == number)
            return 0;
    w->numbers[w->nnumbers++] = number;
    int status = column(w, c + 1, needs[2], 0);
    w->nnumbers--;
    return status;
}

static int place(Walk *w, int c, uint64_t prefix, int k, int length, int v, const int needs[3]) {
    int status = count_step(w, 1);
    if (status)
        return status;
    w->sent_tile[UP][c] = w->sent_tile[DOWN][c] = 0;
    w->sent[UP][c] = needs[UP];
    w->sent[DOWN][c] = needs[DOWN];
    if (!w->nfilters)
        return put_digit(w, c, prefix, k, length, v, needs);
    Py_ssize_t up_words = w->words[UP], down_words = w->words[DOWN];
    uint64_t *saved = w->saved + (Py_ssize_t)c * (up_words + down_words);
    memcpy(saved, w->alive[UP], up_words * sizeof(uint64_t));
    memcpy(saved + up_words, w->alive[DOWN], down_words * sizeof(uint64_t));
    for (int i = 0; i < w->nfilters; i++) {
        int s = w->filter_side[i];
        const uint64_t *cell = cell_mask(w, s, c, needs[s]);
        const uint64_t *left = c > 0 && w->tile[c - 1] ? tile_mask(w, s, c - 1, w->sent[s][c - 1]) : NULL;
        uint64_t any = 0;
        for (Py_ssize_t j = 0; j < w->words[s]; j++) {
            uint64_t mask = w->alive[s][j] & cell[j];
            if (left != NULL)
                mask &= left[j];
            w->alive[s][j] = mask;
            any |= mask;
        }
        if (!any) {
            status = 0;
            goto restore;
        }
    }
    status = put_digit(w, c, prefix, k, length, v, needs);
restore:
    memcpy(w->alive[UP], saved, up_words * sizeof(uint64_t));
    memcpy(w->alive[DOWN], saved + up_words, down_words * sizeof(uint64_t));
    return status;
}

static int take(Walk *w, int c, uint64_t prefix, int k, int length, int v, int leftover, const int needs[3]) {
    if (!(c > 0 && w->tile[c - 1]))
        return place(w, c, prefix, k, length, v, needs);
    int first, last;
    leftover_splits(w, c - 1, leftover, &first, &last);
    for (int up = first; up <= last; up++) {
        if (!room_below(w, c - 1, leftover - up))
            continue;
        send(w, c - 1, up, leftover - up);
        int status = place(w, c, prefix, k, length, v, needs);
        if (status)
            return status;
    }
    return 0;
}

static int across_cap(Walk *w, int s, int c) {
    if (!w->has_across[s] || !w->can_cross[s][c])
        return 0;
    if (c > 0 && !w->tile[c - 1] && w->sent[s][c - 1])
        return 0;
    int cap = w->digits[w->across[s][c]];
    if (!cap)
        cap = 9;
    if (w->filter[s] != NULL)
        while (cap && !meets(w->alive[s], cell_mask(w, s, c, cap), w->words[s]))
            cap--;
    return cap;
}

static int splits(Walk *w, int c, uint64_t prefix, int k, int length, int v, int extra, int available,
                  int cap_up, int cap_down) {
    int left_tile = c > 0 && w->tile[c - 1];
    int must_take = left_tile && !(w->can_cross[UP][c - 1] || w->can_cross[DOWN][c - 1]) ? available : 0;
    int right_tile = c + 1 < w->cols && w->tile[c + 1];
    int most_taken = available < extra ? available : extra;
    for (int taken = must_take; taken <= most_taken; taken++) {
        int rest = extra - taken;
        if (rest > cap_up + cap_down && !right_tile)
            continue;
        int most_up = rest < cap_up ? rest : cap_up;
        for (int up = 0; up <= most_up; up++) {
            int status = 0;
            if (right_tile) {
                int most_down = rest - up < cap_down ? rest - up : cap_down;
                for (int down = 0; down <= most_down && !status; down++) {
                    int needs[3] = {up, down, rest - up - down};
                    status = take(w, c, prefix, k, length, v, available - taken, needs);
                }
            } else if (rest - up <= cap_down) {
                int needs[3] = {up, rest - up, 0};
                status = take(w, c, prefix, k, length, v, available - taken, needs);
            }
            if (status)
                return status;
        }
    }
    return 0;
}

/* One base digit of cell c (its region's digit), as the loop body of rows.RowFill._cell. */
static int cell_base(Walk *w, int c, int base, int available, int k, int length, uint64_t prefix) {
    int known_in = w->known_in[c], status;
    uint64_t head = prefix * 10;
    if (w->lit[c]) {
        if (known_in)
            return 0;
        int ok = test(w, head + (uint64_t)base, k, length);
        if (ok <= 0)
            return ok;
        int needs[3] = {0, 0, 0};
        return take(w, c, prefix, k, length, base, available, needs);
    }
    int lowest = base + known_in;
    if ((status = count_step(w, 10 - lowest)))
        return status;
    int cap_up = across_cap(w, UP, c), cap_down = across_cap(w, DOWN, c);
    int values[10], n = 0;
    for (int v = lowest; v < 10; v++)
        values[n++] = v;
    if (w->getrandbits != NULL && shuffle(w, values, n) < 0)
        return FAILED;
    for (int i = 0; i < n; i++) {
        int v = values[i], ok = test(w, head + (uint64_t)v, k, length);
        if (ok < 0)
            return FAILED;
        if (ok && (status = splits(w, c, prefix, k, length, v, v - lowest, available, cap_up, cap_down)))
            return status;
    }
    return 0;
}

static int cell(Walk *w, int c, int carry, uint64_t prefix) {
    int available = c > 0 && w->tile[c - 1] ? carry : 0;
    int k = c - w->run_start[c] + 1, length = w->run_length[c];
    int region = w->region[c];
    if (w->digits[region])
        return cell_base(w, c, w->digits[region], available, k, length, prefix);
    int tried[9], n = choices(w, region, tried);
    if (n < 0)
        return FAILED;
    for (int i = 0; i < n; i++) {
        int d = tried[i];
        w->digits[region] = d;
        int status = cell_base(w, c, d, available, k, length, prefix);
        w->digits[region] = 0;
        if (status)
            return status;
    }
    return 0;
}

static int column(Walk *w, int c, int carry, uint64_t prefix) {
    int status = count_step(w, 1);
    if (status)
        return status;
    if (c == w->cols)
        return finish(w, carry);
    if (w->tile[c])
        return tile(w, c, carry);
    return cell(w, c, carry, prefix);
}

/* ------------------------------------------------------------------------------------------ */
/* Sketches: the walk of sketch.sketches */

typedef struct {
    int cols, nregions, lit[MAX_COLS], can_take[MAX_COLS], region[MAX_COLS];
    int tile[MAX_COLS + 1], run_start[MAX_COLS], run_length[MAX_COLS];
    int digits[MAX_REGIONS], cells[MAX_COLS];
    uint64_t made[MAX_COLS];
    int nmade;
    PyObject *neighbours, *tester, *out;
    Memo *memo;
    long long steps, cap;
} Sketching;

static int sketch_record(Sketching *k) {
    PyObject *cells = PyTuple_New(k->cols), *digits = PyTuple_New(k->nregions), *found = NULL;
    int status = FAILED;
    if (cells == NULL || digits == NULL)
        goto done;
    for (int c = 0; c < k->cols; c++) {
        PyObject *v = k->tile[c] ? Py_None : PyLong_FromLong(k->cells[c]);
        if (v == NULL)
            goto done;
        if (v == Py_None)
            Py_INCREF(v);
        PyTuple_SET_ITEM(cells, c, v);
    }
    for (int j = 0; j < k->nregions; j++) {
        PyObject *d = PyLong_FromLong(k->digits[j]);
        if (d == NULL)
            goto done;
        PyTuple_SET_ITEM(digits, j, d);
    }
    found = PyTuple_Pack(2, cells, digits);
    if (found == NULL || PyList_Append(k->out, found) < 0)
        goto done;
    status = PyList_GET_SIZE(k->out) > k->cap ? OVER_BUDGET : 0;
done:
    Py_XDECREF(cells);
    Py_XDECREF(digits);
    Py_XDECREF(found);
    return status;
}

static int sketch_walk(Sketching *k, int c, uint64_t prefix);

/* One digit of cell c's region (the loop body of sketch.sketches' walk). */
static int sketch_base(Sketching *k, int c, int d, uint64_t prefix) {
    if (k->tile[c])
        return sketch_walk(k, c + 1, 0);
    int beside = (c > 0 && k->tile[c - 1]) || (c + 1 < k->cols && k->tile[c + 1]);
    int top = k->lit[c] || !(beside || k->can_take[c]) ? d : 9;
    int at = c - k->run_start[c] + 1, length = k->run_length[c];
    for (int v = d; v <= top; v++) {
        uint64_t number = prefix * 10 + (uint64_t)v;
        int ok = k->memo != NULL ? memo_answer(k->memo, number, at, length) : call_test(k->tester, number, at, length);
        if (ok < 0)
            return FAILED;
        if (!ok)
            continue;
        k->cells[c] = v;
        int status = 0;
        if (at < length) {
            status = sketch_walk(k, c + 1, number);
        } else {
            int used = 0;
            for (int i = 0; i < k->nmade && !used; i++)
                used = k->made[i] == number;
            if (!used) {
                k->made[k->nmade++] = number;
                status = sketch_walk(k, c + 1, 0);
                k->nmade--;
            }
        }
        if (status)
            return status;
    }
    return 0;
}

static int sketch_walk(Sketching *k, int c, uint64_t prefix) {
    if (--k->steps <= 0)
        return OVER_BUDGET;
    if (c == k->cols)
        return sketch_record(k);
    int region = k->region[c];
    if (k->digits[region])
        return sketch_base(k, c, k->digits[region], prefix);
    int allowed = free_digits(k->neighbours, k->nregions, k->digits, region);
    if (allowed < 0)
        return FAILED;
    for (int d = 1; d <= 9; d++) {
        if (!(allowed >> d & 1))
            continue;
        k->digits[region] = d;
        int status = sketch_base(k, c, d, prefix);
        k->digits[region] = 0;
        if (status)
            return status;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Reading the arguments */

static int read_ints(PyObject *seq, int *into, Py_ssize_t n, const char *what) {
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected a tuple of %zd", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        into[i] = (int)v;
    }
    return 0;
}

static int read_pair(PyObject *pair, const char *what) {
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
        PyErr_Format(PyExc_ValueError, "%s: expected a pair", what);
        return -1;
    }
    return 0;
}

/* 0 if every region digit is 0 (not chosen) to 9, else -1 with an exception set. */
static int check_digits(const int *digits, int n) {
    for (int i = 0; i < n; i++)
        if (digits[i] < 0 || digits[i] > 9) {
            PyErr_SetString(PyExc_ValueError, "digits: a region digit is 0 (not chosen) to 9");
            return -1;
        }
    return 0;
}

static int read_setting(Walk *w, PyObject *const *a) {
    int cols = w->cols;
    if (read_ints(a[1], w->region, cols, "region") < 0 || read_ints(a[2], w->lit, cols, "lit") < 0)
        return -1;
    w->neighbours = a[3];
    if (!PyTuple_Check(w->neighbours) || PyTuple_GET_SIZE(w->neighbours) > MAX_REGIONS) {
        PyErr_SetString(PyExc_ValueError, "neighbours: expected a tuple of at most 4096 regions");
        return -1;
    }
    w->nregions = (int)PyTuple_GET_SIZE(w->neighbours);
    if (read_pair(a[4], "across_region") < 0 || read_pair(a[5], "can_cross") < 0 || read_pair(a[7], "known") < 0 ||
        read_pair(a[8], "open") < 0 || read_pair(a[9], "filters") < 0)
        return -1;
    for (int s = UP; s <= DOWN; s++) {
        PyObject *across = PyTuple_GET_ITEM(a[4], s), *known = PyTuple_GET_ITEM(a[7], s);
        w->has_across[s] = across != Py_None;
        if (w->has_across[s] && read_ints(across, w->across[s], cols, "across_region") < 0)
            return -1;
        if (read_ints(PyTuple_GET_ITEM(a[5], s), w->can_cross[s], cols, "can_cross") < 0)
            return -1;
        if (known != Py_None && (!PyTuple_Check(known) || PyTuple_GET_SIZE(known) != cols)) {
            PyErr_SetString(PyExc_ValueError, "known: expected an edge of a pair per column, or None");
            return -1;
        }
        for (int c = 0; c < cols; c++) {
            w->known_amount[s][c] = 0;
            if (known == Py_None)
                continue;
            PyObject *pair = PyTuple_GET_ITEM(known, c);
            if (read_pair(pair, "known edge") < 0)
                return -1;
            w->known_amount[s][c] = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
        }
        w->open[s] = PyObject_IsTrue(PyTuple_GET_ITEM(a[8], s));
    }
    if (read_ints(a[6], w->known_in, cols, "known_in") < 0)
        return -1;
    w->nfilters = 0;
    for (int s = UP; s <= DOWN; s++) {
        PyObject *f = PyTuple_GET_ITEM(a[9], s);
        Py_ssize_t masks = 1 + 20 * (Py_ssize_t)cols, size = PyBytes_Check(f) ? PyBytes_GET_SIZE(f) : 0;
        w->filter[s] = NULL;
        w->words[s] = 0;
        if (f == Py_None)
            continue;
        if (size == 0 || size % ((Py_ssize_t)sizeof(uint64_t) * masks)) {
            PyErr_SetString(PyExc_ValueError, "filters: expected the bytes of Filter.words");
            return -1;
        }
        w->filter[s] = (const uint64_t *)PyBytes_AS_STRING(f);
        w->words[s] = size / ((Py_ssize_t)sizeof(uint64_t) * masks);
        w->filter_side[w->nfilters++] = s;
    }
    w->tester = a[10];
    w->memo = PyObject_TypeCheck(a[10], &MemoType) ? (Memo *)a[10] : NULL;
    if (!PyTuple_Check(a[11]) || PyTuple_GET_SIZE(a[11]) > cols) {
        PyErr_SetString(PyExc_ValueError, "own_regions: expected a tuple");
        return -1;
    }
    w->nown = (int)PyTuple_GET_SIZE(a[11]);
    if (read_ints(a[11], w->own, w->nown, "own_regions") < 0 ||
        read_ints(a[13], w->start_digits, w->nregions, "digits") < 0 || check_digits(w->start_digits, w->nregions) < 0)
        return -1;
    for (int i = 0; i < w->nown; i++)
        if (w->own[i] < 0 || w->own[i] >= w->nregions) {
            PyErr_SetString(PyExc_ValueError, "own_regions: a region index out of range");
            return -1;
        }
    for (int c = 0; c < cols; c++)
        if (w->region[c] < 0 || w->region[c] >= w->nregions ||
            (w->has_across[UP] && (w->across[UP][c] < 0 || w->across[UP][c] >= w->nregions)) ||
            (w->has_across[DOWN] && (w->across[DOWN][c] < 0 || w->across[DOWN][c] >= w->nregions))) {
            PyErr_SetString(PyExc_ValueError, "a region index out of range");
            return -1;
        }
    return PyErr_Occurred() ? -1 : 0;
}

/* The layout of a placement (its tile mask) with its runs, as rows.runs_of gives them. */
static int read_layout(PyObject *placement, int cols, int *tile, int *run_start, int *run_length) {
    if (!PyTuple_Check(placement) || PyTuple_GET_SIZE(placement) < 4) {
        PyErr_SetString(PyExc_ValueError, "placements: expected rowtypes.Placement tuples");
        return -1;
    }
    long long mask = PyLong_AsLongLong(PyTuple_GET_ITEM(placement, 3));
    if (mask == -1 && PyErr_Occurred())
        return -1;
    for (int c = 0; c < cols; c++)
        tile[c] = (int)(mask >> c & 1);
    for (int c = 0; c < cols;) {
        if (tile[c]) {
            run_start[c] = run_length[c] = 0;
            c++;
            continue;
        }
        int end = c;
        while (end < cols && !tile[end])
            end++;
        for (int j = c; j < end; j++) {
            run_start[j] = c;
            run_length[j] = end - c;
        }
        c = end;
    }
    return 0;
}

/* The row below of the shuffled walk and the filter shuffled._below makes of it: per layout it may
 * have, a cell there takes what its region's digit leaves room for (8 if not chosen yet, nothing
 * if highlighted), a tile there gives at most its region's digit. */
static int read_below(Walk *w, PyObject *below) {
    int cols = w->cols, lit[MAX_COLS], tile[MAX_COLS], start[MAX_COLS], length[MAX_COLS];
    if (below == Py_None)
        return 0;
    PyObject *placements = PyTuple_Check(below) && PyTuple_GET_SIZE(below) == 3 ? PyTuple_GET_ITEM(below, 1) : NULL;
    if (placements == NULL || !PyTuple_Check(placements) || w->nfilters) {
        PyErr_SetString(PyExc_ValueError, "below: expected (regions, placements, lit) and no filters");
        return -1;
    }
    if (read_ints(PyTuple_GET_ITEM(below, 0), w->below, cols, "below regions") < 0 ||
        read_ints(PyTuple_GET_ITEM(below, 2), lit, cols, "below lit") < 0)
        return -1;
    for (int c = 0; c < cols; c++)
        if (w->below[c] < 0 || w->below[c] >= w->nregions) {
            PyErr_SetString(PyExc_ValueError, "below: a region index out of range");
            return -1;
        }
    Py_ssize_t n = PyTuple_GET_SIZE(placements), words = n / 64 + 1, masks = 1 + 20 * (Py_ssize_t)cols;
    uint64_t *f = w->below_filter = PyMem_Calloc((size_t)(masks * words), sizeof(uint64_t));
    if (f == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        f[i / 64] |= 1ULL << (i % 64);  /* everything */
    for (Py_ssize_t i = 0; i < n; i++) {
        if (read_layout(PyTuple_GET_ITEM(placements, i), cols, tile, start, length) < 0)
            return -1;
        for (int c = 0; c < cols; c++) {
            int d = w->start_digits[w->below[c]], room = lit[c] ? 0 : (d ? 9 - d : 8), most = d ? d : 9;
            uint64_t bit = 1ULL << (i % 64);
            uint64_t *tile_at = f + words * (1 + (Py_ssize_t)c * 10) + i / 64;
            uint64_t *cell_at = f + words * (1 + (Py_ssize_t)cols * 10 + (Py_ssize_t)c * 10) + i / 64;
            cell_at[0] |= bit;
            for (int a = 1; a <= 9 && tile[c]; a++)
                if (a <= most)
                    cell_at[words * a] |= bit;
            for (int a = 0; a <= room && !tile[c]; a++)
                tile_at[words * a] |= bit;
        }
    }
    w->has_below = 1;
    w->filter[DOWN] = f;
    w->words[DOWN] = words;
    w->filter_side[w->nfilters++] = DOWN;
    return 0;
}

static PyObject *fill(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 17 && nargs != 19) {
        PyErr_SetString(PyExc_TypeError, "fill takes 17 arguments, or 19 for the shuffled walk");
        return NULL;
    }
    Walk *w = PyMem_Calloc(1, sizeof(Walk));
    if (w == NULL)
        return PyErr_NoMemory();
    PyObject *result = NULL;
    w->cols = (int)PyLong_AsLong(args[0]);
    if (w->cols < 1 || w->cols > MAX_COLS) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "fill walks rows of 1 to %d columns", MAX_COLS);
        goto done;
    }
    if (read_setting(w, args) < 0)
        goto done;
    if (nargs == 19 && ((w->getrandbits = PyObject_GetAttrString(args[17], "getrandbits")) == NULL ||
                        read_below(w, args[18]) < 0))
        goto done;
    PyObject *placements = args[12], *steps_list = args[14];
    if (!PyList_Check(placements) || !PyList_Check(steps_list) || PyList_GET_SIZE(steps_list) != 1 ||
        !PyDict_Check(args[16])) {
        PyErr_SetString(PyExc_TypeError, "fill: placements and steps are lists, out a dict");
        goto done;
    }
    w->steps = PyLong_AsLongLong(PyList_GET_ITEM(steps_list, 0));
    w->most = PyLong_AsLongLong(args[15]);
    w->out = args[16];
    if (PyErr_Occurred())
        goto done;
    w->alive[UP] = PyMem_Calloc((size_t)w->words[UP] + 1, sizeof(uint64_t));
    w->alive[DOWN] = PyMem_Calloc((size_t)w->words[DOWN] + 1, sizeof(uint64_t));
    w->saved = PyMem_Calloc((size_t)((w->words[UP] + w->words[DOWN]) * w->cols) + 1, sizeof(uint64_t));
    if (w->alive[UP] == NULL || w->alive[DOWN] == NULL || w->saved == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int status = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(placements) && !status; i++) {
        if (read_layout(PyList_GET_ITEM(placements, i), w->cols, w->tile, w->run_start, w->run_length) < 0) {
            status = FAILED;
            break;
        }
        memcpy(w->digits, w->start_digits, sizeof(int) * (size_t)w->nregions);
        for (int s = UP; s <= DOWN; s++) {
            if (w->filter[s] != NULL)
                memcpy(w->alive[s], w->filter[s], sizeof(uint64_t) * (size_t)w->words[s]);
            memset(w->sent_tile[s], 0, sizeof w->sent_tile[s]);
            memset(w->sent[s], 0, sizeof w->sent[s]);
        }
        w->nnumbers = 0;
        status = column(w, 0, 0, 0);
    }
    PyObject *left = PyLong_FromLongLong(w->steps);
    if (left == NULL || PyList_SetItem(steps_list, 0, left) < 0 || status == FAILED)
        goto done;
    result = PyLong_FromLong(status);
done:
    PyMem_Free(w->alive[UP]);
    PyMem_Free(w->alive[DOWN]);
    PyMem_Free(w->saved);
    Py_XDECREF(w->getrandbits);
    PyMem_Free(w->below_filter);
    PyMem_Free(w);
    return result;
}

static PyObject *sketches(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "sketches takes 10 arguments");
        return NULL;
    }
    Sketching *k = PyMem_Calloc(1, sizeof(Sketching));
    if (k == NULL)
        return PyErr_NoMemory();
    PyObject *result = NULL, *placements = args[1];
    k->cols = (int)PyLong_AsLong(args[0]);
    if (k->cols < 1 || k->cols > MAX_COLS) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "sketches walks rows of 1 to %d columns", MAX_COLS);
        goto done;
    }
    k->neighbours = args[5];
    if (!PyList_Check(placements) || !PyTuple_Check(k->neighbours) || PyTuple_GET_SIZE(k->neighbours) > MAX_REGIONS) {
        PyErr_SetString(PyExc_TypeError, "sketches: placements is a list, neighbours a tuple of at most 4096");
        goto done;
    }
    k->nregions = (int)PyTuple_GET_SIZE(k->neighbours);
    if (read_ints(args[2], k->region, k->cols, "region") < 0 || read_ints(args[3], k->lit, k->cols, "lit") < 0 ||
        read_ints(args[4], k->can_take, k->cols, "can_take") < 0 ||
        read_ints(args[7], k->digits, k->nregions, "digits") < 0 || check_digits(k->digits, k->nregions) < 0)
        goto done;
    for (int c = 0; c < k->cols; c++)
        if (k->region[c] < 0 || k->region[c] >= k->nregions) {
            PyErr_SetString(PyExc_ValueError, "a region index out of range");
            goto done;
        }
    k->tester = args[6];
    k->memo = PyObject_TypeCheck(args[6], &MemoType) ? (Memo *)args[6] : NULL;
    k->steps = PyLong_AsLongLong(args[8]);
    k->cap = PyLong_AsLongLong(args[9]);
    if (PyErr_Occurred() || (k->out = PyList_New(0)) == NULL)
        goto done;
    int status = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(placements) && !status; i++) {
        if (read_layout(PyList_GET_ITEM(placements, i), k->cols, k->tile, k->run_start, k->run_length) < 0) {
            status = FAILED;
            break;
        }
        k->nmade = 0;
        status = sketch_walk(k, 0, 0);
    }
    if (status == FAILED)
        goto done;
    if (status == OVER_BUDGET) {
        result = Py_None;
        Py_INCREF(result);
    } else {
        result = k->out;
        Py_INCREF(result);
    }
done:
    Py_XDECREF(k->out);
    PyMem_Free(k);
    return result;
}

static PyMethodDef methods[] = {
    {"sketches", (PyCFunction)(void (*)(void))sketches, METH_FASTCALL,
     "sketch.sketches over these placements: the list of sketches, or None past the budget or the cap."},
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL, "The ways of one row (see the module's comment)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_walk", "The Number Cross row walk, compiled (see rows.py).", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__walk(void) {
    if (PyType_Ready(&MemoType) < 0)
        return NULL;
    for (int tile = 0; tile < 2; tile++)
        for (int a = 0; a < 10; a++)
            if ((PAIRS[tile][a] = Py_BuildValue("(Oi)", tile ? Py_True : Py_False, a)) == NULL)
                return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    Py_INCREF(&MemoType);
    if (PyModule_AddObject(m, "Memo", (PyObject *)&MemoType) < 0 || PyModule_AddIntConstant(m, "MAX_COLS", MAX_COLS) < 0 ||
        PyModule_AddIntConstant(m, "ENOUGH", ENOUGH) < 0 || PyModule_AddIntConstant(m, "OVER_BUDGET", OVER_BUDGET) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
