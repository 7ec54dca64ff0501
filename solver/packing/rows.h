/* What the packing searches (_core.c, _sparse.c, _front.c: three extension modules, one per kind of target)
 * keep alike: the control array they share with Python and with each other's threads, the rows of the
 * packings they keep, and the test of whether a symmetry maps a packing onto itself. */
#ifndef FOLDKIT_PACKING_ROWS_H
#define FOLDKIT_PACKING_ROWS_H

#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { RUN = 0, INTERRUPTED = 1, LIMITED = 2 };  /* control[STOP]: run on, Ctrl-C, the limit reached */
enum { STOP, COUNTED, OFFERED, CONTROL_SIZE };   /* control's slots (see _core.c's header comment) */

/* The rows of the packings kept, one after the other, as int32 placement ids; failed: memory ran out. */
typedef struct {
    int32_t *data;
    Py_ssize_t size, capacity;
    int failed;
} Rows;

static void rows_push(Rows *rows, const int32_t *row, int n) {
    if (!n) return;  /* a task that is a packing already: nothing to store, and memcpy takes no NULL */
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

/* Whether a symmetry (image: placement id -> its image) maps every placement of list[0 .. n) to a placement of
 * the packing (in_row: per placement, whether it is in the packing). */
static int maps_into(const uint8_t *in_row, const int32_t *image, const int32_t *list, int n) {
    for (int k = 0; k < n; k++)
        if (!in_row[image[list[k]]]) return 0;
    return 1;
}

#endif
