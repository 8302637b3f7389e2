/* The punto banco simulator's dealing kernel, a CPython extension module built at install time
 * by setuptools (setup.py: games.baccara.casino._shoe); games/baccara/casino/shoe_kernel.py is
 * its only caller and documents the algorithm.
 *
 * Shoe s of a run is shuffled by the forward Fisher-Yates shuffle driven by the SplitMix64
 * stream started at mix(mix(s + 1) ^ key), each 64-bit output giving two 32-bit words (high
 * half first), each bounded draw taking words by Lemire's multiply-shift with rejection; the
 * shoe is then dealt through the branch-free coup table. Only the prefix the dealer can read
 * is shuffled. The pure-Python reference (games/baccara/casino/shoe_reference.py) deals the
 * same coups, bit for bit (tests/baccara/test_shoe_kernel.py).
 *
 * deal_range() deals the shoes of blocks b0 .. b1-1 (of `blocks` equal blocks of the chunk
 * first .. first+count-1): per shoe its class histogram, coups and (if maxc > 0) codes, and
 * per block the upper triangle of the Gram matrix of the histograms and (if hsum is not
 * NULL) the sum of the histograms; hist may be NULL. deal_threads() runs it on POSIX
 * threads that take blocks from a shared counter. py_deal() at the end is the Python entry
 * point: every buffer and number is checked there before the kernel sees it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#ifndef _WIN32
#include <pthread.h>
#endif
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define G 0x9E3779B97F4A7C15ULL
#define LO 0xFFFFFFFFULL

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline void swap(uint8_t *c, int64_t i, uint64_t m) {
    int64_t j = i + (int64_t)(m >> 32);
    uint8_t t = c[j];
    c[j] = c[i];
    c[i] = t;
}

/* The stream after the fast path: words one by one (buffered low half), exact rejection. */
static void shuffle_from(uint8_t *c, int64_t n, int64_t i, int64_t steps, uint64_t st) {
    while (i + 1 < steps) { /* fast path: two draws per output while neither can be rejected */
        uint64_t x = mix(st + G), r0 = (uint64_t)(n - i), r1 = (uint64_t)(n - i - 1);
        uint64_t m0 = (x >> 32) * r0, m1 = (x & LO) * r1;
        if (((m0 & LO) < r0) | ((m1 & LO) < r1)) break;
        st += G;
        swap(c, i, m0);
        swap(c, i + 1, m1);
        i += 2;
    }
    uint64_t buf = 0;
    int have = 0;
    for (; i < steps; i++) {
        uint64_t r = (uint64_t)(n - i), w;
        if (have) { w = buf; have = 0; } else { st += G; uint64_t x = mix(st); w = x >> 32; buf = x & LO; have = 1; }
        uint64_t m = w * r;
        if ((m & LO) < r) {
            uint64_t thresh = (4294967296ULL - r) % r;
            while ((m & LO) < thresh) {
                if (have) { w = buf; have = 0; } else { st += G; uint64_t x = mix(st); w = x >> 32; buf = x & LO; have = 1; }
                m = w * r;
            }
        }
        swap(c, i, m);
    }
}

/* Two shoes: fast paths in lockstep (independent dependency chains), then each alone. */
static void shuffle_two(uint8_t *a, uint8_t *b, int64_t n, int64_t steps, uint64_t sa, uint64_t sb) {
    int64_t i = 0;
    while (i + 1 < steps) {
        uint64_t x = mix(sa + G), y = mix(sb + G), r0 = (uint64_t)(n - i), r1 = (uint64_t)(n - i - 1);
        uint64_t m0 = (x >> 32) * r0, m1 = (x & LO) * r1, k0 = (y >> 32) * r0, k1 = (y & LO) * r1;
        if (((m0 & LO) < r0) | ((m1 & LO) < r1) | ((k0 & LO) < r0) | ((k1 & LO) < r1)) break;
        sa += G;
        sb += G;
        swap(a, i, m0);
        swap(b, i, k0);
        swap(a, i + 1, m1);
        swap(b, i + 1, k1);
        i += 2;
    }
    shuffle_from(a, n, i, steps, sa);
    shuffle_from(b, n, i, steps, sb);
}

typedef struct {
    const int32_t *px, *bx, *v10, *v1;
    const uint8_t *ct8;   /* class*4 + third cards, when every class index < 64 */
    const uint16_t *ct16; /* otherwise */
    const int16_t *code_t;
    int16_t *codes;
    int64_t maxc;
    int simd; /* 1: draw eight shoes' positions in AVX-512 lanes */
} Table;

