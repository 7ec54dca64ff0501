/* The packing search for targets of up to 128 cells, compiled: the live placements are a bit set over
 * placement ids, and each node counts the live placements of a few cells only.
 *
 * _core.c filters the parent's whole list of live placements at every node (one AND each) to count them per
 * cell; that filter is most of its time. Here placements are renumbered by their lowest cell, in a scan
 * order that runs along the target's shortest axis, and each has its conflicts precomputed: the placements
 * sharing a cell with it, and its piece's others when the puzzle has one copy. Making a placement is one
 * AND-NOT over the words of the live set that can still hold anything (a placement whose lowest cell lies
 * below the lowest empty cell overlaps a filled cell), and the live placements covering cell c lie between
 * the first placement that reaches c and the last whose lowest cell is c: a short run of words to popcount.
 *
 * prepare(ncells, placement_piece, placement_cell_offsets, placement_cells, cell_neighbour_offsets,
 *         cell_neighbours, scan_order, copies) -> capsule
 *   the table as _core.search takes it (named alike), the cells' neighbours (for the region check; empty:
 *   none), scan_order: int32[ncells], each cell's place in the scan; copies: int32[T], the puzzle's copies of
 *   each piece. Made once per table, and shared, read only, by the searches running in threads.
 * search(prepared, counts, occupied, limit=0, max_nodes=0, keep=-1, weight=1, group=b"", chosen=b"",
 *        control=None, check_signals=False, rest=None)
 *   the other arguments and the return tuple as _core.search's (see there): (rows as int32 bytes, packings
 *   found, nodes, finished, sum of stabiliser sizes); counts may not exceed copies. Rows hold the table's
 *   placement ids in the order placed. rest: a list, to which a search stopped by max_nodes appends the work
 *   it left as int32 bytes: prefixes, each its length then the table's ids of its placements (see hand_off).
 * search_tasks(prepared, tasks, max_nodes=0, limit=0, keep=-1, group=b"", control=None, check_signals=False,
 *              ways=1)
 *   many tasks (a unit of a count's work) searched one after another in one call until max_nodes placements
 *   were made in all (0: no budget): tasks are int32 records [weight, length, the table's ids of the placements
 *   made] (the copies left: the puzzle's less those placed). Returns (the first `keep` packings found (-1: all),
 *   each whole: the task's placements then the search's, as int32 bytes; packings (weighted); nodes; finished;
 *   the stabilisers (weighted); packings found (unweighted); a tuple of `ways` bytes of records: the work left,
 *   what the search stopped left and the tasks not begun, dealt out in turn). One call, one set-up: Bedlam's
 *   units made 15,909 calls of search (a median of 83 placements each), a fifth of their time around the search.
 *
 * At each node: the target is full (a packing); or a region of empty cells next to the placement just made
 * has a volume that no pieces left add up to (a dead end; the other regions were checked above); or, of the
 * cells counted (every empty cell, or the pockets: see tightest), one has no live placement, or a piece has
 * fewer live placements than copies left (a dead end); or it branches on the counted cell with the fewest
 * live placements, unless a piece with one copy left has fewer still (then on that piece), trying them by id.
 * Where every empty cell is counted (a piece with many copies), each level keeps a tally of every cell's live
 * placements, made from its parent's by taking off the placements each choice rules out (29 a node on the Y
 * cube, against popcounts over some 100 cells' runs of words), and a forced cell's region check is left to
 * its one child, which grows the regions next to both placements at once.
 * Where the pockets are counted (one copy of each piece) in a target of up to 64 cells (Bedlam, the pentomino
 * boards and boxes), a node whose pockets all have more than QUICK live placements tallies every live
 * placement's cells and piece in bit-sliced counters, and branches on the fewest of every empty cell and
 * piece (Bedlam: 84 M nodes with the pockets alone, 59 M so); a node whose pockets have fewer counts no
 * piece (see pockets_choice); each placement's region check comes before its child's live set is made, and the
 * volumes the pieces left fill are remembered by the copies left per size. There, once FINISH pieces or fewer
 * are left, finish fills the lowest empty cell level by level and looks the last piece up by its cells.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"  /* the control array, Options, Tally: what a search found and when it stops */
#include "tables.h"  /* bad_table, and the checks of the options and neighbours */

/* popcount as one instruction (without it the compiler calls a slow routine); the module refuses to load on
 * the rare x86-64 processor without it (before 2008), and engine.py then uses _core.c. */
#if defined(__x86_64__)
#pragma GCC target("popcnt")
#define NEEDS_POPCNT 1
#endif

typedef uint64_t Pair __attribute__((vector_size(16)));  /* a placement's cells (lane 0) and its piece's bit */
typedef unsigned __int128 Cells;  /* a set of cells of the target, bit c for cell c in the scan order */
enum { MAX_CELLS = 128, MAX_STEPS = 6 };
enum { POCKETS = 8 };  /* cells counted per node when every piece has one copy (see branch_cell) */
enum { PLANES = 4, QUICK = 6 };  /* the one-word tally's counters (counts of 0 .. 15), and when it is made (see
                                  * pockets_choice) */
enum { CHOSEN = 1, OVER = 2 };
enum { FINISH = 3 };  /* pieces left from which finish takes over the search (with pair) */
enum { VOLUME_SLOTS_LOG = 6 };
enum { DEAD = -2 };
enum { FILLED = INT16_MAX };  /* a tally's count for a filled cell, or one past the target's: never the fewest */
typedef struct {
    int ncells, nplacements, ntypes, nwords;  /* nwords: 64-bit words of a set of placements */
    int32_t *original;   /* placement (renumbered) -> its id in the table */
    int32_t *type;       /* placement -> its piece */
    Cells *mask;         /* placement -> its cells */
    Cells *halo;         /* placement -> the cells next to it: only regions touching it change when it is made */
    int32_t *first;      /* cell c (0 .. ncells) -> the first placement whose lowest cell is c or later */
    int32_t *reach;      /* cell c -> the first placement covering it (first[c + 1] when none does) */
    uint64_t *cover;     /* cell c -> nwords: the placements covering it */
    uint64_t *conflict;  /* placement -> nwords: those it rules out (sharing a cell; its piece's, one copy) */
    uint64_t *piece;     /* piece -> nwords: its placements */
    int32_t *copies;     /* piece -> the puzzle's copies of it */
    int32_t *size;       /* piece -> its cubes */
    uint64_t *weight;    /* piece -> its weight in the key of the copies left: a number whose digit k counts the
                          * copies left of the k-th size (the digit's base: the puzzle's copies of that size + 1) */
    int remember;        /* whether the sums of the volumes are remembered by that key (see size_weights) */
    Pair *pair;          /* placement -> its cells and its piece's bit, with pockets in up to 64 cells and pieces */
    int32_t *by_cells;   /* with pair: the placements hashed by their cells, 1 << by_cells_log slots, open addressing
                          * (-1: an empty slot); see finish */
    int by_cells_log;
    int32_t *rank;       /* table cell -> cell in the scan order */
    uint8_t *cells_of;   /* placement q -> its cells (in the scan order): cells_of[cells_from[q] .. cells_from[q + 1]) */
    int32_t *cells_from;
    int same_size;       /* the cubes of every piece, when all have as many; else 0 */
    int pockets;         /* count only the lowest empty cell and the pockets (see branch_cell), not every cell */
    Cells *near;         /* cell -> the cells sharing a face with it; NULL: no region check */
    int nsteps;          /* the distances between neighbours' numbers (0: regions grow cell by cell) */
    int step[MAX_STEPS];
    Cells up[MAX_STEPS], down[MAX_STEPS];  /* c + step[k] is a neighbour of each c in up[k], c - step[k] of down[k] */
} Prepared;

typedef struct {
    uint64_t key;  /* the copies left of each size (see Prepared.weight) whose sums these are; ~0: none yet */
    uint64_t sums[MAX_CELLS / 64 + 1];
} Volumes;

/* One search: the prepared table, the copies left, the row being built, what was found. */
typedef struct {
    const Prepared *t;
    int32_t *counts;       /* piece -> copies left */
    uint64_t left;         /* the pieces with copies left (of the first 64) */
    Volumes volumes[1 << VOLUME_SLOTS_LOG];  /* the volumes some pieces left fill (see volume_sums) */
    uint64_t *live;        /* per level, nwords: the live placements */
    int16_t *tally;        /* per level, MAX_CELLS: each empty cell's live placements (see first_tally); NULL with pockets */
    int32_t *row;          /* the table's ids of the placements made */
    Tally progress;        /* what was found (the group in the table's ids), the rows kept, when to stop */
    Rows rest;             /* after a stop at max_nodes: the prefixes of the work left (see hand_off) */
} Search;

/* Counters by the copies left, compiled in only for bench/packing_profile.py (cc -DFOLDKIT_PROFILE, one search at a
 * time): where the tree grows and where it ends. A placement counts at the copies left before it: PROFILE(s, what,
 * placed), `placed` 1 where it was taken off the counts already. finish keeps its pieces in s->left alone (one copy
 * each): PROFILE_FINISH. */
