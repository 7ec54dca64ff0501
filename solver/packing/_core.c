/* The packing search's inner loop, compiled: exact cover with multiplicities on bit sets, branching on the
 * most constrained column (an empty cell, or a piece with one copy left).
 *
 * search(ncells, placement_piece, placement_cell_offsets, placement_cells, cell_placement_offsets, cell_placements,
 *        counts, occupied, limit=0, max_nodes=0, keep=-1, weight=1, group=b"", chosen=b"", control=None,
 *        check_signals=False, cell_neighbour_offsets=b"", cell_neighbours=b"")
 *   (named as table.Table names them; table.Table.buffers gives the table's)
 *   ncells                  number of cells of the box
 *   placement_piece         int32[P]: the piece type of each placement
 *   placement_cell_offsets  int32[P + 1]: placement p covers
 *                           placement_cells[placement_cell_offsets[p] .. placement_cell_offsets[p+1]-1]
 *   placement_cells         int32[...]
 *   cell_placement_offsets  int32[ncells + 1]: cell c is covered by
 *                           cell_placements[cell_placement_offsets[c] .. cell_placement_offsets[c+1]-1]
 *   cell_placements         int32[...]: placement ids, by id (a cell's candidates are read from it)
 *   counts         int32[T]: copies left of each type
 *   occupied       uint8[ncells]: cells already filled
 *   limit          stop when control's packing count reaches it (0: no limit)
 *   max_nodes      stop after this many placements made (0: no limit)
 *   keep           keep the rows of packings while control's row count is below it (-1: every row)
 *   group          int32[G * P]: G symmetries, each as placement id -> image; each packing found adds the
 *                  size of its stabiliser (how many of them map it onto itself) to the sum returned
 *   chosen         int32[...]: the placements already made (that filled `occupied`), for the stabilisers
 *   weight         how many packings each packing found stands for (in control's count and the limit)
 *   control        int64[CONTROL_SIZE] shared by searches running at once in threads, read and written
 *                  atomically: [STOP] 0 run, 1 interrupted (the caller sets it), 2 the limit was reached;
 *                  [COUNTED] packings counted (each adds its weight); [OFFERED] rows offered for keeping
 *   cell_neighbour_offsets, cell_neighbours  int32[ncells + 1], int32[...]: cell c shares a face with the
 *                  cells cell_neighbours[cell_neighbour_offsets[c] ..]; absent: no region check
 *   check_signals  from the main thread: every few thousand placements take the GIL back and let Python
 *                  run its signal handlers; a KeyboardInterrupt they raise stops the search and is raised
 * returns (bytes: int32 rows of placement ids, one per packing kept, in the order placed;
 *          packings found; nodes; finished; the sum of the packings' stabiliser sizes)
 *
 * forms(rows, width, group, nplacements) -> bytes: each row's canonical form (see there), for the classes.
 *
 * Only the rows kept are stored, so memory stays bounded however many packings are counted.
 * A placement is live while none of its cells is filled and copies of its piece are left. Each level of
 * the search (the box after d placements) keeps its filled cells as bits and its live placements, grouped
 * by piece: those of the level above that still fit (one AND each), counted per cell in bit-sliced
 * counters (exactly, from the list, when every empty cell has CAP or more). At each node: the box is
 * full (a packing); or some empty cell has no live placement, some piece fewer live placements than
 * copies left, or (with the neighbours given) some region of empty cells a volume that no pieces left
 * add up to (a dead end: in targets of up to 128 cells whose neighbours are a few fixed cell numbers apart, as in
 * a box, each region grows a layer at a time by shifting its bits); or it branches on the lowest empty cell with the fewest live placements,
 * unless a piece with one copy left has fewer still (then on that piece), trying them by id (a cell's from its
 * cover list, which must list them by id, when that is shorter than the level's live list).
 * The search releases the GIL, so threads run several searches at once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"  /* the control array, Options, Tally: what a search found and when it stops */
#include "tables.h"  /* TableArguments: search()'s table, and the checks of its buffers */

typedef unsigned __int128 u128;
enum { MAX_STEPS = 6, SHIFT_CELLS = 128 };  /* regions of targets of at most SHIFT_CELLS cells whose neighbours
                                             * are at most MAX_STEPS distances apart are filled by shifts */
enum { PLANES = 4, CAP = (1 << PLANES) - 1 };  /* live placements counted per cell in bit planes up to CAP; when
                                                  * every empty cell has CAP or more, they are counted exactly (near
                                                  * the top only: the fewest is 2-3 at most nodes, so a fifth plane
                                                  * cost more in every filter than the exact counts it saved) */