static inline int64_t coup_index(const Table *T, const uint8_t *c, int64_t p) {
    return T->px[c[p] * 16 + c[p + 2]] + T->bx[c[p + 1] * 16 + c[p + 3]] + T->v10[c[p + 4]] + T->v1[c[p + 5]];
}

static inline unsigned ct_at(const Table *T, int64_t i) { return T->ct8 ? T->ct8[i] : T->ct16[i]; }

/* One shoe from position p (nc coups so far); returns its number of coups. */
static int64_t deal_rest(const Table *T, const uint8_t *c, int64_t p, int64_t nc, int64_t last, int64_t cap,
                         int32_t *h, int64_t s) {
    while (p <= last && nc < cap) {
        int64_t i = coup_index(T, c, p);
        unsigned t = ct_at(T, i);
        h[t >> 2]++;
        if (T->maxc) T->codes[s * T->maxc + nc] = T->code_t[i];
        p += 4 + (t & 3);
        nc++;
    }
    return nc;
}

/* Shoes s (cards a from p) and s + 1 (cards b from q) in lockstep, then the longer alone. */
static void deal_two(const Table *T, const uint8_t *a, const uint8_t *b, int64_t p, int64_t q, int64_t last,
                     int64_t capa, int64_t capb, int32_t *ha, int32_t *hb, int64_t s, int64_t *na_out,
                     int64_t *nb_out) {
    int64_t na = 0, nb = 0;
    if (T->ct8 && !T->maxc) {
        const uint8_t *ct = T->ct8;
        while (p <= last && q <= last && na < capa && nb < capb) {
            unsigned t = ct[coup_index(T, a, p)], u = ct[coup_index(T, b, q)];
            ha[t >> 2]++;
            hb[u >> 2]++;
            p += 4 + (t & 3);
            q += 4 + (u & 3);
            na++;
            nb++;
        }
    }
    *na_out = deal_rest(T, a, p, na, last, capa, ha, s);
    *nb_out = deal_rest(T, b, q, nb, last, capb, hb, s + 1);
}

/* g += upper triangle of h h^T over the non-zero entries of h. */
static void gram_add(int64_t *g, const int32_t *h, int64_t C, int64_t *nz) {
    int64_t k = 0;
    for (int64_t c = 0; c < C; c++) { /* branch-free: which classes occur is unpredictable */
        nz[k] = c;
        k += h[c] != 0;
    }
    for (int64_t x = 0; x < k; x++) {
        int64_t hx = h[nz[x]], *row = g + nz[x] * C;
        for (int64_t y = x; y < k; y++) row[nz[y]] += hx * h[nz[y]];
    }
}


/* Record shoe s: its histogram h (coups nc) into hist, ncoups, the block's Gram matrix and sum. */
static void record(int32_t *hist, int64_t *ncoups, int64_t *g, int64_t *hs, const int32_t *h, int64_t C, int64_t s,
                   int64_t nc, int64_t *nz) {
    if (hist) memcpy(hist + s * C, h, (size_t)C * sizeof *h);
    ncoups[s] = nc;
    gram_add(g, h, C, nz);
    if (hs) for (int64_t c = 0; c < C; c++) hs[c] += h[c];
}

/* ------------------------------------------------------ eight shoes at once
 *
 * Without coup codes and with the byte class table, a block deals its shoes eight at a
 * time, in eight buffers: shuffled, then dealt in lockstep (eight independent chains of
 * table look-ups) until the first of them runs out, each finishing alone.
 *
 * On a CPU with AVX-512 F/DQ/VL (checked at run time) the eight shoes also draw their
 * random positions together: lane k runs exactly the scalar fast path above on its own
 * stream (output x = mix(state + G), two Lemire draws per output: the high word for step
 * i, the low word for step i + 1) and stores j in J[8i + k]; the swaps are then made
 * shoe by shoe, the eight shoes interleaved step by step (eight independent chains of
 * loads and stores). If any lane's draw might be rejected anywhere (probability < N / 2^32
 * per draw, about 3e-4 per eight shoes of 8 decks), or without AVX-512, the shoes are
 * shuffled two by two by shuffle_two. Either way the shoes are the scalar code's, bit for
 * bit. */
#define LANES_MAX_CARDS 65536 /* larger shoes (up to 5.2 million cards) take the scalar path */

/* Whether this CPU has AVX-512 F/DQ/VL (the vector draws need them). */
static int cpu_has_avx512(void) {
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vl");
#else
    return 0;
#endif
}

#if defined(__x86_64__) && defined(__GNUC__)
/* GCC/clang vector extensions (no intrinsics header: the build stays fast), compiled for
 * AVX-512 in these functions only; the library still runs on any x86-64. */