enum { NODES, LIVE, DEAD_NODES, TALLIES, PLACED, CUT_OFF, FINISHES, FINISH_PLACED, LOOKED_UP, PROFILED };
#ifdef FOLDKIT_PROFILE
static long long profiled[MAX_CELLS + 1][PROFILED];
static int copies_left(const Search *s) {
    int left = 0;
    for (int type = 0; type < s->t->ntypes; type++) left += s->counts[type];
    return left;
}
/* A node's live placements (from word `start`), added up */
static void profile_live(const Search *s, const uint64_t *live, int start) {
    for (int w = start; w < s->t->nwords; w++) profiled[copies_left(s)][LIVE] += __builtin_popcountll(live[w]);
}
#define PROFILE(s, what, placed) (profiled[copies_left(s) + (placed)][what]++)
#define PROFILE_LIVE(s, live, start) profile_live(s, live, start)
#define PROFILE_FINISH(s, what) (profiled[__builtin_popcountll((s)->left)][what]++)
#else
#define PROFILE(s, what, placed) ((void)0)
#define PROFILE_LIVE(s, live, start) ((void)0)
#define PROFILE_FINISH(s, what) ((void)0)
#endif

/* ---- what a packing found adds up to: search.h's bookkeeping ---- */

static inline int found(Search *s, int n) { return tally_found(&s->progress, s->row, n); }
static ALWAYS_INLINE int should_stop(Search *s) { return tally_should_stop(&s->progress); }

/* ---- the region check ---- */

static ALWAYS_INLINE int popcount_cells(Cells bits) {
    return __builtin_popcountll((uint64_t)bits) + __builtin_popcountll((uint64_t)(bits >> 64));
}

static ALWAYS_INLINE int lowest_cell(Cells bits) {
    uint64_t low = (uint64_t)bits;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(bits >> 64));
}

static ALWAYS_INLINE uint64_t region_in_word(const Prepared *t, uint64_t seed, uint64_t space, uint64_t stop,
                                             const int nsteps) {
    uint64_t narrow, wider = seed;
    do {
        narrow = wider;
        for (int k = 0; k < nsteps; k++)
            wider |= (narrow & (uint64_t)t->up[k]) << t->step[k] | (narrow & (uint64_t)t->down[k]) >> t->step[k];
        wider &= space;
    } while (wider != narrow && (!stop || (wider & stop) != stop));
    return wider;
}

/* The region of `empty` that holds `seed`, grown until it holds every cell of `enough` too (then perhaps not
 * the whole region; `enough` = 0: the whole): a layer at a time by shifts when the neighbours are a few fixed
 * distances apart (as in a box), else cell by cell. */
static ALWAYS_INLINE Cells region_of(const Prepared *t, Cells seed, Cells empty, Cells enough) {
    Cells region = seed, grown = seed;
    if (t->nsteps && t->ncells <= 64) {  /* the same in one word: shifts of 128 bits cost several instructions */
        uint64_t narrow = (uint64_t)seed, space = (uint64_t)empty, stop = (uint64_t)enough;
        switch (t->nsteps) {  /* a board, a box: the steps unrolled */
        case 2: return region_in_word(t, narrow, space, stop, 2);
        case 3: return region_in_word(t, narrow, space, stop, 3);
        default: return region_in_word(t, narrow, space, stop, t->nsteps);
        }
    }
    if (t->nsteps) {
        do {
            region = grown;
            for (int k = 0; k < t->nsteps; k++)
                grown |= (region & t->up[k]) << t->step[k] | (region & t->down[k]) >> t->step[k];
            grown &= empty;
        } while (grown != region && (!enough || (grown & enough) != enough));
        return grown;
    }
    for (Cells todo = seed; todo && (!enough || (region & enough) != enough);) {
        int cell = lowest_cell(todo);
        todo &= todo - 1;  /* before adding the cells reached, some of which may lie lower */
        Cells reached = t->near[cell] & empty & ~region;
        region |= reached;
        todo |= reached;
    }
    return region;
}

/* The volumes the pieces left add up to (bit v: volume v), remembered by the copies left of each size: a few
 * such recur all through a search (Bedlam: how many fives, and whether the four), and making the sums at every
 * split took a tenth of Bedlam's search. */
static const uint64_t *volume_sums(Search *s) {
    const Prepared *t = s->t;
    uint64_t key = 0;
    for (int type = 0; type < t->ntypes; type++) key += (uint64_t)s->counts[type] * t->weight[type];
    Volumes *slot = &s->volumes[(key * 0x9E3779B97F4A7C15u) >> (64 - VOLUME_SLOTS_LOG)];
    if (slot->key == key && t->remember) return slot->sums;
    int n = t->ncells / 64 + 1;
    uint64_t *sums = slot->sums;
    memset(sums, 0, sizeof slot->sums);
    sums[0] = 1;
    for (int type = 0; type < t->ntypes; type++) {
        int words = t->size[type] >> 6, bits = t->size[type] & 63;
        for (int copy = 0; copy < s->counts[type]; copy++)
            for (int w = n - 1; w >= words; w--) {  /* sums |= sums << size */
                uint64_t shifted = sums[w - words] << bits;
                if (bits && w - words - 1 >= 0) shifted |= sums[w - words - 1] >> (64 - bits);
                sums[w] |= shifted;
            }
    }
    slot->key = key;
    return sums;
}

/* Whether the pieces left can fill a region of this volume. */
static ALWAYS_INLINE int volume_fits(Search *s, int volume) {
    if (s->t->same_size) return volume % s->t->same_size == 0;
    return (int)(volume_sums(s)[volume >> 6] >> (volume & 63) & 1);
}

/* Whether every region of empty cells has a volume some of the pieces left fill: a placement lies in one
 * region, so a region of any other volume can never be filled. The regions not holding a seed were checked
 * above. When every piece has as many cubes, only the volume modulo that size counts, and the empty cells
 * (those the pieces left fill) add up to a multiple of it: so once every region but one fits, the last fits
 * too (when the empty cells do add up to a multiple, as they do when the pieces fill the target), and the
 * last is grown only until it holds the seeds left. Most placements cut nothing off, and their
 * check stops after a few layers instead of growing over every empty cell. */
static ALWAYS_INLINE int regions_fit(Search *s, Cells empty, Cells seeds) {
    const Prepared *t = s->t;
    if (!t->near) return 1;
    /* Targets of one word grow a layer in a few instructions: stopping early did not pay there (6x10: the
     * search's instructions 8 % up). */
    int modulo = t->ncells > 64 && t->same_size && popcount_cells(empty) % t->same_size == 0;
    for (seeds &= empty; seeds;) {
        Cells lowest = seeds & (~seeds + 1);
        if (modulo) {
            Cells region = region_of(t, lowest, empty, seeds);
            if ((region & seeds) == seeds) return 1;  /* the last region: what the others leave, a multiple */
            if (popcount_cells(region) % t->same_size) return 0;
            seeds &= ~region;
            continue;
        }
        Cells region = region_of(t, lowest, empty, 0);
        if (region != empty && !volume_fits(s, popcount_cells(region))) return 0;  /* the whole: fits */
        seeds &= ~region;
    }
    return 1;
}

/* ---- the search ---- */

/* The words of cell c's live placements: from the first that reaches c (none below `from`, the first
 * placement whose lowest cell is the lowest empty one) to the last whose lowest cell is c. */
static ALWAYS_INLINE void cover_words(const Prepared *t, int c, int32_t from, int *lo, int *hi) {
    int32_t start = t->reach[c] > from ? t->reach[c] : from, end = t->first[c + 1];
    *lo = start >> 6;
    *hi = end > start ? ((end - 1) >> 6) + 1 : *lo;
}

/* Cell c's live placements, counted only until they reach `enough` (more changes no choice). */
static ALWAYS_INLINE int live_count(const Prepared *t, const uint64_t *live, int c, int32_t from, int enough) {
    int lo, hi, n = 0;
    cover_words(t, c, from, &lo, &hi);
    const uint64_t *cover = t->cover + (size_t)c * t->nwords;
    for (int w = lo; w < hi && n < enough; w++) n += __builtin_popcountll(live[w] & cover[w]);
    return n;
}

/* The empty cells with the fewest empty neighbours (counted in bit planes, all cells at once): the pockets,
 * where the fewest placements fit. With one copy of each piece, counting those and the lowest empty cell
 * finds nearly as small a tree as counting every empty cell (6x10: 1.95 M nodes against 1.82 M) at a
 * fraction of the cost; with many copies of a piece (the Y cube), where no piece runs out to cut the tree,
 * a dead cell anywhere matters and every empty cell is counted, by a tally (6.2 M nodes against 139 M). */