typedef struct {
    int ncells, nwords, nplacements, ntypes;
    const int32_t *types, *cell_start, *cells, *cover_start, *cover;
    uint64_t *masks;                 /* per placement, nwords: its cells as bits */
    uint64_t *neighbours;            /* per cell, nwords: the cells sharing a face with it; NULL: no region check */
    int32_t *type_size;              /* per piece: its cubes */
    int nsums;                       /* words of a set of piece-volume sums 0 .. ncells */
    int same_size;                   /* the cubes of every piece, when all have as many; else 0 */
    int nsteps;                      /* distances between neighbours' cell numbers, for shifting bits (0: none) */
    int step[MAX_STEPS];             /* step k: cell c's neighbours include c + step[k] for c in up[k], */
    u128 up[MAX_STEPS], down[MAX_STEPS];  /* and c - step[k] for c in down[k] */
    int32_t *type_start, *type_list; /* piece t: its placements type_list[type_start[t] ..], by id */
} Table;

/* The search's levels: level d is the box after d placements. Each level keeps its filled cells and its live
 * placements (empty cells only, copies of the piece left), grouped by piece; a level's live placements are
 * those of the level above that still fit, so the lists shrink as the box fills. */
typedef struct {
    uint64_t *occ;         /* per level, nwords: filled cells as bits; bits past ncells are set */
    int32_t *counts;       /* per piece: copies left */
    int32_t *live;         /* the live placements of every level, one level after the other */
    size_t live_capacity;
    size_t *live_at;       /* per level: where its live placements start in live */
    int32_t *segment;      /* per level, ntypes + 1: where each piece's live placements start (from live_at) */
    int32_t *cell_count;   /* scratch, per cell: live placements covering it, when counted exactly */
} State;

enum { FULL = -1, DEAD = -2, BY_CELL = 0, BY_PIECE = 1 };

/* Room in live for level d's list (at most as long as the level above's); 0 when memory runs out. */
static int make_room(State *s, size_t need) {
    if (need <= s->live_capacity) return 1;
    size_t capacity = s->live_capacity ? 2 * s->live_capacity : 4096;
    while (capacity < need) capacity *= 2;
    int32_t *grown = realloc(s->live, capacity * sizeof(int32_t));
    if (!grown) return 0;
    s->live = grown;
    s->live_capacity = capacity;
    return 1;
}

/* Add a placement's cells to the bit-sliced per-cell counters (plane k holds bit k of each cell's count). */
static ALWAYS_INLINE void tally_cells(uint64_t *planes, uint64_t *saturated, const uint64_t *mask, const int W) {
    for (int w = 0; w < W; w++) {
        uint64_t carry = mask[w];
        for (int k = 0; k < PLANES; k++) {
            uint64_t next = planes[k * W + w] & carry;
            planes[k * W + w] ^= carry;
            carry = next;
        }
        saturated[w] |= carry;
    }
}

/* One step of the bit-sliced counters: carry enters plane c and what overflows it goes on. */
#define CARRY(c) do { uint64_t over_ = (c) & carry; (c) ^= carry; carry = over_; } while (0)

/* tally_cells for the placements from[0 .. end) that fit, in one or two words of cells, with the counters in
 * registers: those placements go to `to` from n on; returns the new n. In two words, the first pass counts
 * the first word of each and a second pass over those kept the second (four counters a pass stay in registers). */
