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
 * Prunes (see needed()): a partial net is dropped when some free square of a box cannot be
 * reached, over free squares, from a cell still untried (leaving it towards cells not yet seen); the same over pairs of states on two boxes
 * (their classes under the turns of the net: an eighth of the pairs), for small regions of free squares
 * and, from the middle on, for all; and the children that leave out the untried cells every free
 * square needs are never made (the cells reach it in the order tried), nor, below a node that flooded all pairs,
 * those whose cells' prefix missed a square there that is still free (see inherited_first()). The first
 * cell's neighbours are tried first, and once they are decided a partial net is dropped when a turn
 * of it about the first cell, made by an isometry keeping the pinned square, gives them earlier
 * sides (see turned_earlier()): of the |G| finds of a net, only those on other squares of the
 * pinned square's orbit, and turns that keep the sides, grow on; and once the cell on another square of
 * that orbit has its neighbours decided, the same with its sides (far_earlier()).
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
/* The flood over all pairs of states runs once area / 2 + PAIR_FLOOD_EARLIER squares or fewer are free, at
 * every other level (an even number of free squares); at the other levels the floods over pairs are only
 * those of each box's regions of free squares of at most REGION_SQUARES squares (a pair's flood never leaves
 * a region, so these are the whole flood's, there, for a few pairs). Measured (CPU seconds, 4 parts of 512
 * of area 38, load 11 to 16; the search before this one took 16.3 s for 4 of its parts): from area / 2 - 1
 * free squares, at every level, 7.6 s (20.4 million nodes); from area / 2 + 2, 7.1 s (7.6 million); from
 * area / 2 + 5, 7.7 s (5.8 million) and, at every other level, 6.9 s (7.8 million); without the regions'
 * floods, 7.4 s. A flood costs about as much as the nodes it saves, whichever the start. */
#define PAIR_FLOOD_EARLIER 5
#define REGION_SQUARES 6
/* The nodes a part split numbers: the nodes of this many cells (thousands per run, so parts even out). */
#define SPLIT_CELLS 9

/* Built with -DNETS_STATS (a profile, bench/nets_profile.py): per level, the nodes met and how many each prune
 * drops, the floods over all pairs and the pair classes they queue (their cost), printed to stderr at the end of a
 * run. */
#ifdef NETS_STATS
#include <stdio.h>
enum { MET, TURNED, ONE_BOX, PAIRS, REGIONS, PAIR_FLOODS, PAIRS_QUEUED, KINDS };
static long long stats[65][KINDS];
#define COUNT(level, kind) (stats[level][kind]++)
#define ADD(level, kind, n) (stats[level][kind] += (n))
#else
#define COUNT(level, kind) ((void)0)
#define ADD(level, kind, n) ((void)0)
#endif

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
    uint64_t *regions;                /* per level and box, the connected sets of free squares (see split_regions()) */
    int *nregions;                    /* per level and box: how many */
    /* the joint flood of two boxes' states, over classes of pairs (see pair_class()) */
    uint64_t *pair_seen, *region_seen;  /* per pair class, a bit (those of the floods over a small region's pairs) */
    int32_t *pair_queue;
    uint16_t *pair_next;              /* per pair class and direction U R D L: its neighbour's class that way, and
                                       * (bits BACK_SHIFT on) the direction back from there (see visit_pair()) */
    int16_t *pair_slot;               /* per state of the second box, turned: its slot in a pair class (-1: never met) */
    uint8_t *step_square, *step_turn; /* per square of the first box in frame 0, and direction U R D L: the
                                       * square its neighbour lies on, and the turn that brings it into frame 0 */
    int16_t *turned_step;             /* per turn k, direction d and state s of the second box: the state of s's
                                       * neighbour that way, turned by k */
    int32_t *turned[2];               /* [8][8A] on the first two boxes: a state once the net is turned by k */
    uint8_t *upright;                 /* per state of the first box: the turn that brings it into frame 0 */
    int32_t *net, size;               /* the cells placed, in order */
    int32_t *untried;                 /* every level's untried cells, one segment per level */
    /* per level whose node ran the flood over all pairs, for its children (see inherited_first()): the untried
     * cells from missed_from to missed_to (exclusive) whose prefixes were flooded and missed, and per such prefix the
     * free squares it missed on the first two boxes (two words) */
    uint64_t *missed;
    int *missed_from, *missed_to, missed_stride;
    /* for accepted() */
    const int32_t *symmetry;          /* [nsym][8A]: where each isometry of the pinned box sends each state */
    int nsym, frame_turns[8];
    int32_t *onto_pinned;             /* per isometry: the square it sends onto the pinned square */
    uint8_t *representative[MAX_BOXES]; /* per state: the smallest of its orbit */
    int32_t *probe, *queue, *image;   /* probe: per grid index, the state a folding gives (-1: none) */
    int32_t *on_square;               /* per square of the pinned box: the cell on it */
    int32_t *holder;                  /* per square of the pinned box: the net's cell on it (-1: none) */
    int far_isometries[64], nfar;     /* the isometries that send another square than the pinned one onto it */
    uint8_t turn_sides[8][16];        /* per turn k of the plane: where it sends each set of sides (bit d: U R D L) */
    uint8_t moved[8][4];              /* per turn k of the plane: where it sends each direction */
    int keeping_turns[8], nkeeping;   /* the turns of the net about its first cell that an isometry keeping the
                                       * pinned square in place makes */
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
 * folding of the net onto the pinned box gives a smaller one, in the order: the sides of the cell that
 * have a neighbour in the net (bits U R D L, turned with the image), the image's rows, columns, the
 * cell's row and column in the image, then the image itself row by row; and if no folding onto
 * another box gives the first cell a state of an earlier orbit than this run's. */