#define TIGHTEST(name, Set)                                                                               \
    static ALWAYS_INLINE Set name(const Prepared *t, Set empty) {                                         \
        Set c0 = 0, c1 = 0, c2 = 0;                                                                       \
        for (int k = 0; k < t->nsteps; k++)                                                               \
            for (int way = 0; way < 2; way++) {                                                           \
                Set open = way ? (Set)t->up[k] & (empty >> t->step[k]) : (Set)t->down[k] & (empty << t->step[k]); \
                Set carry = c0 & open, carry2 = c1 & carry;                                               \
                c0 ^= open;                                                                               \
                c1 ^= carry;                                                                              \
                c2 |= carry2;                                                                             \
            }                                                                                             \
        Set pick = empty, zero;                                                                           \
        if ((zero = pick & ~c2)) pick = zero;                                                             \
        if ((zero = pick & ~c1)) pick = zero;                                                             \
        if ((zero = pick & ~c0)) pick = zero;                                                             \
        return pick;                                                                                      \
    }
TIGHTEST(tightest, Cells)
/* tightest in one word of cells (up to 64): the same steps, without the 128-bit shifts. */
TIGHTEST(tightest_in_word, uint64_t)
#undef TIGHTEST

/* The cell to branch on: of the first `look` cells of `empty` (every one when look is 0), the first with fewer
 * live placements than *most (counted only that far), their number into *most; -1 when none has fewer. A
 * count of 0 (a dead end) or 1 (forced) ends the look: nothing is better. */
static ALWAYS_INLINE int branch_cell(const Search *s, const uint64_t *live, Cells empty, int look, int32_t from,
                                     int *most) {
    int best = -1, fewest = *most;
    for (int seen = 0; empty && fewest > 1 && (look == 0 || seen < look); seen++, empty &= empty - 1) {
        int c = lowest_cell(empty), n = live_count(s->t, live, c, from, fewest);
        if (n < fewest) {
            best = c;
            fewest = n;
        }
    }
    *most = fewest;
    return best;
}

/* A piece with one copy left and fewer live placements than *fewest (the fewest, the first of those; its
 * count into *fewest), -1 when there is none, DEAD when a piece has fewer live placements than copies left.
 * Each piece is counted only as far as could change the answer, so most stop after a word or two. */
static ALWAYS_INLINE int branch_piece(const Search *s, const uint64_t *live, int start, int *fewest) {
    const Prepared *t = s->t;
    int best = -1;
    for (int type = 0; type < t->ntypes; type++) {
        int left = s->counts[type], n = 0;
        if (!left) continue;
        int enough = left == 1 && *fewest > 1 ? *fewest : left;
        const uint64_t *piece = t->piece + (size_t)type * t->nwords;
        for (int w = start; w < t->nwords && n < enough; w++) n += __builtin_popcountll(live[w] & piece[w]);
        if (n < left) return DEAD;
        if (left == 1 && n < *fewest) {
            best = type;
            *fewest = n;
        }
    }
    return best;
}

/* From a tally: the empty cell with the fewest live placements (the first in the scan order of those), and
 * that fewest into *most. A loop over every cell that the compiler turns into vector minimums. */
static ALWAYS_INLINE int fewest_cell(const int16_t *tally, int *most) {
    int16_t least = FILLED;
    for (int c = 0; c < MAX_CELLS; c++) least = tally[c] < least ? tally[c] : least;
    *most = least;
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    for (int c = 0;; c++)
        if (tally[c] == least) return c;
#endif
    /* The first cell at that fewest, four counts to a word: a lane of x is 0 where the count is the fewest, and
     * the lowest lane flagged by (x - ones) & ~x & highs is the first 0 (flags above a 0 may be false). */
    const uint64_t ones = 0x0001000100010001u, highs = 0x8000800080008000u, fewest = (uint64_t)(uint16_t)least * ones;
    for (int c = 0;; c += 4) {
        uint64_t counts;
        memcpy(&counts, tally + c, sizeof counts);
        uint64_t x = counts ^ fewest, zero = (x - ones) & ~x & highs;
        if (zero) return c + __builtin_ctzll(zero) / 16;
    }
}

/* Take the placements `gone` (bits of word w) off a tally, when every piece has `size` cubes: a constant where
 * this is inlined, so the loop unrolls (it is a quarter of the Y cube's search). */
static ALWAYS_INLINE void untally_sized(const Prepared *t, int16_t *tally, uint64_t gone, int w, const int size) {
    for (; gone; gone &= gone - 1) {
        const uint8_t *cells = t->cells_of + (size_t)((w << 6) + __builtin_ctzll(gone)) * (size_t)size;
        for (int k = 0; k < size; k++) tally[cells[k]]--;
    }
}

/* Take the placements `gone` (bits of word w) off a tally. */
static ALWAYS_INLINE void untally(const Prepared *t, int16_t *tally, uint64_t gone, int w) {
    switch (t->same_size) {
    case 3: untally_sized(t, tally, gone, w, 3); return;
    case 4: untally_sized(t, tally, gone, w, 4); return;
    case 5: untally_sized(t, tally, gone, w, 5); return;
    case 6: untally_sized(t, tally, gone, w, 6); return;
    default:
        for (; gone; gone &= gone - 1) {
            int q = (w << 6) + __builtin_ctzll(gone);
            for (int32_t k = t->cells_from[q]; k < t->cells_from[q + 1]; k++) tally[t->cells_of[k]]--;
        }
    }
}

/* ---- the one-word tally: with pockets, in targets of up to 64 cells ---- */

/* Add a placement's cells and piece (carry) to bit-sliced counters: bit c of c[k][0] is bit k of cell c's count,
 * bit t of c[k][1] bit k of piece t's; full: those that reached 2^PLANES. */
static ALWAYS_INLINE void count_in(Pair c[PLANES], Pair *full, Pair carry) {
    for (int k = 0; k < PLANES; k++) {
        Pair next = c[k] & carry;
        c[k] ^= carry;
        carry = next;
    }
    *full |= carry;
}

/* Every live placement counted in the counters `plane` (as count_in), `over` those counted 2^PLANES times or more. */
static ALWAYS_INLINE void tally_live(const Prepared *t, const uint64_t *live, int start, Pair plane[PLANES],
                                    Pair *over) {
    Pair c[PLANES], full = {0, 0};
    for (int k = 0; k < PLANES; k++) c[k] = full;
    for (int w = start; w < t->nwords; w++)
        for (uint64_t bits = live[w]; bits; bits &= bits - 1) count_in(c, &full, t->pair[(w << 6) + __builtin_ctzll(bits)]);
    for (int k = 0; k < PLANES; k++) plane[k] = c[k];
    *over = full;
}

/* Of the set `among` (none counted too often), those with the fewest in the counters' lane `side` (0: cells,
 * 1: pieces), and that fewest into *fewest. */
static ALWAYS_INLINE uint64_t fewest_of(const Pair plane[PLANES], int side, uint64_t among, int *fewest) {
    int n = 0;
    for (int k = PLANES - 1; k >= 0; k--) {
        uint64_t zero = among & ~plane[k][side];
        if (zero) among = zero; else n |= 1 << k;
    }
    *fewest = n;
    return among;
}

/* From the counters: the first empty cell (*c) with the fewest live placements, or a piece left (*type) with
 * fewer still; 0 at a dead end, OVER when every empty cell was counted too often to tell, else CHOSEN. */
static ALWAYS_INLINE int narrow_choice(const Pair plane[PLANES], Pair over, uint64_t empty, uint64_t left, int *c,
                                      int *type, int *fewest) {
    uint64_t cells = empty & ~over[0], pieces = left & ~over[1];
    if (!cells) return OVER;
    *c = __builtin_ctzll(fewest_of(plane, 0, cells, fewest));
    *type = -1;
    if (!*fewest) return 0;
    int least;
    uint64_t scarce = pieces ? fewest_of(plane, 1, pieces, &least) : 0;
    if (scarce && least < *fewest) {
        if (!least) return 0;
        *type = __builtin_ctzll(scarce);
        *fewest = least;
    }
    return CHOSEN;
}

/* Where every piece has one copy: the cell (*c, its live placements *fewest) or the piece (returned; -1: none)
 * to branch on, DEAD at a dead end. The pockets first; when each has more than QUICK live placements, in a
 * target of one word, every live placement is tallied, to find the fewest of every cell and piece (Bedlam:
 * 84 M nodes with the pockets alone, 59 M so, 49 M tallying at every node, which cost more than it saved).
 * In a target of one word the pieces are counted only there: when a pocket has QUICK or fewer, its cell is
 * taken as it is, and a piece with no live placement left is met further down, as a cell nothing fills
 * (counting every piece's placements at every node was a fifth of Bedlam's search; without it the search
 * makes 41.1 M placements instead of 38.8 M, in 19 % less time; the Tetris Cube 92 M instead of 81 M, 14 %). */