_Static_assert(PLANES == 4, "filter_words keeps one register per plane: c0 .. c3");
static ALWAYS_INLINE int32_t filter_words(const uint64_t *restrict masks, const uint64_t *occ, const int32_t *from,
                                          const int32_t *end, int32_t *restrict to, int32_t n, uint64_t *planes,
                                          uint64_t *saturated, const int W) {
    const int32_t start = n;
    uint64_t c0 = planes[0], c1 = planes[W], c2 = planes[2 * W], c3 = planes[3 * W];
    uint64_t full = saturated[0];
    const uint64_t low = occ[0], high = W == 2 ? occ[1] : 0;
    for (; from + 1 < end; from += 2) {  /* two at a time: c0 + x + y is c0 + 2 carry, one adder for both */
        int32_t p = from[0], q = from[1];
        uint64_t x = masks[(size_t)p * W], y = masks[(size_t)q * W];
        uint64_t x_other = W == 2 ? masks[(size_t)p * W + 1] : 0, y_other = W == 2 ? masks[(size_t)q * W + 1] : 0;
        uint64_t x_fits = ((x & low) | (x_other & high)) == 0, y_fits = ((y & low) | (y_other & high)) == 0;
        to[n] = p;
        n += (int32_t)x_fits;
        to[n] = q;
        n += (int32_t)y_fits;
        x &= (uint64_t)0 - x_fits;
        y &= (uint64_t)0 - y_fits;
        uint64_t half = c0 ^ x, carry = (c0 & x) | (half & y);
        c0 = half ^ y;
        CARRY(c1); CARRY(c2); CARRY(c3);
        full |= carry;
    }
    if (from < end) {
        int32_t p = *from;
        uint64_t mask = masks[(size_t)p * W], other = W == 2 ? masks[(size_t)p * W + 1] : 0;
        uint64_t fits = ((mask & low) | (other & high)) == 0, carry = mask & ((uint64_t)0 - fits);
        to[n] = p;
        n += (int32_t)fits;
        CARRY(c0); CARRY(c1); CARRY(c2); CARRY(c3);
        full |= carry;
    }
    planes[0] = c0; planes[W] = c1; planes[2 * W] = c2; planes[3 * W] = c3; saturated[0] = full;
    if (W == 2) {
        c0 = planes[1]; c1 = planes[3]; c2 = planes[5]; c3 = planes[7]; full = saturated[1];
        int32_t i = start;
        for (; i + 1 < n; i += 2) {
            uint64_t x = masks[(size_t)to[i] * 2 + 1], y = masks[(size_t)to[i + 1] * 2 + 1];
            uint64_t half = c0 ^ x, carry = (c0 & x) | (half & y);
            c0 = half ^ y;
            CARRY(c1); CARRY(c2); CARRY(c3);
            full |= carry;
        }
        if (i < n) {
            uint64_t carry = masks[(size_t)to[i] * 2 + 1];
            CARRY(c0); CARRY(c1); CARRY(c2); CARRY(c3);
            full |= carry;
        }
        planes[1] = c0; planes[3] = c1; planes[5] = c2; planes[7] = c3; saturated[1] = full;
    }
    return n;
}

/* The empty cells with the fewest live placements (counted up to CAP), into fewest; returns that count. */
static ALWAYS_INLINE int fewest_cells(const uint64_t *occ, const uint64_t *planes, const uint64_t *saturated,
                                      uint64_t *fewest, const int W) {
    uint64_t any = 0;
    for (int w = 0; w < W; w++) any |= fewest[w] = ~occ[w] & ~saturated[w];
    int count = any ? 0 : CAP;
    for (int k = PLANES - 1; k >= 0 && any; k--) {  /* the minimum's bits from the top: keep the cells with a 0 */
        uint64_t zero = 0;
        for (int w = 0; w < W; w++) zero |= fewest[w] & ~planes[k * W + w];
        if (zero)
            for (int w = 0; w < W; w++) fewest[w] &= ~planes[k * W + w];
        else
            count |= 1 << k;
    }
    if (count == CAP)  /* saturated cells tie with the cells counted CAP */
        for (int w = 0; w < W; w++) fewest[w] = ~occ[w];
    return count;
}

/* The volumes that some of the pieces left can fill together, as bits 0 .. ncells. */
static void reachable_volumes(const Table *t, const State *s, uint64_t *sums) {
    int n = t->nsums;
    memset(sums, 0, (size_t)n * sizeof(uint64_t));
    sums[0] = 1;
    for (int type = 0; type < t->ntypes; type++) {
        int size = t->type_size[type], words = size >> 6, bits = size & 63;
        for (int copy = 0; copy < s->counts[type]; copy++)
            for (int w = n - 1; w >= words; w--) {  /* sums |= sums << size */
                uint64_t shifted = sums[w - words] << bits;
                if (bits && w - words - 1 >= 0) shifted |= sums[w - words - 1] >> (64 - bits);
                sums[w] |= shifted;
            }
    }
}

/* Whether the pieces left can fill a region of this volume; sums: their reachable volumes, made on first use. */
static ALWAYS_INLINE int volume_fits(const Table *t, const State *s, int volume, int whole, uint64_t *sums,
                                     int *made) {
    if (volume == whole) return 1;  /* every piece left */
    if (t->same_size) return volume % t->same_size == 0;
    if (!*made) reachable_volumes(t, s, sums);
    *made = 1;
    return (int)(sums[volume >> 6] >> (volume & 63) & 1);
}

static ALWAYS_INLINE int popcount128(u128 bits) {
    return __builtin_popcountll((uint64_t)bits) + __builtin_popcountll((uint64_t)(bits >> 64));
}