typedef struct { int sides, rows, cols, row, col, turn; int32_t cell; } Find;

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

/* The sides of the cell on which the net has a neighbour, bit d for direction d (U R D L). */
static int sides_of(const Search *S, int32_t cell) {
    int sides = 0;
    for (int d = 0; d < 4; d++) sides |= S->in_net[cell + S->offset[d]] << d;
    return sides;
}

/* The find of turn k with the given cell: its neighbours' sides, the image's size and the cell's place in it. */
static Find find_of(const Search *S, int k, int32_t cell) {
    int r = cell / S->W - S->top, c = cell % S->W - S->left, rows = S->height, cols = S->width, t;
    if (k & 4) { t = r; r = c; c = t; t = rows; rows = cols; cols = t; }
    if (k & 1) r = rows - 1 - r;
    if (k & 2) c = cols - 1 - c;
    Find f = {S->turn_sides[k][sides_of(S, cell)], rows, cols, r, c, k, cell};
    return f;
}

/* Negative if find a comes before find b, 0 if they are the same find. The sides of the cell come first, so
 * that the search can drop a find early (turned_earlier()). */
static int compare_finds(Search *S, const Find *a, const Find *b) {
    if (a->sides != b->sides) return a->sides - b->sides;
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

/* True if a cell is a neighbour of the first cell. */
static int beside_first(const Search *S, int32_t c) {
    int32_t first = S->net[0];
    return c == first - S->W || c == first + 1 || c == first + S->W || c == first - 1;
}

/* True, once the first cell's neighbours are all decided, if an isometry of the pinned box that keeps the
 * pinned square in place turns the net about the first cell into a find whose first cell has earlier sides:
 * then this find is not the one kept (compare_finds() orders by the sides first), nor is any net grown from
 * here. Of the turns such isometries make (8 on 1x1xn's end), most change the sides, and so cut the search
 * the more. */
static int turned_earlier(const Search *S) {
    int sides = sides_of(S, S->net[0]);
    for (int t = 0; t < S->nkeeping; t++)
        if (S->turn_sides[S->keeping_turns[t]][sides] < sides) return 1;
    return 0;
}

/* The sides of a net cell whose neighbours are still untried (bit d for direction d): a net cell's neighbours are all
 * seen, and one seen is out of the net for good unless it is in the net or still untried. */
static int open_sides(const Search *S, int32_t cell, const int32_t *untried, int count) {
    int open = 0;
    for (int i = 0; i < count; i++)
        for (int d = 0; d < 4; d++) open |= (untried[i] == cell + S->offset[d]) << d;
    return open;
}

/* True if, however the open sides of the cell on square q of the pinned box's orbit are decided, an isometry
 * g sending q onto the pinned square gives a find with earlier sides than the first cell's. */
static int surely_earlier(const Search *S, int32_t cell, int32_t q, int open, int own) {
    int known = sides_of(S, cell);
    for (int some = open;; some = (some - 1) & open) {  /* every subset of the open sides */
        int earlier = 0;
        for (int t = 0; t < S->nfar && !earlier; t++) {
            int g = S->far_isometries[t];
            if (S->onto_pinned[g] != q) continue;
            int32_t moved = S->symmetry[(size_t)g * 8 * S->area + S->state[0][cell]];
            earlier = S->turn_sides[S->frame_turns[moved & 7]][known | some] < own;
        }
        if (!earlier) return 0;
        if (!some) return 1;
    }
}

/* The same as turned_earlier() on the other squares of the pinned square's orbit, once the first cell's sides are
 * known: 1 if a net cell lies on one of them and an isometry sending it onto the pinned square gives a find with
 * earlier sides, however its neighbours still untried are decided (not this find, nor any grown from here, is
 * kept); 0 if not and those cells are all there, their neighbours decided (no later node can drop it so); -1 if
 * some cell or neighbour is still to come. */
static int far_earlier(const Search *S, const int32_t *untried, int count) {
    int own = sides_of(S, S->net[0]), pending = 0;
    for (int t = 0; t < S->nfar; t++) {
        int32_t q = S->onto_pinned[S->far_isometries[t]], cell = S->holder[q];
        if (t > 0 && q == S->onto_pinned[S->far_isometries[t - 1]]) continue;  /* a square's isometries come together */
        if (cell < 0) { pending = 1; continue; }
        int open = open_sides(S, cell, untried, count);
        if (surely_earlier(S, cell, q, open, own)) return 1;
        pending |= open != 0;
    }
    return pending ? -1 : 0;
}

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
    S->holder[S->state[0][c] >> 3] = on ? c : -1;
    for (int b = 0; b < S->nbox; b++) {
        int32_t square = S->state[b][c] >> 3;
        S->covered[b][square] = (uint8_t)on;
        S->covered_bits[b] ^= 1ULL << square;
    }
}