static ALWAYS_INLINE int pockets_choice(Search *s, const uint64_t *live, Cells empty, int32_t from, int *c,
                                        int *fewest) {
    const Prepared *t = s->t;
    int start = from >> 6;
    if (!t->pair) {
        *c = branch_cell(s, live, (empty & (~empty + 1)) | tightest(t, empty), POCKETS, from, fewest);
        return *fewest ? branch_piece(s, live, start, fewest) : DEAD;
    }
    uint64_t word = (uint64_t)empty;
    *c = branch_cell(s, live, (word & (~word + 1)) | tightest_in_word(t, word), POCKETS, from, fewest);
    if (!*fewest) return DEAD;
    if (*fewest <= QUICK) return -1;
    PROFILE(s, TALLIES, 0);
    Pair plane[PLANES], over;
    tally_live(t, live, start, plane, &over);
    int type, chosen = narrow_choice(plane, over, word, s->left, c, &type, fewest);
    if (chosen != OVER) return chosen ? type : DEAD;
    *fewest = INT32_MAX;  /* every cell has 16 or more: counted exactly */
    *c = branch_cell(s, live, empty, 0, from, fewest);
    return branch_piece(s, live, start, fewest);
}

/* Every packing extending level `depth` (its cells `filled`, its live placements at s->live + depth * nwords);
 * whether to stop. */
static int descend_tallied(Search *s, int depth, Cells filled, Cells all, Cells changed);
static int descend_pockets(Search *s, int depth, Cells filled, Cells all, Cells changed);

/* ---- the last pieces (see finish) ---- */

static ALWAYS_INLINE uint32_t cells_slot(const Prepared *t, uint64_t cells) {
    return (uint32_t)((cells * 0x9E3779B97F4A7C15u) >> (64 - t->by_cells_log));
}

/* The work a stop left at a level of finish (see hand_off): the placements of the last piece from `slot` on, or
 * those of the lowest empty cell's group in `bits` (the rest of word w) and in the words after it. */
static void hand_off_finish(Search *s, int depth, uint64_t empty, const uint64_t *live, const int32_t *made, int nmade,
                            uint32_t slot, int w, uint64_t bits);

/* The live placements of word w whose lowest cell is c, taking off the conflicts of made[0 .. nmade). */
static ALWAYS_INLINE uint64_t group_word(const Prepared *t, int c, const uint64_t *live, const int32_t *made,
                                         int nmade, int w) {
    int32_t lo = t->first[c], hi = t->first[c + 1];
    uint64_t bits = live[w];
    if (w == lo >> 6) bits &= ~(uint64_t)0 << (lo & 63);
    if (w == (hi - 1) >> 6 && (hi & 63)) bits &= ~(~(uint64_t)0 << (hi & 63));
    for (int k = 0; k < nmade; k++) bits &= ~t->conflict[(size_t)made[k] * t->nwords + w];
    return bits;
}

/* The next slot of by_cells from `slot` on holding a placement of exactly the cells `empty` and of a piece left
 * (~0u: none). */
static ALWAYS_INLINE uint32_t next_match(const Search *s, uint64_t empty, uint32_t slot) {
    const Prepared *t = s->t;
    for (;; slot = (slot + 1) & ((1u << t->by_cells_log) - 1)) {
        int32_t q = t->by_cells[slot];
        if (q < 0) return ~0u;
        if (t->pair[q][0] == empty && t->pair[q][1] & s->left) return slot;
    }
}

/* Every packing of the cells `empty` by the last FINISH or fewer pieces (in a target of one word, one copy each):
 * `live` is the live set of the level where finish began, and made[0 .. nmade) the placements made since, whose
 * conflicts are taken off it here. It branches on the lowest empty cell, whose placements all have it as their
 * lowest cell (one or two words of the live set), and the last piece is the placement whose cells are exactly
 * those left, looked up in by_cells; no pockets, tallies or regions are counted. A third of Bedlam's placements
 * were made with three pieces or fewer left, each as dear as any; so they cost a tenth of its time (58.5 M
 * placements in 4.6 CPU-s against 41.1 M in 5.1; the Tetris Cube 12.0 against 12.6). Whether to stop. */
static int finish(Search *s, int depth, uint64_t empty, const uint64_t *live, int32_t *made, int nmade) {
    const Prepared *t = s->t;
    if (!(s->left & (s->left - 1))) {  /* the last piece */
        for (uint32_t slot = next_match(s, empty, cells_slot(t, empty)); slot != ~0u;
             slot = next_match(s, empty, (slot + 1) & ((1u << t->by_cells_log) - 1))) {
            if (should_stop(s)) {
                hand_off_finish(s, depth, empty, live, made, nmade, slot, 0, 0);
                return 1;
            }
            PROFILE_FINISH(s, LOOKED_UP);
            s->progress.nodes++;
            s->row[depth] = t->original[t->by_cells[slot]];
            if (found(s, depth + 1)) {
                hand_off_finish(s, depth, empty, live, made, nmade, (slot + 1) & ((1u << t->by_cells_log) - 1), 0,
                                0);
                return 1;
            }
        }
        return 0;
    }
    int c = __builtin_ctzll(empty);
    if (t->first[c] == t->first[c + 1]) return 0;  /* no placement has c as its lowest cell */
    for (int w = t->first[c] >> 6; w <= (t->first[c + 1] - 1) >> 6; w++)
        for (uint64_t bits = group_word(t, c, live, made, nmade, w); bits; bits &= bits - 1) {
            if (should_stop(s)) {
                hand_off_finish(s, depth, empty, live, made, nmade, 0, w, bits);
                return 1;
            }
            int q = (w << 6) + __builtin_ctzll(bits);
            uint64_t piece = t->pair[q][1];
            PROFILE_FINISH(s, FINISH_PLACED);
            s->progress.nodes++;
            s->row[depth] = t->original[q];
            s->left &= ~piece;
            made[nmade] = q;
            int stop = finish(s, depth + 1, empty & ~t->pair[q][0], live, made, nmade + 1);
            s->left |= piece;
            if (stop) {
                hand_off_finish(s, depth, empty, live, made, nmade, 0, w, bits & (bits - 1));
                return 1;
            }
        }
    return 0;
}

static void hand_off_finish(Search *s, int depth, uint64_t empty, const uint64_t *live, const int32_t *made, int nmade,
                            uint32_t slot, int w, uint64_t bits) {
    const Prepared *t = s->t;
    if (!s->progress.max_nodes || s->progress.nodes < s->progress.max_nodes) return;  /* as hand_off */
    int32_t length = depth + 1;
    if (!(s->left & (s->left - 1))) {
        for (slot = next_match(s, empty, slot); slot != ~0u;
             slot = next_match(s, empty, (slot + 1) & ((1u << t->by_cells_log) - 1))) {
            int32_t id = t->original[t->by_cells[slot]];
            rows_push(&s->rest, &length, 1);
            rows_push(&s->rest, s->row, depth);
            rows_push(&s->rest, &id, 1);
        }
        return;
    }
    int c = __builtin_ctzll(empty);
    for (;;) {
        for (; bits; bits &= bits - 1) {
            int32_t id = t->original[(w << 6) + __builtin_ctzll(bits)];
            rows_push(&s->rest, &length, 1);
            rows_push(&s->rest, s->row, depth);
            rows_push(&s->rest, &id, 1);
        }
        if (++w > (t->first[c + 1] - 1) >> 6) return;
        bits = group_word(t, c, live, made, nmade, w);
    }
}

/* Placement p made at level `depth` of the pockets' search (live: the level's, next: the child's); whether to
 * stop. Its region check comes before the child's live set: a third of Bedlam's placements end there. */
static ALWAYS_INLINE int pockets_child(Search *s, int depth, Cells filled, Cells all, int p, const uint64_t *live,
                                       uint64_t *next, int start) {
    const Prepared *t = s->t;
    const int W = t->nwords, type = t->type[p];
    s->row[depth] = t->original[p];
    Cells now = filled | t->mask[p];
    if (now == all) return found(s, depth + 1);
    if (--s->counts[type] == 0) s->left &= ~((uint64_t)1 << (type & 63));
    int stop = 0;
    int32_t made[FINISH + 1] = {p};
    if (!regions_fit(s, all & ~now, t->halo[p]))
        PROFILE(s, CUT_OFF, 1);
    else {
        if (t->by_cells && __builtin_popcountll(s->left) <= FINISH) {
            PROFILE(s, FINISHES, 1);
            stop = finish(s, depth + 1, (uint64_t)(all & ~now), live, made, 1);
        } else {
            const uint64_t *conflict = t->conflict + (size_t)p * W;
            for (int v = start; v < W; v++) next[v] = live[v] & ~conflict[v];
            if (!s->counts[type] && t->copies[type] > 1) {  /* the last copy: its piece's placements go */
                const uint64_t *piece = t->piece + (size_t)type * W;
                for (int v = start; v < W; v++) next[v] &= ~piece[v];
            }
            stop = descend_pockets(s, depth + 1, now, all, 0);
        }
    }
    if (s->counts[type]++ == 0) s->left |= (uint64_t)1 << (type & 63);
    return stop;
}

/* After a stop at level `depth` on the node budget: the work left at that level, as prefixes another search
 * takes up, each [its length, the table's ids of the placements made above, a candidate not tried]: the candidates
 * of `bits` (the rest of word w), then of the words after it up to hi. The levels above add theirs as the stop
 * unwinds, so the prefixes cover exactly the packings this search did not reach (--jobs splits long parts so). */