/* regions_fit for targets that take the shifts: each region grows from its lowest cell a layer at a time,
 * every cell of the layer at once. In words of one type (uint64_t for one word of cells, else u128). */
#define REGIONS_BY_SHIFTS(name, bits_t, popcount)                                                           \
    static ALWAYS_INLINE int name(const Table *t, const State *s, bits_t empty) {                          \
        uint64_t sums[t->nsums];                                                                            \
        int made = 0, whole = 0;                                                                            \
        bits_t up[MAX_STEPS], down[MAX_STEPS];                                                              \
        for (int k = 0; k < t->nsteps; k++) {                                                               \
            up[k] = (bits_t)t->up[k];                                                                       \
            down[k] = (bits_t)t->down[k];                                                                   \
        }                                                                                                   \
        for (int type = 0; type < t->ntypes; type++) whole += s->counts[type] * t->type_size[type];         \
        while (empty) {                                                                                     \
            bits_t region = empty & (~empty + 1), grown = region;                                           \
            do {                                                                                            \
                region = grown;                                                                             \
                for (int k = 0; k < t->nsteps; k++)                                                         \
                    grown |= (region & up[k]) << t->step[k] | (region & down[k]) >> t->step[k];             \
                grown &= empty;                                                                             \
            } while (grown != region);                                                                      \
            if (!volume_fits(t, s, popcount(region), whole, sums, &made)) return 0;                         \
            empty &= ~region;                                                                               \
        }                                                                                                   \
        return 1;                                                                                           \
    }
REGIONS_BY_SHIFTS(regions_fit_one, uint64_t, __builtin_popcountll)
REGIONS_BY_SHIFTS(regions_fit_two, u128, popcount128)

/* Whether every region of empty cells (connected through faces) has a volume that some of the pieces
 * left can fill: a placement lies in one region, so a region of any other volume can never be filled. */
static ALWAYS_INLINE int regions_fit(const Table *t, const State *s, const uint64_t *occ, const int W) {
    if (W == 1 && t->nsteps) return regions_fit_one(t, s, ~occ[0]);
    if (W == 2 && t->nsteps) return regions_fit_two(t, s, ~((u128)occ[1] << 64 | occ[0]));
    uint64_t left[W], frontier[W], sums[t->nsums];
    uint64_t any = 0;
    for (int w = 0; w < W; w++) any |= left[w] = ~occ[w];
    if (!t->neighbours || !any) return 1;
    reachable_volumes(t, s, sums);
    int w0 = 0;
    for (;;) {
        while (w0 < W && !left[w0]) w0++;
        if (w0 == W) return 1;
        memset(frontier, 0, sizeof frontier);
        frontier[w0] = left[w0] & -left[w0];  /* the lowest empty cell not yet in a region starts the next */
        left[w0] &= left[w0] - 1;
        int volume = 0;
        for (int w = w0; w < W;) {  /* empty words before w0 hold no cell of the region */
            if (!frontier[w]) { w++; continue; }
            int cell = (w << 6) + __builtin_ctzll(frontier[w]);
            frontier[w] &= frontier[w] - 1;
            volume++;
            const uint64_t *near = t->neighbours + (size_t)cell * W;
            for (int v = w0; v < W; v++) {
                uint64_t reached = near[v] & left[v];
                left[v] &= ~reached;
                frontier[v] |= reached;
            }
            w = w0;
        }
        if (!(sums[volume >> 6] >> (volume & 63) & 1)) return 0;
    }
}

/* When every empty cell has CAP live placements or more (near the top of the tree): the counts exactly, from
 * the level's live placements; the empty cells with the fewest into fewest, and that count. */
static int exact_fewest(const Table *t, State *s, const int32_t *live, int32_t n, const uint64_t *occ,
                        uint64_t *fewest, const int W) {
    memset(s->cell_count, 0, (size_t)t->ncells * sizeof(int32_t));
    for (int32_t i = 0; i < n; i++)
        for (int32_t k = t->cell_start[live[i]]; k < t->cell_start[live[i] + 1]; k++) s->cell_count[t->cells[k]]++;
    int best = -1;
    for (int cell = 0; cell < t->ncells; cell++)
        if (!(occ[cell >> 6] >> (cell & 63) & 1) && (best < 0 || s->cell_count[cell] < s->cell_count[best]))
            best = cell;
    memset(fewest, 0, (size_t)W * sizeof(uint64_t));
    fewest[best >> 6] = (uint64_t)1 << (best & 63);
    return s->cell_count[best];
}

