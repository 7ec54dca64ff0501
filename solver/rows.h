/* The rows a compiled search keeps, shared by the packing searches (solver/packing/search.h) and the nets
 * search (solver/nets/_search.c): the rows of what it found, one after the other, as int32 ids. */
#ifndef FOLDKIT_ROWS_H
#define FOLDKIT_ROWS_H

#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The rows kept, one after the other; failed: memory ran out. */
typedef struct {
    int32_t *data;
    Py_ssize_t size, capacity;
    int failed;
} Rows;

static inline void rows_push(Rows *rows, const int32_t *row, int n) {
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

#endif