static void hand_off(Search *s, int depth, const uint64_t *live, const uint64_t *choices, int w, uint64_t bits,
                     int hi) {
    if (!s->progress.max_nodes || s->progress.nodes < s->progress.max_nodes) return;  /* a limit or Ctrl-C: no one
                                                                                    * takes the rest up */
    int32_t length = depth + 1;
    for (;;) {
        for (; bits; bits &= bits - 1) {
            int32_t id = s->t->original[(w << 6) + __builtin_ctzll(bits)];
            rows_push(&s->rest, &length, 1);
            rows_push(&s->rest, s->row, depth);
            rows_push(&s->rest, &id, 1);
        }
        if (++w >= hi) return;
        bits = live[w] & choices[w];
    }
}

/* descend, made twice (below) with `tallied` a constant, so that the pockets' search carries no test of it. */
static ALWAYS_INLINE int descend(Search *s, int depth, Cells filled, Cells all, Cells changed, const int tallied) {
    const Prepared *t = s->t;
    const int W = t->nwords;
    if (filled == all) return found(s, depth);
    Cells empty = all & ~filled;
    const uint64_t *live = s->live + (size_t)depth * W;
    uint64_t *next = s->live + (size_t)(depth + 1) * W;
    int32_t from = t->first[lowest_cell(empty)];
    int start = from >> 6;
    int fewest = INT32_MAX, c = -1;
    const int16_t *tally = tallied ? s->tally + (size_t)depth * MAX_CELLS : NULL;
    int16_t *after = tallied ? s->tally + (size_t)(depth + 1) * MAX_CELLS : NULL;  /* the child's tally */
    if (tally) {
        c = fewest_cell(tally, &fewest);
        if (!fewest) return 0;
    }
    if (!tally || fewest > 1) {  /* a forced cell's check waits for its one child, which grows both at once */
        if (!regions_fit(s, empty, changed)) return 0;  /* the pockets' children: checked before (changed = 0) */
        changed = 0;
    }
    int type = tally ? branch_piece(s, live, start, &fewest) : pockets_choice(s, live, empty, from, &c, &fewest);
    PROFILE(s, NODES, 0);
    PROFILE_LIVE(s, live, start);
    if (type == DEAD) {
        PROFILE(s, DEAD_NODES, 0);
        return 0;
    }
    int lo = start, hi = W;
    const uint64_t *choices = t->piece + (size_t)type * W;  /* the live placements of the piece, or the cell's */
    if (type < 0) {
        cover_words(t, c, from, &lo, &hi);
        choices = t->cover + (size_t)c * W;
    }
    for (int w = lo; w < hi; w++)
        for (uint64_t bits = live[w] & choices[w]; bits; bits &= bits - 1) {
            int p = (w << 6) + __builtin_ctzll(bits);
            type = t->type[p];
            if (should_stop(s)) {
                hand_off(s, depth, live, choices, w, bits, hi);
                return 1;
            }
            s->progress.nodes++;
            PROFILE(s, PLACED, 0);
            const uint64_t *conflict = t->conflict + (size_t)p * W;
            if (!tallied) {
                int stop = pockets_child(s, depth, filled, all, p, live, next, start);
                if (stop) {
                    hand_off(s, depth, live, choices, w, bits & (bits - 1), hi);
                    return 1;
                }
                continue;
            }
            if (tally) {
                memcpy(after, tally, MAX_CELLS * sizeof(int16_t));
                for (int v = start; v < W; v++) {
                    uint64_t gone = live[v] & conflict[v];
                    next[v] = live[v] & ~gone;
                    untally(t, after, gone, v);
                }
            } else
                for (int v = start; v < W; v++) next[v] = live[v] & ~conflict[v];
            if (--s->counts[type] == 0 && t->copies[type] > 1) {  /* the last copy: its piece's placements go */
                const uint64_t *piece = t->piece + (size_t)type * W;
                for (int v = start; v < W; v++) {
                    if (tally) untally(t, after, next[v] & piece[v], v);
                    next[v] &= ~piece[v];
                }
            }
            if (tally)
                for (int32_t k = t->cells_from[p]; k < t->cells_from[p + 1]; k++) after[t->cells_of[k]] = FILLED;
            s->row[depth] = t->original[p];
            int stop = tallied ? descend_tallied(s, depth + 1, filled | t->mask[p], all, changed | t->halo[p])
                               : descend_pockets(s, depth + 1, filled | t->mask[p], all, t->halo[p]);
            s->counts[type]++;
            if (stop) {
                hand_off(s, depth, live, choices, w, bits & (bits - 1), hi);
                return 1;
            }
        }
    return 0;
}

static int descend_tallied(Search *s, int depth, Cells filled, Cells all, Cells changed) {
    return descend(s, depth, filled, all, changed, 1);
}

static int descend_pockets(Search *s, int depth, Cells filled, Cells all, Cells changed) {
    return descend(s, depth, filled, all, changed, 0);
}

/* Level 0's live placements: every placement of a piece with copies left that misses the filled cells. */
static void first_level(Search *s, Cells filled) {
    const Prepared *t = s->t;
    memset(s->live, 0, (size_t)t->nwords * sizeof(uint64_t));
    for (int p = 0; p < t->nplacements; p++)
        if (s->counts[t->type[p]] > 0 && !(t->mask[p] & filled)) s->live[p >> 6] |= (uint64_t)1 << (p & 63);
}

/* The target's cells, and the filled ones, in the scan order. */
static void target_cells(const Prepared *t, const uint8_t *occupied, Cells *all, Cells *filled) {
    *all = *filled = 0;
    for (int c = 0; c < t->ncells; c++) {
        *all |= (Cells)1 << t->rank[c];
        if (occupied[c]) *filled |= (Cells)1 << t->rank[c];
    }
}

/* Level 0's tally: each empty cell's live placements; FILLED for the filled cells and those past the target. */
static void first_tally(Search *s, Cells filled) {
    const Prepared *t = s->t;
    for (int c = 0; c < MAX_CELLS; c++) s->tally[c] = c < t->ncells && !(filled >> c & 1) ? 0 : FILLED;
    for (int p = 0; p < t->nplacements; p++)
        if (s->live[p >> 6] >> (p & 63) & 1)
            for (int32_t k = t->cells_from[p]; k < t->cells_from[p + 1]; k++) s->tally[t->cells_of[k]]++;
}

/* Level 0's live placements for a task's placements (the table's ids), as first_level finds them: every
 * placement but those the task's rule out (their conflicts: sharing a cell, or their piece's when it has one
 * copy) and those of a piece with no copies left; a few word operations for each placement made, not a test of
 * every placement (each task of a unit starts so: first_level was 2 % of the time of Bedlam's 15,909). */
static void task_level(Search *s, const int32_t *number, const int32_t *ids, int k) {
    const Prepared *t = s->t;
    const int W = t->nwords;
    uint64_t *live = s->live;
    memset(live, 0xff, (size_t)W * sizeof(uint64_t));
    if (t->nplacements % 64) live[W - 1] = ((uint64_t)1 << (t->nplacements % 64)) - 1;
    else live[W - 1] = 0;  /* nwords = nplacements / 64 + 1: the last word holds none */
    for (int j = 0; j < k; j++) {
        const uint64_t *conflict = t->conflict + (size_t)number[ids[j]] * W;
        for (int w = 0; w < W; w++) live[w] &= ~conflict[w];
    }
    for (int type = 0; type < t->ntypes; type++)
        if (!s->counts[type] && t->copies[type] != 1) {  /* one copy, placed: its conflicts ruled its piece out */
            const uint64_t *piece = t->piece + (size_t)type * W;
            for (int w = 0; w < W; w++) live[w] &= ~piece[w];
        }
}

/* Every packing of the target's cells `all` with the cells `filled` filled, from level 0's live placements;
 * whether the search stopped. */
static int run(Search *s, Cells all, Cells filled) {
    if (s->tally) first_tally(s, filled);
    int stop = s->tally ? descend_tallied(s, 0, filled, all, all) : descend_pockets(s, 0, filled, all, all);
    s->progress.finished = !stop;
    return stop;
}

/* ---- preparing a table ---- */

static void free_prepared(Prepared *t) {
    if (!t) return;
    free(t->original); free(t->type); free(t->mask); free(t->halo); free(t->first); free(t->reach); free(t->cover);
    free(t->conflict); free(t->piece); free(t->copies); free(t->size); free(t->weight); free(t->rank); free(t->near); free(t->pair); free(t->by_cells);
    free(t->cells_of); free(t->cells_from);
    free(t);
}

static void destroy_capsule(PyObject *capsule) {
    free_prepared(PyCapsule_GetPointer(capsule, "foldkit.packing.front"));
}