/* Level d's live placements, from the level above's (every placement at level 0), counted per cell and
 * per piece. Returns FULL, DEAD (an empty cell with no live placement, or a piece with fewer live
 * placements than copies left), BY_CELL with *which the lowest empty cell with the fewest live
 * placements, or BY_PIECE with *which a piece with one copy left and fewer live placements still
 * (the fewest, the first of those). */
static ALWAYS_INLINE int expand(const Table *t, State *s, int d, int *which, int *many, const int W) {
    const uint64_t *occ = s->occ + (size_t)d * W;
    uint64_t all = ~(uint64_t)0;
    for (int w = 0; w < W; w++) all &= occ[w];
    if (all == ~(uint64_t)0) return FULL;
    if (W == 1 && !regions_fit(t, s, occ, W)) return DEAD;  /* in one word, the fill costs less than the filter */
    const int32_t *from_segment = d ? s->segment + (size_t)(d - 1) * (t->ntypes + 1) : t->type_start;
    size_t at = d ? s->live_at[d - 1] + (size_t)from_segment[t->ntypes] : 0;
    if (!make_room(s, at + (size_t)from_segment[t->ntypes])) return DEAD - 1;
    const int32_t *from = d ? s->live + s->live_at[d - 1] : t->type_list;
    int32_t *to = s->live + at, *segment = s->segment + (size_t)d * (t->ntypes + 1);
    s->live_at[d] = at;
    uint64_t planes[PLANES * W], saturated[W], fewest[W];
    memset(planes, 0, sizeof planes);
    memset(saturated, 0, sizeof saturated);
    int32_t n = 0;
    for (int type = 0; type < t->ntypes; type++) {
        segment[type] = n;
        if (!s->counts[type]) continue;
        if (W <= 2)
            n = filter_words(t->masks, occ, from + from_segment[type], from + from_segment[type + 1], to, n, planes,
                             saturated, W);
        else
        for (int32_t i = from_segment[type]; i < from_segment[type + 1]; i++) {  /* without branches */
            int32_t p = from[i];
            const uint64_t *mask = t->masks + (size_t)p * W;
            uint64_t hit = 0, kept[W];
            for (int w = 0; w < W; w++) hit |= mask[w] & occ[w];
            uint64_t keep = (uint64_t)0 - (hit == 0);
            for (int w = 0; w < W; w++) kept[w] = mask[w] & keep;
            to[n] = p;
            n += hit == 0;
            tally_cells(planes, saturated, kept, W);
        }
        if (n - segment[type] < s->counts[type]) return DEAD;
    }
    segment[t->ntypes] = n;
    uint64_t uncovered = 0;
    for (int w = 0; w < W; w++) {
        uint64_t covered = saturated[w];
        for (int k = 0; k < PLANES; k++) covered |= planes[k * W + w];
        uncovered |= ~occ[w] & ~covered;
    }
    if (uncovered || (W > 1 && !regions_fit(t, s, occ, W))) return DEAD;  /* wider: after the cheaper checks */
    int best_n = fewest_cells(occ, planes, saturated, fewest, W), best_type = -1;
    if (best_n == CAP) best_n = exact_fewest(t, s, to, n, occ, fewest, W);
    for (int type = 0; type < t->ntypes; type++) {
        int live = segment[type + 1] - segment[type];
        if (s->counts[type] == 1 && live < best_n) { best_type = type; best_n = live; }
    }
    *many = best_n;
    if (best_type >= 0) { *which = best_type; return BY_PIECE; }
    int w = 0;
    while (!fewest[w]) w++;
    *which = (w << 6) + __builtin_ctzll(fewest[w]);
    return BY_CELL;
}

enum { BY_COVER = 2 };  /* a frame's candidates read from the cell's cover list (when shorter than the live list) */

typedef struct {
    int by;                /* BY_CELL: the live placements s->live[next .. end) covering the cell; BY_PIECE: all;
                            * BY_COVER: those of t->cover[next .. end) that are live */
    int32_t next, end, chosen, word;
    int32_t left;          /* candidates not yet tried: the scan stops when none is left */
    uint64_t bit;          /* BY_CELL: the cell, as bit `bit` of word `word` */
} Frame;

/* The candidates of a node at level d that expand found: the live placements covering a cell, or a piece's.
 * Both lists give a cell's placements by id (the live list piece by piece, and placements are numbered so). */