#define SIMD_FN __attribute__((target("avx2,avx512f,avx512dq,avx512vl")))
typedef uint64_t u64x8 __attribute__((vector_size(64)));
typedef int64_t i64x8 __attribute__((vector_size(64)));
typedef uint32_t u32x8 __attribute__((vector_size(32)));

SIMD_FN static inline u64x8 mix8(u64x8 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* J[8i + k] = j of step i in lane k, all steps; returns steps, or 0 when some lane's draw
 * might be rejected somewhere (then every lane shuffles alone from the start: rare). */
SIMD_FN static int64_t draws8(uint32_t *J, int64_t n, int64_t steps, uint64_t *st) {
    u64x8 s, any = {0};
    memcpy(&s, st, sizeof s);
    int64_t i = 0;
    for (; i + 1 < steps; i += 2) {
        u64x8 x = mix8(s + G), r0 = (u64x8){0} + (uint64_t)(n - i), r1 = (u64x8){0} + (uint64_t)(n - i - 1);
        u64x8 m0 = (x >> 32) * r0, m1 = (x & LO) * r1;
        any |= (u64x8)(((m0 & LO) < r0) | ((m1 & LO) < r1));
        s += G;
        u32x8 j0 = __builtin_convertvector(m0 >> 32, u32x8) + (uint32_t)i;
        u32x8 j1 = __builtin_convertvector(m1 >> 32, u32x8) + (uint32_t)(i + 1);
        memcpy(J + i * 8, &j0, sizeof j0);
        memcpy(J + i * 8 + 8, &j1, sizeof j1);
    }
    if (i + 1 == steps) { /* a last single step takes the high word of the next output */
        u64x8 x = mix8(s + G), r0 = (u64x8){0} + (uint64_t)(n - i);
        u64x8 m0 = (x >> 32) * r0;
        any |= (u64x8)((m0 & LO) < r0);
        u32x8 j0 = __builtin_convertvector(m0 >> 32, u32x8) + (uint32_t)i;
        memcpy(J + i * 8, &j0, sizeof j0);
    }
    uint64_t a[8], flag = 0;
    memcpy(a, &any, sizeof a);
    for (int k = 0; k < 8; k++) flag |= a[k];
    return flag ? 0 : steps;
}
#else
static int64_t draws8(uint32_t *J, int64_t n, int64_t steps, uint64_t *st) { return 0; }
#endif

/* Eight shoes (cards c + k n) dealt in lockstep while every one has coups left: eight
 * independent chains of table look-ups (byte class table, no codes). */
static void deal_lockstep8(const Table *T, const uint8_t *c, int64_t n, int64_t last, int64_t *p, int64_t *nc,
                           const int64_t *cap, int32_t **h) {
    const uint8_t *ct = T->ct8;
    const uint8_t *c0 = c, *c1 = c + n, *c2 = c + 2 * n, *c3 = c + 3 * n, *c4 = c + 4 * n, *c5 = c + 5 * n,
                  *c6 = c + 6 * n, *c7 = c + 7 * n;
    int64_t p0 = p[0], p1 = p[1], p2 = p[2], p3 = p[3], p4 = p[4], p5 = p[5], p6 = p[6], p7 = p[7], m = 0;
    int64_t most = cap[0];
    for (int k = 1; k < 8; k++) most = cap[k] < most ? cap[k] : most;
#define LANE(k)                                          \
    {                                                    \
        unsigned t = ct[coup_index(T, c##k, p##k)];       \
        h[k][t >> 2]++;                                  \
        p##k += 4 + (t & 3);                             \
    }
    while (m < most && p0 <= last && p1 <= last && p2 <= last && p3 <= last && p4 <= last && p5 <= last &&
           p6 <= last && p7 <= last) {
        LANE(0) LANE(1) LANE(2) LANE(3) LANE(4) LANE(5) LANE(6) LANE(7)
        m++;
    }
#undef LANE
    p[0] = p0; p[1] = p1; p[2] = p2; p[3] = p3; p[4] = p4; p[5] = p5; p[6] = p6; p[7] = p7;
    for (int k = 0; k < 8; k++) nc[k] = m;
}

/* Shoes s .. s+7 of the chunk (cards c + k n): drawn in lanes, swapped, dealt two by two, recorded. */
static void deal_eight(const Table *T, uint8_t *c, uint32_t *J, const uint8_t *base, int64_t n, int64_t steps,
                       int64_t last, uint64_t key, int64_t first, int64_t s, int64_t count, int64_t cap_last,
                       const int32_t *burn_len, int burn, int32_t *hw, int64_t C, int32_t *hist,
                       int64_t *ncoups, int64_t *g, int64_t *hs, int64_t *nz) {
    uint64_t st[8];
    for (int k = 0; k < 8; k++) {
        st[k] = mix(mix((uint64_t)(first + s + k + 1)) ^ key);
        memcpy(c + k * n, base, (size_t)n);
    }
    int64_t reached = T->simd ? draws8(J, n, steps, st) : 0;
    uint8_t *c0 = c, *c1 = c + n, *c2 = c + 2 * n, *c3 = c + 3 * n, *c4 = c + 4 * n, *c5 = c + 5 * n,
            *c6 = c + 6 * n, *c7 = c + 7 * n; /* unrolled: eight independent chains of loads and stores */
    for (int64_t i = 0; i < reached; i++) {
        const uint32_t *j = J + i * 8;
        uint8_t t;
        t = c0[j[0]]; c0[j[0]] = c0[i]; c0[i] = t;
        t = c1[j[1]]; c1[j[1]] = c1[i]; c1[i] = t;
        t = c2[j[2]]; c2[j[2]] = c2[i]; c2[i] = t;
        t = c3[j[3]]; c3[j[3]] = c3[i]; c3[i] = t;
        t = c4[j[4]]; c4[j[4]] = c4[i]; c4[i] = t;
        t = c5[j[5]]; c5[j[5]] = c5[i]; c5[i] = t;
        t = c6[j[6]]; c6[j[6]] = c6[i]; c6[i] = t;
        t = c7[j[7]]; c7[j[7]] = c7[i]; c7[i] = t;
    }
    if (reached < steps) /* no AVX-512, or some lane may reject a draw (rare): the scalar shuffle */
        for (int k = 0; k < 8; k += 2) shuffle_two(c + k * n, c + (k + 1) * n, n, steps, st[k], st[k + 1]);
    int64_t p[8], nc[8], cap[8];
    int32_t *h[8];
    for (int k = 0; k < 8; k++) {
        p[k] = burn ? 1 + burn_len[c[k * n]] : 0;
        nc[k] = 0;
        cap[k] = s + k == count - 1 ? cap_last : n;
        h[k] = hw + k * C;
        memset(h[k], 0, (size_t)C * sizeof *h[k]);
    }
    deal_lockstep8(T, c, n, last, p, nc, cap, h);
    for (int k = 0; k < 8; k++) {
        nc[k] = deal_rest(T, c + k * n, p[k], nc[k], last, cap[k], h[k], s + k);
        record(hist, ncoups, g, hs, h[k], C, s + k, nc[k], nz);
    }
}

/* Everything one chunk of shoes needs (filled by deal() below from checked buffers). */
typedef struct {
    const uint8_t *base; /* the shoe's cards (rank indices 0..12) in a fixed order */
    int64_t n;           /* cards in the shoe */
    uint64_t key;        /* the run key mix(seed) */
    int64_t first, count, blocks;
    const int32_t *burn_len; /* cards burned after a first card of each rank */
    int64_t cut;
    int burn;
    int64_t C;           /* bet classes */
    int32_t *hist;       /* count x C, or NULL */
    int64_t *gram;       /* blocks x C x C (upper triangles) */
    int64_t *hsum;       /* blocks x C, or NULL */
    int64_t *ncoups;     /* count */
    int64_t cap_last;    /* most coups of the chunk's last shoe */
    Table T;
} Chunk;

/* Deals the shoes of blocks b0 .. b1-1; 0, or -1 when scratch memory cannot be allocated. */
static int deal_range(const Chunk *K, int64_t b0, int64_t b1) {
    const Table *T = &K->T;
    const uint8_t *base = K->base;
    int64_t n = K->n, C = K->C, count = K->count, first = K->first, cap_last = K->cap_last;
    uint64_t key = K->key;
    int burn = K->burn;
    const int32_t *burn_len = K->burn_len;
    int32_t *hist = K->hist;
    int64_t *ncoups = K->ncoups;
    int64_t last = n - K->cut, steps = n - 1 < last + 6 ? n - 1 : last + 6;
    uint8_t *ca = malloc((size_t)n), *cb = malloc((size_t)n);
    int32_t *ha = calloc((size_t)C, sizeof *ha), *hb = calloc((size_t)C, sizeof *hb);
    int64_t *nz = malloc((size_t)C * sizeof *nz);
    int lanes = !T->maxc && T->ct8 && n <= LANES_MAX_CARDS; /* eight shoes at once; scratch: 40 bytes per card */
    uint8_t *c8 = lanes ? malloc((size_t)n * 8) : NULL;
    uint32_t *J = lanes && T->simd ? malloc((size_t)n * 8 * sizeof *J) : NULL;
    int32_t *hw = lanes ? malloc((size_t)C * 8 * sizeof *hw) : NULL;
    if (!ca || !cb || !ha || !hb || !nz || (lanes && (!c8 || !hw || (T->simd && !J)))) {
        free(ca); free(cb); free(ha); free(hb); free(nz); free(c8); free(J); free(hw);
        return -1;
    }
    for (int64_t blk = b0; blk < b1; blk++) {
        int64_t *g = K->gram + blk * C * C, *hs = K->hsum ? K->hsum + blk * C : NULL;
        int64_t s = blk * count / K->blocks, hi = (blk + 1) * count / K->blocks;
        while (s < hi) {
            if (lanes && s + 8 <= hi) {
                deal_eight(T, c8, J, base, n, steps, last, key, first, s, count, cap_last, burn_len, burn, hw, C,
                           hist, ncoups, g, hs, nz);
                s += 8;
                continue;
            }
            int pair = s + 1 < hi;
            uint64_t sa = mix(mix((uint64_t)(first + s + 1)) ^ key);
            memcpy(ca, base, (size_t)n);
            memset(ha, 0, (size_t)C * sizeof *ha);
            int64_t capa = s == count - 1 ? cap_last : n, na, nb;
            if (pair) {
                memcpy(cb, base, (size_t)n);
                memset(hb, 0, (size_t)C * sizeof *hb);
                shuffle_two(ca, cb, n, steps, sa, mix(mix((uint64_t)(first + s + 2)) ^ key));
                int64_t p = burn ? 1 + burn_len[ca[0]] : 0, q = burn ? 1 + burn_len[cb[0]] : 0;
                int64_t capb = s + 1 == count - 1 ? cap_last : n;
                deal_two(T, ca, cb, p, q, last, capa, capb, ha, hb, s, &na, &nb);
                record(hist, ncoups, g, hs, hb, C, s + 1, nb, nz);
            } else {
                shuffle_from(ca, n, 0, steps, sa);
                na = deal_rest(T, ca, burn ? 1 + burn_len[ca[0]] : 0, 0, last, capa, ha, s);
            }
            record(hist, ncoups, g, hs, ha, C, s, na, nz);
            s += pair ? 2 : 1;
        }
    }
    free(ca); free(cb); free(ha); free(hb); free(nz); free(c8); free(J); free(hw);
    return 0;
}

/* ---------------------------------------------------------------- threads */

typedef struct {
    const Chunk *K;
    int64_t next; /* next block to deal (shared counter) */
    int status;
} Work;

static void *worker(void *arg) {
    Work *W = arg;
    for (;;) {
        int64_t b = __atomic_fetch_add(&W->next, 1, __ATOMIC_RELAXED);
        if (b >= W->K->blocks) break;
        if (deal_range(W->K, b, b + 1)) __atomic_store_n(&W->status, -1, __ATOMIC_RELAXED);
    }
    return NULL;
}

/* Runs deal_range on `threads` POSIX threads that take blocks from a shared counter (a thread
 * slowed by other load takes fewer); the result does not depend on which thread deals which
 * block. Returns the number of threads that ran, or -1 when scratch memory failed. */
static int64_t deal_threads(const Chunk *K, int64_t threads) {
    Work W = {K, 0, 0};
    int64_t started = 0;
    if (threads > K->blocks) threads = K->blocks;
#ifndef _WIN32
    pthread_t tid[64];
    if (threads > 64) threads = 64;
    for (int64_t t = 1; t < threads; t++) {
        if (pthread_create(&tid[started], NULL, worker, &W) != 0) break; /* fewer threads: same result */
        started++;
    }
#endif
    worker(&W);
#ifndef _WIN32
    for (int64_t t = 0; t < started; t++) pthread_join(tid[t], NULL);
#endif
    return W.status ? -1 : started + 1;
}

/* ------------------------------------------------------------ the tables */

/* The dealer's tables for rank values val[0..12], Player's rule pdraw[total] and Banker's
 * bdraw[total * 11 + k] (k = 10: Player stood), bet class cls[code] of each final state:
 * px, bx (16 x 16), v10, v1 (16), and per coup index (40,000) its class * 4 + third cards
 * (ct8 when not NULL, else ct16) and its code (the module docstring of shoe_kernel.py). */
static void build_tables(const int64_t *val, const int64_t *pdraw, const int64_t *bdraw, const int64_t *cls,
                         int32_t *px, int32_t *bx, int32_t *v10, int32_t *v1, uint8_t *ct8, uint16_t *ct16,
                         int16_t *code_t) {
    int64_t vr[16] = {0};
    for (int r = 0; r < 13; r++) vr[r] = val[r];
    for (int a = 0; a < 16; a++) {
        v10[a] = (int32_t)(10 * vr[a]);
        v1[a] = (int32_t)vr[a];
        for (int b = 0; b < 16; b++) {
            int64_t key = ((vr[a] + vr[b]) % 10) * 2 + (a == b);
            px[a * 16 + b] = (int32_t)(key * 2000);
            bx[a * 16 + b] = (int32_t)(key * 100);
        }
    }
    for (int64_t i = 0; i < 40000; i++) {
        int64_t pt = i / 4000, pp = i / 2000 % 2, bt = i / 200 % 10, bp = i / 100 % 2, v4 = i / 10 % 10, v5 = i % 10;
        int natural = pt >= 8 || bt >= 8;
        int pdr = !natural && pdraw[pt] != 0;
        int64_t k = pdr ? v4 : 10;
        int bdr = !natural && bdraw[bt * 11 + k] != 0;
        int64_t ptf = pdr ? (pt + v4) % 10 : pt, btf = bdr ? (bt + (pdr ? v5 : v4)) % 10 : bt;
        int64_t code = (((pdr * 10 + ptf) * 2 + bdr) * 10 + btf) * 4 + 2 * pp + bp;
        int64_t ct = cls[code] * 4 + pdr + bdr;
        if (ct8) ct8[i] = (uint8_t)ct; else ct16[i] = (uint16_t)ct;
        code_t[i] = (int16_t)code;
    }
}

/* =================================================== the Python interface (checked)
 *
 * deal(cards, classes, player_draws, banker_draws, *, key, first, count, cut, burn, cap_last,
 *      threads, lanes, gram, ncoups, hsum=None, hist=None, codes=None) -> (lanes, threads)
 *
 * Every array is a buffer (numpy array, array.array, bytearray, ...) checked here for its
 * element type, its length (and shape when it has more than one dimension) and C
 * contiguity; every integer for its range. A mismatch raises TypeError or ValueError naming
 * the argument: nothing reaches the kernel unchecked. */

#define ABI_VERSION 1
#define NO_COUP 1600
#define MAX_THREADS 64

/* Element kinds: 'i' signed, 'u' unsigned integers of the given size. */
static int format_ok(const char *f, char kind, Py_ssize_t size) {
    if (!f) f = "B";
    if (*f == '@' || *f == '=') f++;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    else if (*f == '<') f++;
#endif
    if (!f[0] || f[1]) return 0;
    const char *sig = "bhilq", *uns = "BHILQ";
    if (!strchr(kind == 'i' ? sig : uns, f[0])) return 0;
    (void)size; /* the item size is checked by the caller (native sizes vary by letter) */
    return 1;
}

/* Fetch a C-contiguous buffer of `len` items of kind/size; shape (d0, d1) when ndim == 2.
 * On failure sets a Python error naming `name` and returns -1 (the buffer is released). */
static int get_buffer(PyObject *obj, const char *name, char kind, Py_ssize_t size, Py_ssize_t d0, Py_ssize_t d1,
                      int writable, Py_buffer *view) {
    const char *what = kind == 'i' ? "int" : "uint";
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Format(PyExc_TypeError, "%s: expected a C-contiguous%s buffer of %s%zd, got %.80s", name,
                     writable ? " writable" : "", what, size * 8, Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t len = d1 ? d0 * d1 : d0;
    const char *err = NULL;
    if (view->itemsize != size || !format_ok(view->format, kind, size)) err = "element type";
    else if (view->len != len * size) err = "length";
    else if (view->ndim > 2 || (view->ndim == 2 && (!d1 || view->shape[0] != d0 || view->shape[1] != d1))) err = "shape";
    if (err) {
        PyErr_Format(PyExc_ValueError, "%s: wrong %s: expected %s%zd, %zd items%s (C order), got format %.8s, "
                     "%zd bytes, %d dimensions", name, err, what, size * 8, len, d1 ? " as 2 dimensions" : "",
                     view->format ? view->format : "B", view->len, view->ndim);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static int check_range(const char *name, long long v, long long lo, long long hi) {
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must lie in [%lld, %lld], got %lld", name, lo, hi, v);
        return -1;
    }
    return 0;
}

static PyObject *py_deal(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"cards", "classes", "player_draws", "banker_draws", "key", "first", "count", "cut", "burn",
                            "cap_last", "threads", "lanes", "gram", "ncoups", "hsum", "hist", "codes", NULL};
    PyObject *o_cards, *o_cls, *o_pd, *o_bd, *o_key = NULL, *o_gram = NULL, *o_nc = NULL, *o_hsum = Py_None,
             *o_hist = Py_None, *o_codes = Py_None;
    const long long unset = LLONG_MIN;
    long long first = unset, count = unset, cut = unset, cap_last = unset, threads = unset;
    int burn = -1;
    const char *lanes_s = NULL;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOO|$OLLLpLLsOOOOO:deal", names, &o_cards, &o_cls, &o_pd, &o_bd,
                                     &o_key, &first, &count, &cut, &burn, &cap_last, &threads, &lanes_s, &o_gram,
                                     &o_nc, &o_hsum, &o_hist, &o_codes))
        return NULL;
    const char *missing = !o_key ? "key" : first == unset ? "first" : count == unset ? "count" : cut == unset ? "cut"
                        : burn < 0 ? "burn" : cap_last == unset ? "cap_last" : threads == unset ? "threads"
                        : !lanes_s ? "lanes" : !o_gram ? "gram" : !o_nc ? "ncoups" : NULL;
    if (missing) {
        PyErr_Format(PyExc_TypeError, "deal() missing required keyword argument '%s'", missing);
        return NULL;
    }
    if (!PyLong_Check(o_key)) {
        PyErr_SetString(PyExc_TypeError, "key must be an int in [0, 2**64)");
        return NULL;
    }
    unsigned long long key = PyLong_AsUnsignedLongLong(o_key);
    if (key == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "key must be an int in [0, 2**64)");
        return NULL;
    }
    int want_simd;
    if (!strcmp(lanes_s, "auto")) want_simd = cpu_has_avx512();
    else if (!strcmp(lanes_s, "scalar")) want_simd = 0;
    else if (!strcmp(lanes_s, "avx512")) {
        if (!cpu_has_avx512()) {
            PyErr_SetString(PyExc_ValueError, "lanes='avx512': this CPU has no AVX-512 F/DQ/VL");
            return NULL;
        }
        want_simd = 1;
    } else {
        PyErr_Format(PyExc_ValueError, "lanes must be 'auto', 'avx512' or 'scalar', got %.20s", lanes_s);
        return NULL;
    }
    if (check_range("first", first, 0, (1LL << 62)) || check_range("count", count, 1, 1LL << 40) ||
        check_range("threads", threads, 1, MAX_THREADS) || check_range("cap_last", cap_last, 1, 1LL << 62))
        return NULL;

    Py_buffer b_cards = {0}, b_cls = {0}, b_pd = {0}, b_bd = {0}, b_gram = {0}, b_nc = {0}, b_hsum = {0},
              b_hist = {0}, b_codes = {0};
    Py_buffer *held[9];
    int nheld = 0;
    PyObject *result = NULL;
    void *ct = NULL;
    int16_t *code_t = NULL;
    int32_t *small = NULL;
#define GET(obj, nm, k, sz, d0, d1, w, v)                                   \
    do {                                                                     \
        if (get_buffer(obj, nm, k, sz, d0, d1, w, v) < 0) goto done;         \
        held[nheld++] = v;                                                   \
    } while (0)

    /* the shoe: any length, ranks < 13 */
    if (PyObject_GetBuffer(o_cards, &b_cards, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Format(PyExc_TypeError, "cards: expected a C-contiguous buffer of uint8, got %.80s",
                     Py_TYPE(o_cards)->tp_name);
        goto done;
    }
    held[nheld++] = &b_cards;
    if (b_cards.itemsize != 1 || !format_ok(b_cards.format, 'u', 1) || b_cards.ndim > 1) {
        PyErr_SetString(PyExc_ValueError, "cards: expected a 1-dimensional buffer of uint8 (rank indices)");
        goto done;
    }
    int64_t n = (int64_t)b_cards.len;
    const uint8_t *cards = b_cards.buf;
    for (int64_t i = 0; i < n; i++)
        if (cards[i] >= 13) {
            PyErr_Format(PyExc_ValueError, "cards: rank index %d at position %lld is not in 0..12", cards[i],
                         (long long)i);
            goto done;
        }
    int64_t lowest = burn ? 11 : 0; /* the largest burn takes 11 cards */
    if (check_range("cut", cut, 6, n - lowest)) goto done;
    GET(o_cls, "classes", 'i', 8, NO_COUP + 1, 0, 0, &b_cls);
    GET(o_pd, "player_draws", 'i', 8, 10, 0, 0, &b_pd);
    GET(o_bd, "banker_draws", 'i', 8, 10, 11, 0, &b_bd);
    const int64_t *cls = b_cls.buf;
    int64_t C = cls[NO_COUP] + 1; /* the last class is "no coup" */
    for (int i = 0; i <= NO_COUP; i++)
        if (cls[i] < 0 || cls[i] >= C) {
            PyErr_Format(PyExc_ValueError, "classes: class %lld of state %d is not in 0..%lld (the no-coup class, "
                         "classes[1600], must be the largest)", (long long)cls[i], i, (long long)(C - 1));
            goto done;
        }
    if (C > 16384) {
        PyErr_Format(PyExc_ValueError, "classes: at most 16384 classes, got %lld", (long long)C);
        goto done;
    }
    /* blocks follow from gram's length */
    if (PyObject_GetBuffer(o_gram, &b_gram, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyErr_Format(PyExc_TypeError, "gram: expected a C-contiguous writable buffer of int64, got %.80s",
                     Py_TYPE(o_gram)->tp_name);
        goto done;
    }
    held[nheld++] = &b_gram;
    Py_ssize_t per = (Py_ssize_t)(C * C * 8);
    if (b_gram.itemsize != 8 || !format_ok(b_gram.format, 'i', 8) || b_gram.len == 0 || b_gram.len % per ||
        b_gram.ndim > 3) {
        PyErr_Format(PyExc_ValueError, "gram: expected a writable C-contiguous int64 buffer of blocks x %lld x %lld "
                     "items, got %zd bytes", (long long)C, (long long)C, b_gram.len);
        goto done;
    }
    int64_t blocks = (int64_t)(b_gram.len / per); /* more blocks than shoes: some are empty */
    GET(o_nc, "ncoups", 'i', 8, count, 0, 1, &b_nc);
    if (o_hsum != Py_None) GET(o_hsum, "hsum", 'i', 8, blocks * C, 0, 1, &b_hsum);
    if (o_hist != Py_None) GET(o_hist, "hist", 'i', 4, count, C, 1, &b_hist);
    int64_t maxc = 0;
    if (o_codes != Py_None) {
        maxc = n / 4 + 1;
        GET(o_codes, "codes", 'i', 2, count, maxc, 1, &b_codes);
    }

    int64_t val[13] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0};
    static const int32_t burn_len[13] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};
    int wide = C > 64; /* the byte table holds class * 4 + 2 < 256 */
    ct = malloc(40000 * (wide ? 2 : 1));
    code_t = malloc(40000 * sizeof *code_t);
    small = malloc((256 + 256 + 16 + 16) * sizeof *small);
    int32_t *px = small, *bx = small + 256, *v10 = small + 512, *v1 = small + 528;
    if (!ct || !code_t || !small) {
        PyErr_NoMemory();
        goto done;
    }
    build_tables(val, b_pd.buf, b_bd.buf, cls, px, bx, v10, v1, wide ? NULL : ct, wide ? ct : NULL, code_t);
    Chunk K = {cards, n, (uint64_t)key, first, count, blocks, burn_len, cut, burn, C,
               o_hist != Py_None ? b_hist.buf : NULL, b_gram.buf, o_hsum != Py_None ? b_hsum.buf : NULL,
               b_nc.buf, cap_last,
               {px, bx, v10, v1, wide ? NULL : ct, wide ? ct : NULL, code_t,
                o_codes != Py_None ? b_codes.buf : NULL, maxc, want_simd}};
    int64_t ran;
    Py_BEGIN_ALLOW_THREADS
    ran = deal_threads(&K, threads);
    Py_END_ALLOW_THREADS
    if (ran < 0) {
        PyErr_SetString(PyExc_MemoryError, "the dealing kernel could not allocate its scratch shoes");
        goto done;
    }
    result = Py_BuildValue("(sL)", want_simd ? "avx512" : "scalar", (long long)ran);
done:
    free(ct);
    free(code_t);
    free(small);
    for (int i = 0; i < nheld; i++) PyBuffer_Release(held[i]);
    return result;
#undef GET
}

static PyObject *py_has_avx512(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyBool_FromLong(cpu_has_avx512());
}

static PyMethodDef methods[] = {
    {"deal", (PyCFunction)(void (*)(void))py_deal, METH_VARARGS | METH_KEYWORDS,
     "deal(cards, classes, player_draws, banker_draws, *, key, first, count, cut, burn, cap_last, threads, lanes, "
     "gram, ncoups, hsum=None, hist=None, codes=None) -> (lanes, threads)\n\n"
     "Deal shoes first .. first+count-1 of the run keyed by `key` (games.baccara.casino.shoe_kernel.deal "
     "documents the arguments); returns the lanes used ('avx512' or 'scalar') and the threads that ran."},
    {"has_avx512", py_has_avx512, METH_NOARGS, "Whether this CPU has AVX-512 F/DQ/VL (the vector draws)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_shoe",
                                    "The punto banco simulator's compiled dealing kernel "
                                    "(games.baccara.casino.shoe_kernel is its interface).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__shoe(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "ABI", ABI_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