/* The prunes. A partial net can still grow into a net only if every free square of every box is reached,
 * over free squares, from the square of a cell still untried whose squares are free on every box (the
 * cells that will cover a connected set of free squares join the net through one beside it, so that one
 * is untried now). With two boxes or more, near the end, the same over pairs of states on the first two
 * boxes, since a cell to come takes a free square on both boxes at once, and its neighbours' states follow
 * from its own on both.
 * The floods leave an untried cell only towards its neighbours in the plane not yet seen: a cell to come
 * joins through a chain of cells to come from an untried cell, and the chain's second cell is unseen now
 * (a seen cell is in the net, untried, or out for good). An untried cell's own squares are hit, but it spreads
 * further only through those (area 22: 1.33 and 1.37 million nodes with one flood or the other leaving it every
 * way, 1.29 million with neither).
 * The child that adds untried cell i leaves out cells i+1 on for good, and every cell to come in it is
 * reached from cells 0 to i (its new untried cells are neighbours of cell i): so if cells 0 to i reach too
 * little, that child and every later one (i - 1 down to 0) are dead. The floods below add the untried
 * cells one at a time, in order, and give the first index whose cells reach every free square: the
 * children before it are never made. */

/* The squares of box b reached over the free squares from those reached, the frontier's still to spread; it may stop
 * as soon as every square of goal is reached. */
static uint64_t spread(const Search *S, int b, uint64_t reached, uint64_t frontier, uint64_t free_squares,
                       uint64_t goal) {
    const uint64_t *around = S->around[b];
    while (frontier && (reached & goal) != goal) {  /* breadth first: the goal beside a covered square comes soon */
        uint64_t more = 0;
        for (; frontier; frontier &= frontier - 1) more |= around[__builtin_ctzll(frontier)];
        frontier = more & free_squares & ~reached;
        reached |= frontier;
    }
    return reached;
}

/* A pair of states (a, b), its class under the turns of the net (one of them turned into frame 0 on the first
 * box, the other turned alike): a's square, then (PAIR_SHIFT bits) b's slot (see pair_slots()). */
#define PAIR_SHIFT 8
#define PAIR_MASK ((1 << PAIR_SHIFT) - 1)
#define BACK_SHIFT 14  /* a class's bits: a square of the first box (up to 64) and a slot */
#define CLASS_MASK ((1 << BACK_SHIFT) - 1)
#define PAIR_WORDS ((1 << PAIR_SHIFT) / 64)  /* the words of the pair classes of one square of the first box */
#define PREFETCH_AHEAD 4  /* dequeued classes (area 38 sample: 2, 4 and 8 alike) */
static inline int32_t pair_class(const Search *S, int32_t a, int32_t b) {
    return (a >> 3) << PAIR_SHIFT | S->pair_slot[S->turned[1][S->upright[a] * 8 * S->area + b]];
}

/* A flood over pair classes: the free squares on the first two boxes, the squares its classes hit there, its marks
 * and its queue's end. */
typedef struct { uint64_t free0, free1, hit0, hit1; uint64_t *seen; int tail; } PairFlood;

/* The 16 low bits of x, each made 4 bits (bit i: bits 4i to 4i + 3), by halving shifts (no loop over the bits). */
static inline uint64_t nibbles(uint64_t x) {
    x &= 0xffff;
    x = (x | x << 24) & 0x000000ff000000ffULL;
    x = (x | x << 12) & 0x000f000f000f000fULL;
    x = (x | x << 6) & 0x0303030303030303ULL;
    x = (x | x << 3) & 0x1111111111111111ULL;
    return x * 0xf;
}

/* Marks every pair class whose square on either box is not free as seen already, so that the flood visits the
 * free ones alone, testing one bit. A square of the second box is 4 bits (its slots) of a square of the first box's
 * PAIR_WORDS words; those of the 4A slots are set (the others are never met). */
static void block_pairs(Search *S, uint64_t free0, uint64_t free1) {
    uint64_t taken1[PAIR_WORDS] = {0}, taken = ~free1 & S->all_squares;
    int words = (4 * S->area + 63) / 64;
    for (int w = 0; w < words; w++) taken1[w] = nibbles(taken >> 16 * w);
    for (int square = 0; square < S->area; square++) {
        uint64_t *seen = S->pair_seen + (size_t)square * PAIR_WORDS, all = (free0 >> square & 1) - 1;
        for (int w = 0; w < words; w++) seen[w] = taken1[w] | all;
    }
}

/* Marks and queues pair class p unless it was already (or is blocked); its squares are then hit. No branch: whether
 * the class is new is a coin toss the processor cannot guess (measured, area 38, parts 8, 101, 201, 301 and 401 of
 * 512: 8.9 CPU s with a branch and the free squares tested per class, 7.1 s so). In a small region (see
 * region_needed()) the free squares are tested here instead, and the marks of blocked classes left clear. */
static inline void visit_pair(Search *S, uint32_t entry, PairFlood *f, const int in_region) {
    int32_t p = (int32_t)(entry & CLASS_MASK);
    uint64_t *word = f->seen + (p >> 6), fresh = ~*word >> (p & 63) & 1;
    if (in_region) fresh &= f->free0 >> (p >> PAIR_SHIFT) & f->free1 >> ((p & PAIR_MASK) >> 2);
    *word |= (in_region ? fresh : 1) << (p & 63);
    S->pair_queue[f->tail] = (int32_t)entry;
    f->tail += (int)fresh;
    f->hit0 |= fresh << (p >> PAIR_SHIFT);
    f->hit1 |= fresh << ((p & PAIR_MASK) >> 2);
}