static void open_frame(const Table *t, const State *s, Frame *f, int d, int by, int which, int many) {
    const int32_t *segment = s->segment + (size_t)d * (t->ntypes + 1);
    f->by = by;
    f->next = (int32_t)s->live_at[d] + (by == BY_CELL ? 0 : segment[which]);
    f->end = (int32_t)s->live_at[d] + (by == BY_CELL ? segment[t->ntypes] : segment[which + 1]);
    if (by == BY_CELL && t->cover_start[which + 1] - t->cover_start[which] < f->end - f->next) {
        f->by = BY_COVER;
        f->next = t->cover_start[which];
        f->end = t->cover_start[which + 1];
    }
    f->word = which >> 6;
    f->bit = (uint64_t)1 << (which & 63);
    f->left = many;
}

/* The frame's next candidate, or -1. */
static ALWAYS_INLINE int next_candidate(const Table *t, const State *s, Frame *f, int d, const int W) {
    if (f->by == BY_COVER) {
        const uint64_t *occ = s->occ + (size_t)d * W;
        while (f->left > 0 && f->next < f->end) {
            int p = t->cover[f->next++];
            uint64_t hit = 0;
            for (int w = 0; w < W; w++) hit |= t->masks[(size_t)p * W + w] & occ[w];
            if (!hit && s->counts[t->types[p]]) {
                f->left--;
                return p;
            }
        }
        return -1;
    }
    while (f->left > 0 && f->next < f->end) {
        int p = s->live[f->next++];
        if (f->by == BY_PIECE || (t->masks[(size_t)p * W + f->word] & f->bit)) {
            f->left--;
            return p;
        }
    }
    return -1;
}

static ALWAYS_INLINE void run_words(const Table *t, State *s, Tally *tally, Frame *stack,
                                    int32_t *chosen, const int W) {
    int depth = 0, which, many;
    int status = expand(t, s, 0, &which, &many, W);
    if (status == FULL) tally_found(tally, chosen, 0);  /* nothing left to fill: one packing, empty */
    if (status < DEAD) { tally->rows.failed = 1; return; }
    if (status < 0) { tally->finished = 1; return; }
    open_frame(t, s, &stack[0], 0, status, which, many);
    for (;;) {
        Frame *f = &stack[depth];
        int p, advanced = 0;
        while ((p = next_candidate(t, s, f, depth, W)) >= 0) {
            if (tally_should_stop(tally)) return;
            tally->nodes++;
            const uint64_t *occ = s->occ + (size_t)depth * W, *mask = t->masks + (size_t)p * W;
            for (int w = 0; w < W; w++) s->occ[(size_t)(depth + 1) * W + w] = occ[w] | mask[w];
            s->counts[t->types[p]]--;
            f->chosen = chosen[depth] = p;
            status = expand(t, s, depth + 1, &which, &many, W);
            if (status == FULL && tally_found(tally, chosen, depth + 1)) return;
            if (status < DEAD) { tally->rows.failed = 1; return; }
            if (status < 0) {
                s->counts[t->types[p]]++;
                continue;
            }
            open_frame(t, s, &stack[depth + 1], depth + 1, status, which, many);
            depth++;
            advanced = 1;
            break;
        }
        if (advanced) continue;
        if (--depth < 0) break;
        s->counts[t->types[stack[depth].chosen]]++;
    }
    tally->finished = 1;
}

/* The search, with the box's bit sets a constant number of words wide for the common sizes, without the GIL. */
static void run(const Table *t, State *s, Tally *tally) {
    tally_release_gil(tally);
    Frame *stack = malloc(((size_t)t->ncells + 2) * sizeof(Frame));
    int32_t *chosen = calloc((size_t)t->ncells + 2, sizeof(int32_t));
    if (!stack || !chosen)
        tally->rows.failed = 1;
    else if (t->nwords == 1)
        run_words(t, s, tally, stack, chosen, 1);
    else if (t->nwords == 2)
        run_words(t, s, tally, stack, chosen, 2);
    else
        run_words(t, s, tally, stack, chosen, t->nwords);
    free(stack);
    free(chosen);
    tally_take_gil(tally);
}

/* The distances between neighbours' cell numbers, for growing regions by shifts (none when more than MAX_STEPS). */
static void find_steps(Table *t, const int32_t *offsets, const int32_t *cells) {
    t->nsteps = 0;
    for (int c = 0; c < t->ncells; c++)
        for (int32_t k = offsets[c]; k < offsets[c + 1]; k++) {
            int step = abs(cells[k] - c), found = 0;
            while (found < t->nsteps && t->step[found] != step) found++;
            if (found == MAX_STEPS) { t->nsteps = 0; return; }
            if (found == t->nsteps) {
                t->step[t->nsteps++] = step;
                t->up[found] = t->down[found] = 0;
            }
            if (cells[k] > c)
                t->up[found] |= (u128)1 << c;
            else
                t->down[found] |= (u128)1 << c;
        }
}