/* Raise ValueError unless every index is in range and the cells fit. */
static int check_prepared(int ncells, Py_buffer *types, Py_buffer *offsets, Py_buffer *cells, Py_buffer *near_offsets,
                          Py_buffer *near, Py_buffer *order, Py_buffer *copies) {
    Py_ssize_t nplacements = types->len / 4, ntypes = copies->len / 4;
    const int32_t *ty = types->buf, *off = offsets->buf, *cl = cells->buf, *rank = order->buf;
    if (ncells < 1 || ncells > MAX_CELLS) return bad_table("this search takes 1 to 128 cells");
    if (offsets->len != (nplacements + 1) * 4 || order->len != (Py_ssize_t)ncells * 4 || off[0] != 0 ||
        (Py_ssize_t)off[nplacements] * 4 != cells->len)
        return bad_table("buffer sizes");
    for (Py_ssize_t p = 0; p < nplacements; p++)
        if (ty[p] < 0 || ty[p] >= ntypes || off[p] >= off[p + 1]) return bad_table("placement types");
    for (Py_ssize_t k = 0; k < cells->len / 4; k++)
        if (cl[k] < 0 || cl[k] >= ncells) return bad_table("cells");
    uint8_t seen[MAX_CELLS] = {0};
    for (int c = 0; c < ncells; c++) {
        if (rank[c] < 0 || rank[c] >= ncells || seen[rank[c]]) return bad_table("order");
        seen[rank[c]] = 1;
    }
    return check_neighbours(ncells, near_offsets, near);
}

/* The distances between neighbours' numbers in the scan order, for growing regions by shifts (none when
 * there are more than MAX_STEPS of them). */
static void find_steps(Prepared *t) {
    t->nsteps = 0;
    for (int c = 0; c < t->ncells; c++)
        for (Cells near = t->near[c]; near; near &= near - 1) {
            int other = lowest_cell(near), step = abs(other - c), k = 0;
            while (k < t->nsteps && t->step[k] != step) k++;
            if (k == MAX_STEPS) { t->nsteps = 0; return; }
            if (k == t->nsteps) {
                t->step[t->nsteps++] = step;
                t->up[k] = t->down[k] = 0;
            }
            if (other > c) t->up[k] |= (Cells)1 << c; else t->down[k] |= (Cells)1 << c;
        }
}

/* Placements renumbered by their lowest cell in the scan order (then by id, a counting sort), with the sets
 * that make a node cheap. */
static int number_placements(Prepared *t, const int32_t *types, const int32_t *offsets, const int32_t *cells) {
    const int P = t->nplacements, W = t->nwords;
    int32_t *lowest = malloc(((size_t)P + 1) * sizeof(int32_t));
    if (!lowest) return -1;
    memset(t->first, 0, ((size_t)t->ncells + 1) * sizeof(int32_t));
    for (int p = 0; p < P; p++) {
        Cells mask = 0;
        for (int32_t k = offsets[p]; k < offsets[p + 1]; k++) mask |= (Cells)1 << t->rank[cells[k]];
        lowest[p] = lowest_cell(mask);
        t->first[lowest[p] + 1]++;
    }
    for (int c = 0; c < t->ncells; c++) t->first[c + 1] += t->first[c];
    int32_t *at = malloc(((size_t)t->ncells + 1) * sizeof(int32_t));
    if (!at) { free(lowest); return -1; }
    memcpy(at, t->first, (size_t)t->ncells * sizeof(int32_t));
    for (int p = 0; p < P; p++) {
        int q = at[lowest[p]]++;
        t->original[q] = p;
        t->type[q] = types[p];
        t->mask[q] = 0;
        for (int32_t k = offsets[p]; k < offsets[p + 1]; k++) t->mask[q] |= (Cells)1 << t->rank[cells[k]];
        t->size[types[p]] = offsets[p + 1] - offsets[p];
    }
    free(at);
    free(lowest);
    for (int c = 0; c < t->ncells; c++) t->reach[c] = t->first[c + 1];
    for (int q = P - 1; q >= 0; q--)
        for (Cells m = t->mask[q]; m; m &= m - 1) {
            int c = lowest_cell(m);
            t->reach[c] = q;
            t->cover[(size_t)c * W + (q >> 6)] |= (uint64_t)1 << (q & 63);
        }
    for (int q = 0; q < P; q++) {
        t->piece[(size_t)t->type[q] * W + (q >> 6)] |= (uint64_t)1 << (q & 63);
        uint64_t *conflict = t->conflict + (size_t)q * W;
        for (Cells m = t->mask[q]; m; m &= m - 1) {
            int c = lowest_cell(m), hi = ((t->first[c + 1] - 1) >> 6) + 1;  /* q covers c: the run is not empty */
            for (int w = t->reach[c] >> 6; w < hi; w++) conflict[w] |= t->cover[(size_t)c * W + w];
        }
    }
    for (int q = 0; q < P; q++)
        if (t->copies[t->type[q]] == 1)
            for (int w = 0; w < W; w++) t->conflict[(size_t)q * W + w] |= t->piece[(size_t)t->type[q] * W + w];
    return 0;
}

/* Each placement's cells as a list (for the tally), in the placements' new numbering. */
static int list_cells(Prepared *t, const int32_t *offsets) {
    t->cells_from = malloc(((size_t)t->nplacements + 1) * sizeof(int32_t));
    t->cells_of = malloc((size_t)offsets[t->nplacements] + 1);
    if (!t->cells_from || !t->cells_of) return -1;
    int32_t k = 0;
    for (int q = 0; q < t->nplacements; q++) {
        t->cells_from[q] = k;
        for (Cells m = t->mask[q]; m; m &= m - 1) t->cells_of[k++] = (uint8_t)lowest_cell(m);
    }
    t->cells_from[t->nplacements] = k;
    return 0;
}

/* Prepared.weight: each size a digit of the key, in the order the sizes first come; all 0 (one key, never
 * remembered) when the key would not fit in 63 bits (the pieces' copies add up to far more than a target holds). */
static void size_weights(Prepared *t) {
    uint64_t base = 1;
    t->remember = 1;
    for (int type = 0; type < t->ntypes; type++) {
        int first = 0;
        while (t->size[first] != t->size[type]) first++;
        if (first < type) {
            t->weight[type] = t->weight[first];
            continue;
        }
        uint64_t copies = 0;
        for (int other = type; other < t->ntypes; other++)
            if (t->size[other] == t->size[type]) copies += (uint64_t)t->copies[other];
        t->weight[type] = base;
        if (__builtin_mul_overflow(base, copies + 1, &base) || base >> 63) {
            memset(t->weight, 0, (size_t)t->ntypes * sizeof(uint64_t));
            t->remember = 0;
            return;
        }
    }
}

/* Prepared.by_cells: every placement hashed by its cells, in a table at most half full. */
static int hash_by_cells(Prepared *t) {
    size_t P = (size_t)t->nplacements;
    t->by_cells_log = 1;
    while ((size_t)1 << t->by_cells_log < 2 * P) t->by_cells_log++;
    uint32_t slots = 1u << t->by_cells_log;
    t->by_cells = malloc(slots * sizeof(int32_t));
    if (!t->by_cells) return -1;
    memset(t->by_cells, 0xff, slots * sizeof(int32_t));
    for (size_t p = 0; p < P; p++) {
        uint32_t slot = cells_slot(t, (uint64_t)t->mask[p]);
        while (t->by_cells[slot] >= 0) slot = (slot + 1) & (slots - 1);
        t->by_cells[slot] = (int32_t)p;
    }
    return 0;
}