/* Queues the classes of an untried cell's neighbours not yet seen, each with the direction back to the cell's own
 * class: a class dequeued leaves the way it came in, towards a class seen, alone (a quarter fewer classes met).
 * The cell's own class is then queued as its neighbours' would reach it, once a neighbour's squares are free. */
static inline void seed_pairs(Search *S, int32_t cell, int32_t a, int32_t b, PairFlood *f, const int in_region) {
    int open = -1;  /* a side whose neighbour's squares are free */
    for (int d = 0; d < 4; d++) {
        if (S->seen[cell + S->offset[d]]) continue;
        int32_t na = S->step[0][4 * a + d], nb = S->step[1][4 * b + d];
        visit_pair(S, (uint32_t)pair_class(S, na, nb) | (uint32_t)S->moved[S->upright[na]][(d + 2) & 3] << BACK_SHIFT, f,
                   in_region);
        if ((f->free0 >> (na >> 3) & 1) && (f->free1 >> (nb >> 3) & 1)) open = d;
    }
    if (open >= 0)
        visit_pair(S, (uint32_t)pair_class(S, a, b) | (uint32_t)S->moved[S->upright[a]][open] << BACK_SHIFT, f, in_region);
}

/* The first index i from `from` on whose untried cells 0 to i, as pairs of states over the free squares
 * free0 and free1, hit every square of goal0 and goal1 on the first two boxes (count if none). A cell's
 * neighbours follow from its states, turned alike when the cell is: the classes' flood reaches the classes
 * of the pairs' flood, with the same squares, in an eighth of the pairs. */
static inline int pairs_flood(Search *S, const int32_t *untried, int count, int from, uint64_t free0, uint64_t free1,
                              uint64_t goal0, uint64_t goal1, uint64_t *missed, PairFlood *flood, const int in_region) {
    PairFlood f = {free0, free1, 0, 0, in_region ? S->region_seen : S->pair_seen, 0};
    int head = 0;
    if (!in_region) block_pairs(S, free0, free1);
    for (int i = 0; i < count; i++) {
        int32_t cell = untried[i], a = S->state[0][cell], b = S->state[1][cell];
        if ((free0 >> (a >> 3) & 1) && (free1 >> (b >> 3) & 1)) {
            f.hit0 |= 1ULL << (a >> 3);
            f.hit1 |= 1ULL << (b >> 3);
            seed_pairs(S, cell, a, b, &f, in_region);
        }
        if (i < from) continue;
        while (((f.hit0 & goal0) != goal0 || (f.hit1 & goal1) != goal1) && head < f.tail) {
            uint32_t entry = (uint32_t)S->pair_queue[head++], back = entry >> BACK_SHIFT;
            const uint16_t *next = S->pair_next + 4 * (entry & CLASS_MASK);
            /* the row of the class a few places on in the queue, fetched early: the table outgrows the L1 cache */
            __builtin_prefetch(S->pair_next + 4 * (S->pair_queue[head + PREFETCH_AHEAD] & CLASS_MASK));
            for (uint32_t k = 1; k < 4; k++) visit_pair(S, next[(back + k) & 3], &f, in_region);
        }
        if ((f.hit0 & goal0) == goal0 && (f.hit1 & goal1) == goal1) {
            *flood = f;
            return i;
        }
        if (missed) {
            missed[2 * i] = goal0 & ~f.hit0;
            missed[2 * i + 1] = goal1 & ~f.hit1;
        }
    }
    *flood = f;
    return count;
}

/* The same over all pairs (missed, if given, gets the squares each prefix missed). */
static int pairs_needed(Search *S, const int32_t *untried, int count, int from, uint64_t free0, uint64_t free1,
                        uint64_t *missed) {
    PairFlood f;
    int i = pairs_flood(S, untried, count, from, free0, free1, free0, free1, missed, &f, 0);
    ADD(S->size, PAIRS_QUEUED, f.tail);
    return i;
}

/* The same over the pairs of a small region of free squares on one box (goal0 or goal1, the other 0), whose flood
 * meets few classes: their marks are cleared after it, rather than every blocked class marked before it. */
static int region_needed(Search *S, const int32_t *untried, int count, int from, uint64_t free0, uint64_t free1,
                         uint64_t goal0, uint64_t goal1) {
    PairFlood f;
    int i = pairs_flood(S, untried, count, from, free0, free1, goal0, goal1, NULL, &f, 1);
    for (int k = 0; k < f.tail; k++) f.seen[(S->pair_queue[k] & CLASS_MASK) >> 6] = 0;
    return i;
}

/* The connected sets of free squares of box b (each as bits), in the order of their lowest squares; how many. */
static int regions_of(const Search *S, int b, uint64_t free_squares, uint64_t *region) {
    int n = 0;
    for (uint64_t left = free_squares; left; left &= ~region[n++]) {
        uint64_t start = left & -left;
        region[n] = spread(S, b, start, start, free_squares, free_squares);
    }
    return n;
}

