// The sanitizer harnesses' shared bits: a seeded generator, checks that count failures, and memory whose
// end touches an unmapped page (the AVX2 kernels are inline assembly, which AddressSanitizer does not see:
// an overrun there must fault instead). Built by scripts/sanitize.sh.
#ifndef SK_HARNESS_H
#define SK_HARNESS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int harness_failures = 0;

#define CHECK(cond, ...) do { \
        if (!(cond)) { \
            harness_failures++; \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__); \
            fputc('\n', stderr); \
        } \
    } while (0)

/// SplitMix64 (the same generator as the Swift tests' SplitMix).
static uint64_t harness_state = 0x5eed;
__attribute__((unused)) static uint64_t next_random(void) {
    uint64_t z = (harness_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
/// A uniform integer in [lo, hi].
__attribute__((unused)) static int random_in(int lo, int hi) {
    return lo + (int)(next_random() % (uint64_t)((int64_t)hi - lo + 1));
}

/// `bytes` of memory ending exactly at an unmapped page (read or written past the end: SIGSEGV).
typedef struct { void *base; size_t mapped; uint8_t *start; } guarded;
__attribute__((unused)) static guarded guarded_alloc(size_t bytes) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t body = (bytes + page - 1) / page * page;
    guarded g = { NULL, body + page, NULL };
    g.base = mmap(NULL, g.mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g.base == MAP_FAILED) { perror("mmap"); exit(2); }
    mprotect((uint8_t *)g.base + body, page, PROT_NONE);
    g.start = (uint8_t *)g.base + body - bytes;
    return g;
}
__attribute__((unused)) static void guarded_free(guarded g) { munmap(g.base, g.mapped); }

static int harness_finish(const char *name) {
    if (harness_failures) {
        fprintf(stderr, "%s: %d checks failed\n", name, harness_failures);
        return 1;
    }
    printf("%s: ok\n", name);
    return 0;
}

#endif
