/* What the packing searches (_core.c, _sparse.c, _front.c: three extension modules, one per kind of target)
 * keep alike: the control array they share with Python and with each other's threads, the tally of what a
 * search found (the packings counted, their stabilisers, the rows kept), the test of whether to stop, and
 * search()'s optional arguments with the tuple it returns. All static inline: the stop test runs at every node,
 * and a module that does not use one draws no unused-function warning. */
#ifndef FOLDKIT_PACKING_SEARCH_H
#define FOLDKIT_PACKING_SEARCH_H

#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

#include "../rows.h"  /* Rows, rows_push */

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* control's slots, as engine.py's Counting names them: [STOP] 0 run, 1 interrupted (the caller sets it), 2 the
 * limit was reached; [COUNTED] packings counted (each adds its weight); [OFFERED] rows offered for keeping. */
enum { RUN = 0, INTERRUPTED = 1, LIMITED = 2 };
enum { STOP, COUNTED, OFFERED, CONTROL_SIZE };
enum { SIGNAL_EVERY = 1 << 14 };  /* placements between two looks at Python's signal handlers */

/* search()'s optional arguments, the same in every packing search (see _core.c's header comment). */
typedef struct {
    long long limit, max_nodes, keep, weight;
    Py_buffer group, chosen, control;
    int check_signals;
} Options;

#define OPTION_KEYWORDS "limit", "max_nodes", "keep", "weight", "group", "chosen", "control", "check_signals"
#define OPTION_FORMAT "LLLLy*y*w*p"
#define OPTION_TARGETS(o) \
    &(o).limit, &(o).max_nodes, &(o).keep, &(o).weight, &(o).group, &(o).chosen, &(o).control, &(o).check_signals

static inline Options default_options(void) {
    Options options = {0};
    options.keep = -1;
    options.weight = 1;
    return options;
}

/* What one search has found, and what stops it. */
typedef struct {
    long long packings, nodes, limit, max_nodes, keep, weight, stabilisers;
    int finished, interrupted, check_signals;
    int64_t *control;                   /* the caller's, or own_control */
    int64_t own_control[CONTROL_SIZE];
    const int32_t *group;               /* ngroup rows of nplacements images */
    int ngroup, nplacements;
    const int32_t *chosen;              /* the placements made before the search, nchosen of them */
    int nchosen;
    uint8_t *in_row;                    /* per placement: whether it is in the packing being counted */
    PyThreadState *thread;              /* the released thread state while the search runs */
    Rows rows;
} Tally;

/* The tally of a search with these options over nplacements placements; -1 with MemoryError set. */
static inline int tally_start(Tally *tally, const Options *options, int nplacements) {
    tally->limit = options->limit;
    tally->max_nodes = options->max_nodes;
    tally->keep = options->keep;
    tally->weight = options->weight;
    tally->check_signals = options->check_signals;
    tally->control = options->control.buf ? (int64_t *)options->control.buf : tally->own_control;
    tally->nplacements = nplacements;
    tally->group = options->group.buf;
    tally->ngroup = nplacements ? (int)(options->group.len / 4 / nplacements) : 0;
    tally->chosen = options->chosen.buf;
    tally->nchosen = (int)(options->chosen.len / 4);
    tally->in_row = calloc((size_t)nplacements + 1, 1);
    if (!tally->in_row) { PyErr_NoMemory(); return -1; }
    for (int k = 0; k < tally->nchosen; k++) tally->in_row[tally->chosen[k]] = 1;
    return 0;
}

/* Whether a symmetry (image: placement id -> its image) maps every placement of list[0 .. n) to a placement of
 * the packing (in_row: per placement, whether it is in the packing). */
static inline int maps_into(const uint8_t *in_row, const int32_t *image, const int32_t *list, int n) {
    for (int k = 0; k < n; k++)
        if (!in_row[image[list[k]]]) return 0;
    return 1;
}

/* How many symmetries map the packing (the placements chosen before, then row[0 .. n)) onto itself
 * (1 without a group: the identity). */