/* The regions of free squares of box b at this level, from its parent's: only the parent's region that held the
 * square just covered changes, and it stays whole once one of the square's free neighbours reaches the others,
 * most often around it in a few steps (a whole region's flood at every node cost a tenth of the search). */
static const uint64_t *split_regions(Search *S, int b, int *count) {
    int level = S->size, parents = S->nregions[(level - 1) * MAX_BOXES + b], n = 0;
    const uint64_t *parent = S->regions + ((size_t)(level - 1) * MAX_BOXES + b) * 64;
    uint64_t *region = S->regions + ((size_t)level * MAX_BOXES + b) * 64;
    int square = S->state[b][S->net[level - 1]] >> 3;
    for (int r = 0; r < parents; r++) {
        uint64_t rest = parent[r] & ~(1ULL << square), beside = S->around[b][square] & rest;
        if (rest == parent[r] || !(beside & (beside - 1))) {
            if (rest) region[n++] = rest;
            continue;
        }
        uint64_t start = beside & -beside, whole = spread(S, b, start, start, rest, beside);
        if ((whole & beside) == beside) region[n++] = rest;
        else n += regions_of(S, b, rest, region + n);
    }
    S->nregions[level * MAX_BOXES + b] = n;
    *count = n;
    return region;
}

/* The first index i whose untried cells 0 to i reach every free square (see above); count if none does. A cell's
 * squares beside it reach the regions of free squares they lie in. */
static int needed(Search *S, const int32_t *untried, int count, int inherited) {
    uint64_t reached[MAX_BOXES] = {0}, hit[MAX_BOXES] = {0}, free_squares[MAX_BOXES];
    const uint64_t *region[MAX_BOXES];
    int regions[MAX_BOXES];
    for (int b = 0; b < S->nbox; b++) {
        free_squares[b] = S->all_squares & ~S->covered_bits[b];
        region[b] = split_regions(S, b, &regions[b]);
    }
    int i = 0;
    for (; i < count; i++) {
        int32_t cell = untried[i];
        uint64_t taken = 0;
        for (int b = 0; b < S->nbox; b++) taken |= S->covered_bits[b] >> (S->state[b][cell] >> 3) & 1;
        if (taken) continue;  /* only a cell whose squares are free on every box may join */
        int all = 1, unseen = 0;
        for (int d = 0; d < 4; d++) unseen |= !S->seen[cell + S->offset[d]] << d;
        for (int b = 0; b < S->nbox; b++) {
            int32_t s = S->state[b][cell];
            uint64_t out = 0;
            for (int d = 0; d < 4; d++)
                out |= (uint64_t)(unseen >> d & 1) << (S->step[b][4 * s + d] >> 3);  /* no branch: a coin toss */
            hit[b] |= 1ULL << (s >> 3);
            for (int r = 0; r < regions[b]; r++) reached[b] |= region[b][r] & -(uint64_t)((out & region[b][r]) != 0);
            all &= (reached[b] | hit[b]) == free_squares[b];
        }
        if (all) break;
    }
    if (i == count) {
        COUNT(S->size, ONE_BOX);
        return count;
    }
    if (S->nbox < 2) return i;
    if (S->area - S->size <= S->pair_flood_squares && (S->area - S->size) % 2 == 0) {
        int recorded = count <= S->missed_stride;
        S->missed_from[S->size] = i;
        i = pairs_needed(S, untried, count, i, free_squares[0], free_squares[1],
                         recorded ? S->missed + 2 * (size_t)S->size * S->missed_stride : NULL);
        S->missed_to[S->size] = recorded ? i : S->missed_from[S->size];
        COUNT(S->size, PAIR_FLOODS);
        if (i == count) COUNT(S->size, PAIRS);
        return i;
    }
    if (inherited > i) i = inherited;
    for (int b = 0; b < 2; b++)
        for (int r = 0; r < regions[b] && i < count; r++) {
            if (__builtin_popcountll(region[b][r]) > REGION_SQUARES) continue;
            i = b ? region_needed(S, untried, count, i, free_squares[0], region[b][r], 0, region[b][r])
                  : region_needed(S, untried, count, i, region[b][r], free_squares[1], region[b][r], 0);
        }
    if (i == count) COUNT(S->size, REGIONS);
    return i;
}

/* The first of a child's untried cells it needs, as far as its parent's flood over all pairs tells (0 if it ran none):
 * the child that adds the parent's untried cell c has the parent's cells before `before` first, with fewer free
 * squares and fewer unseen neighbours, so a prefix of them that missed a free square other than c's own squares in
 * the parent misses it in the child too; and a prefix misses whenever a longer one does. Free for the child, whose own
 * floods (one box, small regions) see less. */
static int inherited_first(const Search *S, int level, int before, int32_t c) {
    const uint64_t *missed = S->missed + 2 * (size_t)level * S->missed_stride;
    uint64_t own0 = 1ULL << (S->state[0][c] >> 3), own1 = 1ULL << (S->state[1][c] >> 3);
    int last = S->missed_to[level] < before ? S->missed_to[level] : before;
    for (int k = last - 1; k >= S->missed_from[level]; k--)
        if ((missed[2 * k] & ~own0) | (missed[2 * k + 1] & ~own1)) return k + 1;
    return 0;
}

