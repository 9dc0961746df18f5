/* Copied from the team's shared yardstick (shared/baselines/nqueens_mirror.c,
 * 2026-11-23) so that `nursery bench queens` runs from the repository alone. */
/* Yardstick for N-queens counting: the classic single-threaded bitboard
 * backtracker that halves the work with the left/right mirror symmetry.
 * It is the baseline every benchmark of the project states its ratio
 * against, run on the same machine in the same run.
 *
 *   cc -O3 -march=native -o nqueens_mirror nqueens_mirror.c
 *   ./nqueens_mirror 16        -> prints "16 14772512 <seconds>"
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

static uint64_t solve(uint32_t all, uint32_t cols, uint32_t ld, uint32_t rd) {
    if (cols == all) return 1;
    uint64_t n = 0;
    uint32_t free = all & ~(cols | ld | rd);
    while (free) {
        uint32_t bit = free & -free;
        free ^= bit;
        n += solve(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    return n;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 31) { fprintf(stderr, "n must be in 1..31\n"); return 2; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint32_t all = (1u << n) - 1, total = 0;
    uint64_t count = 0;
    (void)total;
    /* Queens in the left half of the first row, doubled by the mirror. */
    for (int c = 0; c < n / 2; ++c) {
        uint32_t bit = 1u << c;
        count += 2 * solve(all, bit, bit << 1, bit >> 1);
    }
    if (n % 2) { /* middle column of the first row: mirror the second row instead */
        uint32_t bit = 1u << (n / 2);
        for (int c = 0; c < n / 2; ++c) {
            uint32_t b2 = 1u << c;
            if (b2 & (bit | bit << 1 | bit >> 1)) continue;
            count += 2 * solve(all, bit | b2, ((bit << 1) | b2) << 1, ((bit >> 1) | b2) >> 1);
        }
    }
    if (n == 1) count = 1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%d %llu %.3f\n", n, (unsigned long long)count,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    return 0;
}