/* The placements' bit masks, the per-piece placement lists and the starting state (the given cells filled,
 * the given copies left). */
static int start(Table *t, State *s, const int32_t *counts, const uint8_t *filled, const Py_buffer *near_offsets,
                 const Py_buffer *near) {
    size_t levels = (size_t)t->ncells + 2, W = (size_t)t->nwords;
    t->nsums = t->ncells / 64 + 1;
    t->type_size = calloc((size_t)t->ntypes + 1, sizeof(int32_t));
    if (!t->type_size) return -1;
    if (near_offsets->len) {
        const int32_t *offsets = near_offsets->buf, *cells = near->buf;
        t->neighbours = calloc((size_t)t->ncells * W + 1, sizeof(uint64_t));
        if (!t->neighbours) return -1;
        for (int c = 0; c < t->ncells; c++)
            for (int32_t k = offsets[c]; k < offsets[c + 1]; k++)
                t->neighbours[(size_t)c * W + (cells[k] >> 6)] |= (uint64_t)1 << (cells[k] & 63);
        if (t->ncells <= SHIFT_CELLS) find_steps(t, offsets, cells);
    }
    t->masks = calloc((size_t)t->nplacements * W + 1, sizeof(uint64_t));
    t->type_start = calloc((size_t)t->ntypes + 2, sizeof(int32_t));
    t->type_list = malloc(((size_t)t->nplacements + 1) * sizeof(int32_t));
    s->occ = calloc(levels * W, sizeof(uint64_t));
    s->counts = malloc(((size_t)t->ntypes + 1) * sizeof(int32_t));
    s->live_at = calloc(levels, sizeof(size_t));
    s->segment = calloc(levels * ((size_t)t->ntypes + 1), sizeof(int32_t));
    s->cell_count = calloc((size_t)t->ncells + 1, sizeof(int32_t));
    if (!t->masks || !t->type_start || !t->type_list || !s->occ || !s->counts || !s->live_at || !s->segment ||
        !s->cell_count)
        return -1;
    for (int p = 0; p < t->nplacements; p++) {
        t->type_size[t->types[p]] = t->cell_start[p + 1] - t->cell_start[p];
        for (int32_t k = t->cell_start[p]; k < t->cell_start[p + 1]; k++)
            t->masks[(size_t)p * W + (t->cells[k] >> 6)] |= (uint64_t)1 << (t->cells[k] & 63);
    }
    t->same_size = t->ntypes ? t->type_size[0] : 0;
    for (int type = 0; type < t->ntypes; type++)
        if (t->type_size[type] != t->same_size) t->same_size = 0;
    if (list_by_piece(t->ntypes, t->nplacements, t->types, t->type_start, t->type_list)) return -1;
    memcpy(s->counts, counts, (size_t)t->ntypes * sizeof(int32_t));
    for (int type = 0; type < t->ntypes; type++)
        if (s->counts[type] < 0) s->counts[type] = 0;
    for (size_t i = 0; i < W * 64; i++)
        if (i >= (size_t)t->ncells || filled[i]) s->occ[i >> 6] |= (uint64_t)1 << (i & 63);
    return 0;
}

static PyObject *search(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {TABLE_KEYWORDS, OPTION_KEYWORDS, "cell_neighbour_offsets", "cell_neighbours", NULL};
    TableArguments table = {0};
    Options options = default_options();
    Py_buffer neighbour_offsets = {0}, neighbours = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, TABLE_FORMAT "|" OPTION_FORMAT "y*y*", keywords,
                                     TABLE_TARGETS(table), OPTION_TARGETS(options), &neighbour_offsets, &neighbours))
        return NULL;
    PyObject *result = NULL;
    Table t = {0};
    State st = {0};
    Tally tally = {0};
    if (check_table(&table) || check_options(table.placement_piece.len / 4, &options) ||
        check_neighbours(table.ncells, &neighbour_offsets, &neighbours))
        goto out;
    TABLE_LISTS(t, table);
    t.nwords = t.ncells ? (t.ncells + 63) / 64 : 1;
    if (tally_start(&tally, &options, t.nplacements)) goto out;
    if (start(&t, &st, table.counts.buf, table.occupied.buf, &neighbour_offsets, &neighbours)) {
        PyErr_NoMemory();
        goto out;
    }
    run(&t, &st, &tally);
    result = tally_result(&tally);