/* sides_known: the first cell's neighbours are all decided (they are tried before any other cell); far_known: so
 * are those of the cells on the pinned square's orbit, and far_earlier() keeps this find. */
static void grow(Search *S, int32_t *untried, int count, int sides_known, int far_known, int inherited) {
    if ((++S->nodes & SIGNAL_CHECK) == 0 && PyErr_CheckSignals() < 0) {
        S->stopped = S->interrupted = 1;
        return;
    }
    if (S->size == S->split_cells && S->split_number++ % S->parts != S->part) return;
    COUNT(S->size, MET);
    if (S->size == S->area) {
        if (S->every_find || accepted(S)) {
            S->nets++;
            if (S->want_cells) rows_push(&S->rows, S->net, S->area);
            if ((S->limit && S->nets >= S->limit) || S->rows.failed) S->stopped = 1;
        }
        return;
    }
    if (S->size && !sides_known && (count == 0 || !beside_first(S, untried[count - 1]))) {
        if (!S->every_find && turned_earlier(S)) { COUNT(S->size, TURNED); return; }
        sides_known = 1;
    }
    if (sides_known && !far_known && !S->every_find) {
        int earlier = far_earlier(S, untried, count);
        if (earlier > 0) { COUNT(S->size, TURNED); return; }
        far_known = earlier == 0;
    }
    int first = S->size ? needed(S, untried, count, inherited) : 0, flooded = S->nbox >= 2 && S->size
        && S->area - S->size <= S->pair_flood_squares && (S->area - S->size) % 2 == 0;
    for (int i = count - 1; i >= first && !S->stopped; i--) {
        int32_t c = untried[i];
        if (!can_add(S, c)) continue;
        int level = S->size;
        set_in_net(S, c, 1);
        S->net[S->size++] = c;
        /* the child's untried cells: those not yet tried here, then c's neighbours seen for the first time, then
         * the first cell's neighbours not yet tried (always last here: the first to be tried) */
        int32_t *child = untried + count;
        int before = i;
        while (before > 0 && S->size > 1 && beside_first(S, untried[before - 1])) before--;
        memcpy(child, untried, (size_t)before * sizeof(int32_t));
        int more = before;
        for (int d = 0; d < 4; d++) {
            int32_t n = c + S->offset[d];
            if (S->seen[n]) continue;
            S->seen[n] = 1;
            for (int b = 0; b < S->nbox; b++) S->state[b][n] = S->step[b][4 * S->state[b][c] + d];
            child[more++] = n;
        }
        int fresh = more;
        memcpy(child + more, untried + before, (size_t)(i - before) * sizeof(int32_t));
        more += i - before;
        grow(S, child, more, sides_known, far_known, flooded ? inherited_first(S, level, before, c) : 0);
        for (int k = before; k < fresh; k++) S->seen[child[k]] = 0;
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
    S->pair_seen = calloc((size_t)A * PAIR_WORDS, sizeof(uint64_t));
    S->region_seen = calloc((size_t)A * PAIR_WORDS, sizeof(uint64_t));
    /* + 1: visit_pair() writes one past; the prefetch reads up to PREFETCH_AHEAD past (an old class or 0) */
    S->pair_queue = calloc(((size_t)A << PAIR_SHIFT) + 1 + PREFETCH_AHEAD, sizeof(int32_t));
    S->pair_next = calloc(4 * ((size_t)A << PAIR_SHIFT), sizeof(uint16_t));
    S->pair_slot = malloc(8 * (size_t)A * sizeof(int16_t));
    S->upright = calloc(8 * (size_t)A, 1);
    S->step_square = calloc(4 * (size_t)A, 1);
    S->step_turn = calloc(4 * (size_t)A, 1);
    S->turned_step = calloc(8 * 4 * 8 * (size_t)A, sizeof(int16_t));
    S->onto_pinned = calloc((size_t)S->nsym, sizeof(int32_t));
    S->holder = malloc((size_t)A * sizeof(int32_t));
    S->missed_stride = 4 * A + 4;
    S->missed = calloc(2 * (size_t)(A + 1) * S->missed_stride, sizeof(uint64_t));
    S->missed_from = calloc((size_t)A + 1, sizeof(int));
    S->missed_to = calloc((size_t)A + 1, sizeof(int));
    S->regions = calloc((size_t)(A + 1) * MAX_BOXES * 64, sizeof(uint64_t));
    S->nregions = calloc((size_t)(A + 1) * MAX_BOXES, sizeof(int));
    int ok = S->seen && S->in_net && S->probe && S->probe_square && S->net && S->queue && S->image && S->untried
             && S->on_square && S->onto_pinned && S->holder && S->pair_seen && S->region_seen && S->pair_queue && S->pair_next && S->pair_slot && S->upright
             && S->step_square && S->step_turn && S->turned_step && S->missed && S->missed_from && S->missed_to
             && S->regions && S->nregions;
    for (int b = 0; b < 2; b++) {
        S->turned[b] = calloc((size_t)64 * A, sizeof(int32_t));
        ok = ok && S->turned[b];
    }
    for (int b = 0; b < S->nbox; b++) {
        S->state[b] = calloc(grid, sizeof(int32_t));
        S->covered[b] = calloc((size_t)A, 1);
        S->representative[b] = calloc(8 * (size_t)A, 1);
        S->around[b] = calloc((size_t)A, sizeof(uint64_t));
        ok = ok && S->state[b] && S->covered[b] && S->representative[b] && S->around[b];
    }
    if (S->probe) memset(S->probe, 0xff, grid * sizeof(int32_t));
    if (S->holder) memset(S->holder, 0xff, (size_t)A * sizeof(int32_t));
    return ok;
}

static void release(Search *S) {
    free(S->seen); free(S->in_net); free(S->probe); free(S->probe_square);
    free(S->net); free(S->queue); free(S->image); free(S->untried); free(S->rows.data);
    free(S->on_square); free(S->onto_pinned); free(S->holder); free(S->pair_seen); free(S->region_seen); free(S->pair_queue); free(S->pair_next); free(S->pair_slot); free(S->upright);
    free(S->step_square); free(S->step_turn); free(S->turned_step); free(S->missed); free(S->missed_from); free(S->missed_to);
    free(S->regions); free(S->nregions);
    free(S->turned[0]); free(S->turned[1]);
    for (int b = 0; b < S->nbox; b++) { free(S->state[b]); free(S->covered[b]); free(S->representative[b]); free(S->around[b]); }
}

/* The state a cell on box b in state s takes once the net is turned by k (its neighbour in direction d moves
 * to direction moved[k][d]): the state of the same square whose neighbours' squares lie that way round (a
 * square's four neighbours are four squares, so one frame fits). False if none does. */
static int turn_states(Search *S, int b, const int8_t moved[8][4]) {
    const int32_t *step = S->step[b];
    for (int32_t s = 0; s < 8 * S->area; s++)
        for (int k = 0; k < 8; k++) {
            int32_t found = -1;
            for (int32_t t = s & ~7; t < (s | 7) + 1 && found < 0; t++) {
                int fits = 1;
                for (int d = 0; d < 4; d++) fits &= step[4 * t + moved[k][d]] >> 3 == step[4 * s + d] >> 3;
                if (fits) found = t;
            }
            if (found < 0) return 0;
            S->turned[b][k * 8 * S->area + s] = found;
            if (b == 0 && (found & 7) == 0) S->upright[s] = (uint8_t)k;
        }
    return 1;
}

/* The neighbour of pair (square, s) in direction d (s: a state of the second box, turned; the square's of the first
 * box in frame 0), as square * 8A + s. */
static int32_t pair_step(const Search *S, int32_t square, int32_t s, int d) {
    int states = 8 * S->area;
    return S->step_square[4 * square + d] * states + S->turned_step[(S->step_turn[4 * square + d] * 4 + d) * states + s];
}

/* True if states s and t of the second box (of one square) are both met beside some square of the first box. */
static int met_together(const Search *S, const uint8_t *met, int32_t s, int32_t t) {
    int states = 8 * S->area;
    for (int32_t square = 0; square < S->area; square++)
        if (met[square * states + s] && met[square * states + t]) return 1;
    return 0;
}

/* The pair classes of this run and their neighbours (pair_next). The classes met are those the root's reaches; as
 * the surface of a box has two sides, the states met beside a square of the first box are, on a square of the
 * second, 4 of its 8 (those that turn the net over or not, as that square's frame 0 does): each is given one of
 * 4 slots there, apart from those it is met with. A square's classes so fill half the cache lines they would with
 * every state, and the flood's marks half the words. False if a state finds no slot. */
static int pair_slots(Search *S) {
    int A = S->area, states = 8 * A, tail = 0, ok = 1;
    int32_t root = S->root[0] >> 3, *queue = malloc((size_t)A * states * sizeof(int32_t));
    uint8_t *met = calloc((size_t)A * states, 1);
    if (!queue || !met) { free(queue); free(met); return 0; }
    queue[tail++] = root * states + S->turned[1][S->upright[S->root[0]] * states + S->root[1]];
    met[queue[0]] = 1;
    for (int head = 0; head < tail; head++)
        for (int d = 0; d < 4; d++) {
            int32_t next = pair_step(S, queue[head] / states, queue[head] % states, d);
            if (!met[next]) { met[next] = 1; queue[tail++] = next; }
        }
    for (int32_t s = 0; s < states; s++) S->pair_slot[s] = -1;
    for (int32_t s = 0; s < states && ok; s++) {
        uint8_t taken = 0;
        for (int32_t t = s & ~7; t < s; t++)
            if (S->pair_slot[t] >= 0 && met_together(S, met, s, t)) taken |= (uint8_t)(1 << (S->pair_slot[t] & 3));
        int slot = __builtin_ctz(~(unsigned)taken);
        ok = slot < 4;
        if (ok && met_together(S, met, s, s)) S->pair_slot[s] = (int16_t)((s >> 3) << 2 | slot);
    }
    for (int k = 0; k < tail && ok; k++) {
        int32_t square = queue[k] / states, s = queue[k] % states;
        for (int d = 0; d < 4; d++) {
            int32_t next = pair_step(S, square, s, d);
            S->pair_next[4 * (square << PAIR_SHIFT | S->pair_slot[s]) + d] =
                (uint16_t)((next / states) << PAIR_SHIFT | S->pair_slot[next % states]);
        }
    }
    for (int k = 0; k < tail && ok; k++) {
        int32_t p = queue[k] / states << PAIR_SHIFT | S->pair_slot[queue[k] % states];
        for (int d = 0; d < 4; d++) {
            int32_t q = S->pair_next[4 * p + d] & CLASS_MASK, back = 0;
            while (back < 3 && (S->pair_next[4 * q + back] & CLASS_MASK) != p) back++;
            ok = (S->pair_next[4 * q + back] & CLASS_MASK) == p;
            S->pair_next[4 * p + d] |= (uint16_t)(back << BACK_SHIFT);
        }
    }
    free(queue);
    free(met);
    return ok;
}

/* The tables of turned_earlier() and pairs_needed(): how each turn of the plane moves the sides of a cell
 * and the states of a cell, and the turns that the isometries keeping the pinned square in place make of a net
 * about its first cell. False if the states do not turn (tables that are not a box's). */
static int turn_tables(Search *S) {
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    int8_t moved[8][4];
    for (int k = 0; k < 8; k++)
        for (int d = 0; d < 4; d++) {
            int r = (k & 4) ? dc[d] : dr[d], c = (k & 4) ? dr[d] : dc[d];
            if (k & 1) r = -r;
            if (k & 2) c = -c;
            for (int e = 0; e < 4; e++)
                if (dr[e] == r && dc[e] == c) moved[k][d] = (int8_t)e;
            S->moved[k][d] = (uint8_t)moved[k][d];
        }
    for (int k = 0; k < 8; k++)
        for (int sides = 0; sides < 16; sides++) {
            int out = 0;
            for (int d = 0; d < 4; d++)
                if (sides >> d & 1) out |= 1 << moved[k][d];
            S->turn_sides[k][sides] = (uint8_t)out;
        }
    S->nkeeping = 0;
    for (int g = 0; g < S->nsym; g++) {
        int32_t moved_root = S->symmetry[(size_t)g * 8 * S->area + S->root[0]];
        int k = S->frame_turns[moved_root & 7], known = 0;
        if (moved_root >> 3 != S->root[0] >> 3) continue;
        for (int t = 0; t < S->nkeeping; t++) known |= S->keeping_turns[t] == k;
        if (!known) S->keeping_turns[S->nkeeping++] = k;
    }
    if (S->nbox < 2) return 1;
    if (!turn_states(S, 0, moved) || !turn_states(S, 1, moved)) return 0;
    int states = 8 * S->area;
    for (int32_t square = 0; square < S->area; square++)
        for (int d = 0; d < 4; d++) {
            int32_t next = S->step[0][4 * 8 * square + d];
            S->step_square[4 * square + d] = (uint8_t)(next >> 3);
            S->step_turn[4 * square + d] = S->upright[next];
        }
    for (int k = 0; k < 8; k++)
        for (int d = 0; d < 4; d++)
            for (int32_t s = 0; s < states; s++)
                S->turned_step[(k * 4 + d) * states + s] = (int16_t)S->turned[1][k * states + S->step[1][4 * s + d]];
    return pair_slots(S);
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
    S.pair_flood_squares = area / 2 + PAIR_FLOOD_EARLIER;
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
        for (int b = 0; b < S.nbox; b++) {  /* before the first cell, a box's surface is one region */
            S.regions[(size_t)b * 64] = S.all_squares;
            S.nregions[b] = 1;
        }
        for (int b = 0; b < S.nbox; b++)
            for (int32_t p = 0; p < area; p++)
                for (int d = 0; d < 4; d++) S.around[b][p] |= 1ULL << (S.step[b][4 * 8 * p + d] >> 3);
        for (int g = 0; g < S.nsym; g++)
            for (int32_t p = 0; p < area; p++)
                if (S.symmetry[(size_t)g * 8 * area + 8 * p] >> 3 == S.root[0] >> 3) S.onto_pinned[g] = p;
        for (int32_t p = 0; p < area; p++)  /* grouped by the square they send onto the pinned one */
            for (int g = 0; g < S.nsym && S.nfar < 64; g++)
                if (S.onto_pinned[g] == p && p != S.root[0] >> 3) S.far_isometries[S.nfar++] = g;
        S.seen[origin] = 1;
        for (int b = 0; b < S.nbox; b++) S.state[b][origin] = S.root[b];
        S.untried[0] = origin;
        int turning = turn_tables(&S);
        if (turning) grow(&S, S.untried, 1, 0, 0, 0);
        if (!turning) PyErr_SetString(PyExc_ValueError, "search: states that do not turn with the net");
        else if (S.rows.failed) PyErr_NoMemory();
        else if (!S.interrupted)
            out = Py_BuildValue("y#LLO", S.rows.data ? (const char *)S.rows.data : "", S.rows.size * (Py_ssize_t)sizeof(int32_t),
                                S.nets, S.nodes, S.stopped ? Py_False : Py_True);
    }
#ifdef NETS_STATS
    for (int k = 0; k <= area; k++)
        if (stats[k][MET]) fprintf(stderr, "level %d met %lld turned %lld one_box %lld pairs %lld regions %lld pair_floods %lld pairs_queued %lld\n",
                                   k, stats[k][MET], stats[k][TURNED], stats[k][ONE_BOX], stats[k][PAIRS], stats[k][REGIONS],
                                   stats[k][PAIR_FLOODS], stats[k][PAIRS_QUEUED]);
    memset(stats, 0, sizeof stats);
#endif
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