static Prepared *make_prepared(int ncells, Py_buffer *types, Py_buffer *offsets, Py_buffer *cells,
                               Py_buffer *near_offsets, Py_buffer *near, Py_buffer *order, Py_buffer *copies) {
    Prepared *t = calloc(1, sizeof(Prepared));
    if (!t) return NULL;
    size_t P = (size_t)(types->len / 4), T = (size_t)(copies->len / 4), C = (size_t)ncells;
    t->ncells = ncells;
    t->nplacements = (int)P;
    t->ntypes = (int)T;
    t->nwords = (int)(P / 64 + 1);
    size_t W = (size_t)t->nwords;
    t->original = malloc((P + 1) * sizeof(int32_t));
    t->type = malloc((P + 1) * sizeof(int32_t));
    t->mask = malloc((P + 1) * sizeof(Cells));
    t->halo = calloc(P + 1, sizeof(Cells));
    t->first = malloc((C + 1) * sizeof(int32_t));
    t->reach = malloc((C + 1) * sizeof(int32_t));
    t->cover = calloc(C * W, sizeof(uint64_t));
    t->conflict = calloc(P * W + 1, sizeof(uint64_t));
    t->piece = calloc(T * W + 1, sizeof(uint64_t));
    t->copies = malloc((T + 1) * sizeof(int32_t));
    t->size = calloc(T + 1, sizeof(int32_t));
    t->weight = calloc(T + 1, sizeof(uint64_t));
    t->rank = malloc(C * sizeof(int32_t));
    if (!t->original || !t->type || !t->mask || !t->halo || !t->first || !t->reach || !t->cover || !t->conflict || !t->piece ||
        !t->copies || !t->size || !t->weight || !t->rank)
        goto fail;
    memcpy(t->rank, order->buf, C * sizeof(int32_t));
    memcpy(t->copies, copies->buf, T * sizeof(int32_t));
    if (near_offsets->len) {
        const int32_t *no = near_offsets->buf, *nc = near->buf;
        t->near = calloc(C, sizeof(Cells));
        if (!t->near) goto fail;
        for (size_t c = 0; c < C; c++)
            for (int32_t k = no[c]; k < no[c + 1]; k++) t->near[t->rank[c]] |= (Cells)1 << t->rank[nc[k]];
        find_steps(t);
    }
    if (number_placements(t, types->buf, offsets->buf, cells->buf) || list_cells(t, offsets->buf)) goto fail;
    for (size_t p = 0; t->near && p < P; p++)
        for (Cells m = t->mask[p]; m; m &= m - 1) t->halo[p] |= t->near[lowest_cell(m)] & ~t->mask[p];
    size_weights(t);
    t->same_size = T ? t->size[0] : 0;
    t->pockets = t->nsteps > 0;
    for (size_t type = 0; type < T; type++) {
        if (t->size[type] != t->same_size) t->same_size = 0;
        if (t->copies[type] > 1) t->pockets = 0;
    }
    if (t->pockets && C <= 64 && T <= 64) {  /* the one-word tally (see pockets_choice) */
        t->pair = malloc((P + 1) * sizeof(Pair));
        if (!t->pair) goto fail;
        for (size_t p = 0; p < P; p++) t->pair[p] = (Pair){(uint64_t)t->mask[p], (uint64_t)1 << t->type[p]};
        if (hash_by_cells(t)) goto fail;
    }
    return t;
fail:
    free_prepared(t);
    return NULL;
}

static PyObject *prepare(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"ncells", "placement_piece", "placement_cell_offsets", "placement_cells",
                               "cell_neighbour_offsets", "cell_neighbours", "scan_order", "copies", NULL};
    int ncells;
    Py_buffer types, offsets, cells, near_offsets, near, order, copies;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iy*y*y*y*y*y*y*", keywords, &ncells, &types, &offsets, &cells,
                                     &near_offsets, &near, &order, &copies))
        return NULL;
    PyObject *result = NULL;
    if (!check_prepared(ncells, &types, &offsets, &cells, &near_offsets, &near, &order, &copies)) {
        Prepared *t = make_prepared(ncells, &types, &offsets, &cells, &near_offsets, &near, &order, &copies);
        if (!t)
            PyErr_NoMemory();
        else if (!(result = PyCapsule_New(t, "foldkit.packing.front", destroy_capsule)))
            free_prepared(t);
    }
    PyBuffer_Release(&types); PyBuffer_Release(&offsets); PyBuffer_Release(&cells);
    PyBuffer_Release(&near_offsets); PyBuffer_Release(&near); PyBuffer_Release(&order); PyBuffer_Release(&copies);
    return result;
}

/* Raise ValueError unless the counts, cells and options fit the table. */
static int check_search(const Prepared *t, Py_buffer *counts, Py_buffer *occupied, const Options *options) {
    if (counts->len != (Py_ssize_t)t->ntypes * 4 || occupied->len != t->ncells) return bad_table("buffer sizes");
    const int32_t *left = counts->buf;
    for (int type = 0; type < t->ntypes; type++)  /* one copy's conflicts rule out its piece's placements */
        if (left[type] > t->copies[type]) return bad_table("more copies left than the puzzle has");
    return check_options(t->nplacements, options);
}

/* The work a stopped search left (see hand_off), appended to the list `rest` as int32 bytes; -1 with the
 * exception set when that fails. */
static int hand_over(PyObject *rest, const Rows *left) {
    PyObject *data = PyBytes_FromStringAndSize((const char *)left->data, left->size * (Py_ssize_t)sizeof(int32_t));
    int appended = data ? PyList_Append(rest, data) : -1;
    Py_XDECREF(data);
    return appended;
}

/* A search of the prepared table with these options: its tally and its own memory; -1 with MemoryError set. */
static int start_search(Search *s, const Prepared *t, const Options *options) {
    s->t = t;
    if (tally_start(&s->progress, options, t->nplacements)) return -1;
    s->counts = malloc(((size_t)t->ntypes + 1) * sizeof(int32_t));
    s->live = malloc(((size_t)t->ncells + 2) * (size_t)t->nwords * sizeof(uint64_t));
    s->row = calloc((size_t)t->ncells + 1, sizeof(int32_t));
    s->tally = t->pockets ? NULL : malloc(((size_t)t->ncells + 2) * MAX_CELLS * sizeof(int16_t));
    if (!s->counts || !s->live || !s->row || (!t->pockets && !s->tally)) { PyErr_NoMemory(); return -1; }
    for (int slot = 0; slot < 1 << VOLUME_SLOTS_LOG; slot++) s->volumes[slot].key = ~(uint64_t)0;
    return 0;
}

/* The copies left of each piece, and the pieces with some left. */
static void set_counts(Search *s, const int32_t *counts) {
    memcpy(s->counts, counts, (size_t)s->t->ntypes * sizeof(int32_t));
    s->left = 0;
    for (int type = 0; type < s->t->ntypes && type < 64; type++)
        if (s->counts[type]) s->left |= (uint64_t)1 << type;
}

/* Free what start_search made (it may have stopped half way), and release the options' buffers. */
static void end_search(Search *s, Options *options) {
    tally_release(&s->progress, options);
    free(s->rest.data); free(s->counts); free(s->live); free(s->row); free(s->tally);
}

static PyObject *search(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"prepared", "counts", "occupied", OPTION_KEYWORDS, "rest", NULL};
    PyObject *capsule, *rest = Py_None;
    Py_buffer counts, occupied;
    Options options = default_options();
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oy*y*|" OPTION_FORMAT "O", keywords, &capsule, &counts, &occupied,
                                     OPTION_TARGETS(options), &rest))
        return NULL;
    PyObject *result = NULL;
    Search s = {0};
    const Prepared *t = PyCapsule_GetPointer(capsule, "foldkit.packing.front");
    if (!t || check_search(t, &counts, &occupied, &options)) goto out;
    if (rest != Py_None && !PyList_Check(rest)) { PyErr_SetString(PyExc_TypeError, "rest must be a list"); goto out; }
    if (start_search(&s, t, &options)) goto out;
    set_counts(&s, counts.buf);
    Cells all, filled;
    target_cells(t, occupied.buf, &all, &filled);
    tally_release_gil(&s.progress);
    first_level(&s, filled);
    run(&s, all, filled);
    tally_take_gil(&s.progress);
    result = tally_result(&s.progress);
    if (result && (s.rest.failed || (s.rest.size && rest != Py_None && hand_over(rest, &s.rest)))) {
        Py_CLEAR(result);
        if (s.rest.failed) PyErr_NoMemory();
    }
out:
    end_search(&s, &options);
    PyBuffer_Release(&counts);
    PyBuffer_Release(&occupied);
    return result;
}

/* ---- a unit of work: many tasks searched in one call ---- */

/* search_tasks' tasks are records, one after the other, each [its weight, its length, the table's ids of its
 * placements made]; the copies left are the puzzle's less those placed. The work a search stopped by its budget
 * leaves is dealt out in turn to `ways` lists of such records. */
enum { WEIGHT, LENGTH, IDS };  /* a record's slots */
enum { MOST_WAYS = 64 };

/* What a unit's searches found, added up over its tasks. */
typedef struct {
    int32_t *number;         /* table id -> the placement's number in the prepared table */
    long long packings, stabilisers, found;  /* the packings (weighted), their stabilisers (weighted), found */
    long long keep;          /* the packings to keep whole (-1: all) */
    Rows kept;               /* the packings kept, each its task's placements then the search's */
    Rows rest[MOST_WAYS];    /* the work left, as records */
    int ways, dealt, failed;
} Unit;

/* Raise ValueError unless the tasks are whole records of weights from 1 and ids in range, each placing no more
 * copies of a piece than the puzzle has, and no two of a record's placements sharing a cell. */
static int check_tasks(const Prepared *t, const int32_t *number, const int32_t *task, Py_ssize_t n) {
    int32_t *left = malloc(((size_t)t->ntypes + 1) * sizeof(int32_t));
    if (!left) { PyErr_NoMemory(); return -1; }
    int bad = 0;
    for (Py_ssize_t at = 0; at < n && !bad; at += IDS + task[at + LENGTH]) {
        if (at + IDS > n || task[at + WEIGHT] < 1 || task[at + LENGTH] < 0 || task[at + LENGTH] > n - at - IDS) {
            bad = bad_table("tasks: records of a weight from 1, a length, that many placements");
            break;
        }
        memcpy(left, t->copies, (size_t)t->ntypes * sizeof(int32_t));
        Cells filled = 0;
        for (int32_t k = 0; k < task[at + LENGTH] && !bad; k++) {
            int32_t id = task[at + IDS + k];
            if (id < 0 || id >= t->nplacements) bad = bad_table("tasks: a placement id");
            else if (t->mask[number[id]] & filled) bad = bad_table("tasks: placements that overlap");
            else if (--left[t->type[number[id]]] < 0) bad = bad_table("tasks: more copies than the puzzle has");
            else filled |= t->mask[number[id]];
        }
    }
    free(left);
    return bad;
}