out:
    tally_release(&tally, &options);
    free(t.masks);
    free(t.neighbours);
    free(t.type_size);
    free(t.type_start);
    free(t.type_list);
    free(st.occ);
    free(st.counts);
    free(st.live);
    free(st.live_at);
    free(st.segment);
    free(st.cell_count);
    release_table(&table);
    if (neighbour_offsets.obj) PyBuffer_Release(&neighbour_offsets);
    if (neighbours.obj) PyBuffer_Release(&neighbours);
    return result;
}

/* ---- the classes of the packings kept ---- */

/* ids[0 .. n) in ascending order (a row holds a few dozen placements at most: insertion sort is quickest). */
static void sort_ids(int32_t *ids, int n) {
    for (int i = 1; i < n; i++) {
        int32_t id = ids[i];
        int j = i;
        for (; j > 0 && ids[j - 1] > id; j--) ids[j] = ids[j - 1];
        ids[j] = id;
    }
}

/* Whether ids a[0 .. n) come before b[0 .. n) in lexicographic order. */
static int ids_before(const int32_t *a, const int32_t *b, int n) {
    for (int k = 0; k < n; k++)
        if (a[k] != b[k]) return a[k] < b[k];
    return 0;
}

/* Each row's canonical form: the least, in lexicographic order, of its images under the group (the identity
 * first), each sorted; image: room for one row. A sorted image begins with its least id, so an image whose
 * least id is above the best's first is not sorted at all (most are not: the units of a count name the classes
 * of every packing they find, and sorting every image was a third of Bedlam's units' time outside the search). */
static void canonical(const int32_t *rows, Py_ssize_t nrows, int width, const int32_t *group, int ngroup,
                      Py_ssize_t nplacements, int32_t *forms, int32_t *image) {
    for (Py_ssize_t r = 0; r < nrows; r++) {
        const int32_t *row = rows + r * width;
        int32_t *best = forms + r * width;
        for (int k = 0; k < width; k++) best[k] = group[row[k]];  /* the first image (the identity's) */
        sort_ids(best, width);
        for (int g = 1; g < ngroup; g++) {
            const int32_t *map = group + (Py_ssize_t)g * nplacements;
            int32_t least = INT32_MAX;
            for (int k = 0; k < width; k++) {
                image[k] = map[row[k]];
                least = image[k] < least ? image[k] : least;
            }
            if (least > best[0]) continue;
            sort_ids(image, width);
            if (ids_before(image, best, width)) memcpy(best, image, (size_t)width * sizeof(int32_t));
        }
    }
}

/* forms(rows, width, group, nplacements) -> bytes: the canonical form of each row (int32 rows of `width`
 * placement ids, in the order given), as symmetry.canonical_forms defines it; group: int32[G * nplacements],
 * the identity first. */
static PyObject *forms(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"rows", "width", "group", "nplacements", NULL};
    Py_buffer rows, group;
    int width;
    Py_ssize_t nplacements;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*iy*n", keywords, &rows, &width, &group, &nplacements))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t nids = rows.len / 4, nmaps = group.len / 4;
    int ngroup = nplacements > 0 ? (int)(nmaps / nplacements) : 0;
    int fits = width > 0 && nids % width == 0 && ngroup > 0 && nmaps == ngroup * nplacements;
    fits = fits && ids_in_range(&rows, nplacements, 0) && ids_in_range(&group, nplacements, 1);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "forms: rows, width and group do not fit together");
        goto out;
    }
    result = PyBytes_FromStringAndSize(NULL, rows.len);
    int32_t *image = malloc((size_t)width * sizeof(int32_t));
    if (result && image) {
        Py_BEGIN_ALLOW_THREADS
        canonical(rows.buf, nids / width, width, group.buf, ngroup, nplacements,
                  (int32_t *)PyBytes_AS_STRING(result), image);
        Py_END_ALLOW_THREADS
    } else if (result) {
        Py_CLEAR(result);
        PyErr_NoMemory();
    }
    free(image);
out:
    PyBuffer_Release(&rows);
    PyBuffer_Release(&group);
    return result;
}

static PyMethodDef methods[] = {
    {"search", (PyCFunction)(void (*)(void))search, METH_VARARGS | METH_KEYWORDS, "Every packing of the empty cells (up to limit), the most constrained choice first."},
    {"forms", (PyCFunction)(void (*)(void))forms, METH_VARARGS | METH_KEYWORDS, "The canonical form of each row under a group of placement permutations."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "The packing search's compiled inner loop.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