static inline long long tally_stabiliser(Tally *tally, const int32_t *row, int n) {
    if (!tally->ngroup) return 1;
    long long fixed = 0;
    for (int k = 0; k < n; k++) tally->in_row[row[k]] = 1;
    for (int g = 0; g < tally->ngroup; g++) {
        const int32_t *image = tally->group + (size_t)g * (size_t)tally->nplacements;
        fixed += maps_into(tally->in_row, image, row, n) && maps_into(tally->in_row, image, tally->chosen,
                                                                      tally->nchosen);
    }
    for (int k = 0; k < n; k++) tally->in_row[row[k]] = 0;
    return fixed;
}

/* A packing found (row[0 .. n)): count it (in control too), keep its row while there is room; whether to stop. */
static inline int tally_found(Tally *tally, const int32_t *row, int n) {
    tally->packings++;
    tally->stabilisers += tally_stabiliser(tally, row, n);
    if (tally->keep < 0 || __atomic_fetch_add(&tally->control[OFFERED], 1, __ATOMIC_RELAXED) < tally->keep)
        rows_push(&tally->rows, row, n);
    long long counted = __atomic_add_fetch(&tally->control[COUNTED], tally->weight, __ATOMIC_RELAXED);
    if (tally->limit && counted >= tally->limit) {
        int64_t running = RUN;
        __atomic_compare_exchange_n(&tally->control[STOP], &running, LIMITED, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        return 1;
    }
    return tally->rows.failed;
}

/* Ctrl-C: take the GIL back and let Python run its signal handlers; whether one raised. */
static inline int tally_interrupted(Tally *tally) {
    PyEval_RestoreThread(tally->thread);
    tally->interrupted = PyErr_CheckSignals() != 0;
    tally->thread = PyEval_SaveThread();
    if (tally->interrupted) __atomic_store_n(&tally->control[STOP], INTERRUPTED, __ATOMIC_RELAXED);
    return tally->interrupted;
}

/* Whether to stop before the next placement: the node budget, the shared stop flag, or Ctrl-C. */
static ALWAYS_INLINE int tally_should_stop(Tally *tally) {
    if (tally->max_nodes && tally->nodes >= tally->max_nodes) return 1;
    if (__atomic_load_n(&tally->control[STOP], __ATOMIC_RELAXED) != RUN) return 1;
    return tally->check_signals && tally->nodes % SIGNAL_EVERY == 0 && tally_interrupted(tally);
}

/* The search runs without the GIL, so that threads run several at once. */
static inline void tally_release_gil(Tally *tally) { tally->thread = PyEval_SaveThread(); }
static inline void tally_take_gil(Tally *tally) { PyEval_RestoreThread(tally->thread); }

/* search()'s answer: (bytes: int32 rows of placement ids, one per packing kept, in the order placed; packings
 * found; nodes; finished; the sum of the packings' stabiliser sizes); NULL with the exception set when a signal
 * handler raised or memory ran out. */
static inline PyObject *tally_result(const Tally *tally) {
    if (tally->interrupted) return NULL;  /* the signal handler's exception is set */
    if (tally->rows.failed) return PyErr_NoMemory();
    PyObject *data = PyBytes_FromStringAndSize((const char *)tally->rows.data,
                                               tally->rows.size * (Py_ssize_t)sizeof(int32_t));
    if (!data) return NULL;
    return Py_BuildValue("NLLOL", data, tally->packings, tally->nodes, tally->finished ? Py_True : Py_False,
                         tally->stabilisers);
}

/* Free what the tally holds, and release the options' buffers. */
static inline void tally_release(Tally *tally, Options *options) {
    free(tally->rows.data);
    free(tally->in_row);
    if (options->group.obj) PyBuffer_Release(&options->group);
    if (options->chosen.obj) PyBuffer_Release(&options->chosen);
    if (options->control.obj) PyBuffer_Release(&options->control);
}

#endif