/* A record of work left, [weight, length, the prefix's ids then the ids], to the next of the unit's ways. */
static void deal(Unit *u, int32_t weight, const int32_t *prefix, int32_t k, const int32_t *ids, int32_t n) {
    Rows *rest = &u->rest[u->dealt++ % u->ways];
    int32_t head[2] = {weight, k + n};
    rows_push(rest, head, 2);
    rows_push(rest, prefix, k);
    rows_push(rest, ids, n);
    u->failed |= rest->failed;
}

/* Search one task (its record) to the end or to the budget: its packings, their stabilisers and the rows kept
 * (whole) into the unit, and the work it left dealt out; whether it stopped. */
static int search_task(Search *s, Unit *u, const int32_t *record) {
    const Prepared *t = s->t;
    Tally *progress = &s->progress;
    const int32_t weight = record[WEIGHT], k = record[LENGTH], *ids = record + IDS;
    Cells filled = 0;
    set_counts(s, t->copies);
    for (int32_t j = 0; j < k; j++) {
        int q = u->number[ids[j]];
        filled |= t->mask[q];
        if (--s->counts[t->type[q]] == 0 && t->type[q] < 64) s->left &= ~((uint64_t)1 << t->type[q]);
        progress->in_row[ids[j]] = 1;  /* for the stabilisers: the task's placements are the packing's too */
    }
    progress->weight = weight;
    progress->chosen = ids;
    progress->nchosen = k;
    long long packings = progress->packings, stabilisers = progress->stabilisers;
    Cells all = t->ncells == MAX_CELLS ? ~(Cells)0 : ((Cells)1 << t->ncells) - 1;
    task_level(s, u->number, ids, k);
    int stop = run(s, all, filled);
    for (int32_t j = 0; j < k; j++) progress->in_row[ids[j]] = 0;
    u->packings += (progress->packings - packings) * weight;
    u->stabilisers += (progress->stabilisers - stabilisers) * weight;
    int32_t width = 0;  /* the search's placements in each packing: the copies left */
    for (int type = 0; type < t->ntypes; type++) width += s->counts[type];
    for (long long j = 0; j < progress->packings - packings; j++, u->found++)
        if (u->keep < 0 || u->found < u->keep) {  /* a task that is a packing already pushed no row: width 0 */
            rows_push(&u->kept, ids, k);
            rows_push(&u->kept, progress->rows.data + j * width, width);
            u->failed |= u->kept.failed;
        }
    progress->rows.size = 0;
    for (Py_ssize_t at = 0; at < s->rest.size; at += 1 + s->rest.data[at])
        deal(u, weight, ids, k, s->rest.data + at + 1, s->rest.data[at]);
    s->rest.size = 0;
    u->failed |= progress->rows.failed | s->rest.failed;
    return stop;
}

/* Search the tasks (n int32s of records) one after another until the budget of placements was made; the work
 * left then (what the search stopped leaves, and the tasks not begun) dealt out. Whether every task ended. */
static int search_unit(Search *s, Unit *u, const int32_t *task, Py_ssize_t n) {
    Tally *progress = &s->progress;
    for (Py_ssize_t at = 0; at < n; at += IDS + task[at + LENGTH]) {
        if (progress->max_nodes && progress->nodes >= progress->max_nodes) {
            for (; at < n; at += IDS + task[at + LENGTH])
                deal(u, task[at + WEIGHT], task + at + IDS, task[at + LENGTH], NULL, 0);
            return 0;
        }
        if (!search_task(s, u, task + at) && !u->failed) continue;
        if (!progress->interrupted && !u->failed &&
            __atomic_load_n(&progress->control[STOP], __ATOMIC_RELAXED) == RUN)  /* the budget: others go on */
            for (at += IDS + task[at + LENGTH]; at < n; at += IDS + task[at + LENGTH])
                deal(u, task[at + WEIGHT], task + at + IDS, task[at + LENGTH], NULL, 0);
        return 0;
    }
    return 1;
}

/* search_tasks' answer (see the module's comment); NULL with the exception set when memory ran out or a signal
 * handler raised. */
static PyObject *unit_result(const Search *s, const Unit *u, int finished) {
    if (s->progress.interrupted) return NULL;
    if (u->failed) return PyErr_NoMemory();
    PyObject *rest = PyTuple_New(u->ways);
    for (int way = 0; rest && way < u->ways; way++) {
        PyObject *records = PyBytes_FromStringAndSize((const char *)u->rest[way].data,
                                                      u->rest[way].size * (Py_ssize_t)sizeof(int32_t));
        if (!records) Py_CLEAR(rest);
        else PyTuple_SET_ITEM(rest, way, records);
    }
    PyObject *kept = PyBytes_FromStringAndSize((const char *)u->kept.data, u->kept.size * (Py_ssize_t)sizeof(int32_t));
    if (!rest || !kept) { Py_XDECREF(rest); Py_XDECREF(kept); return NULL; }
    return Py_BuildValue("NLLOLLN", kept, u->packings, s->progress.nodes, finished ? Py_True : Py_False,
                         u->stabilisers, u->found, rest);
}

static PyObject *search_tasks(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"prepared", "tasks", "max_nodes", "limit", "keep", "group", "control",
                               "check_signals", "ways", NULL};
    PyObject *capsule, *result = NULL;
    Py_buffer tasks;
    Options options = default_options();
    Search s = {0};
    Unit u = {0};
    u.ways = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oy*|LLLy*w*pi", keywords, &capsule, &tasks, &options.max_nodes,
                                     &options.limit, &options.keep, &options.group, &options.control,
                                     &options.check_signals, &u.ways))
        return NULL;
    u.keep = options.keep;
    options.keep = -1;  /* the search keeps every row of a task; the unit keeps the first `keep` */
    const Prepared *t = PyCapsule_GetPointer(capsule, "foldkit.packing.front");
    const int32_t *task = tasks.buf;
    Py_ssize_t n = tasks.len / 4;
    if (!t || check_options(t->nplacements, &options)) goto out;
    if (tasks.len % 4 || u.ways < 1 || u.ways > MOST_WAYS) { bad_table("tasks' size, or ways out of 1 to 64"); goto out; }
    if (!(u.number = malloc(((size_t)t->nplacements + 1) * sizeof(int32_t)))) { PyErr_NoMemory(); goto out; }
    for (int q = 0; q < t->nplacements; q++) u.number[t->original[q]] = q;
    if (check_tasks(t, u.number, task, n) || start_search(&s, t, &options)) goto out;
    tally_release_gil(&s.progress);
    int finished = search_unit(&s, &u, task, n);
    tally_take_gil(&s.progress);
    result = unit_result(&s, &u, finished);
out:
    end_search(&s, &options);
    free(u.number); free(u.kept.data);
    for (int way = 0; way < MOST_WAYS; way++) free(u.rest[way].data);
    PyBuffer_Release(&tasks);
    return result;
}

#ifdef FOLDKIT_PROFILE
/* The counters (a list, by the copies left, of lists in the order of the enum PROFILED's), set back to 0. */
static PyObject *profile(PyObject *self, PyObject *args) {
    (void)self; (void)args;
    PyObject *levels = PyList_New(MAX_CELLS + 1);
    for (int left = 0; levels && left <= MAX_CELLS; left++) {
        PyObject *counts = PyList_New(PROFILED);
        for (int what = 0; counts && what < PROFILED; what++)
            PyList_SET_ITEM(counts, what, PyLong_FromLongLong(profiled[left][what]));
        if (!counts) Py_CLEAR(levels);
        else PyList_SET_ITEM(levels, left, counts);
    }
    memset(profiled, 0, sizeof profiled);
    return levels;
}
#endif

static PyMethodDef methods[] = {
#ifdef FOLDKIT_PROFILE
    {"profile", profile, METH_NOARGS, "The profile's counters by the pieces left, set back to 0."},
#endif
    {"prepare", (PyCFunction)(void (*)(void))prepare, METH_VARARGS | METH_KEYWORDS, "The table made ready for search (a capsule, shared by threads)."},
    {"search", (PyCFunction)(void (*)(void))search, METH_VARARGS | METH_KEYWORDS,
     "Every packing of the empty cells (up to limit), branching on the front of empty cells."},
    {"search_tasks", (PyCFunction)(void (*)(void))search_tasks, METH_VARARGS | METH_KEYWORDS,
     "Every packing of many tasks, one after another, up to a budget of placements; the work left as records."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_front", "The packing search for targets of up to 128 cells.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__front(void) {
#ifdef NEEDS_POPCNT
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "this processor has no popcnt instruction");
        return NULL;
    }
#endif
    return PyModule_Create(&module);
}
