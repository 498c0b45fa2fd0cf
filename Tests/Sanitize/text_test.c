// ICU's break iterators behind sk_wordbreak.c under AddressSanitizer and UndefinedBehaviorSanitizer: random
// UTF-16 (lone surrogates, noncharacters, NUL, Thai and CJK runs among Latin) of every length up to 300 units,
// the text ending at an unmapped page (ICU is not instrumented: a read past `length` must fault), output
// arrays exactly `capacity` long, and each answer checked for order and range.
#include "harness.h"
#include "sk_wordbreak.h"

static uint16_t random_unit(void) {
    switch (random_in(0, 9)) {
    case 0: return (uint16_t)random_in(0xD800, 0xDFFF);          // a surrogate, often unpaired
    case 1: return (uint16_t)(random_in(0, 1) ? 0xFFFF : 0xFFFE);  // noncharacters
    case 2: return 0;
    case 3: case 4: return (uint16_t)random_in(0x0E01, 0x0E3A);    // Thai
    case 5: return (uint16_t)random_in(0x4E00, 0x4FFF);            // CJK
    case 6: return (uint16_t)(random_in(0, 3) ? ' ' : '.');
    case 7: return (uint16_t)random_in(0x0300, 0x036F);            // combining marks
    default: return (uint16_t)random_in('a', 'z');
    }
}

static void check_increasing(const int32_t *b, int32_t n, int32_t length, int boundaries, const char *what) {
    for (int32_t i = 0; i < n; i++) {
        CHECK(b[i] >= 0 && b[i] <= length, "%s: boundary %d out of 0...%d", what, b[i], length);
        if (i > 0) CHECK(b[i] > b[i - 1], "%s: boundaries %d then %d", what, b[i - 1], b[i]);
    }
    if (boundaries && n > 0) CHECK(b[0] == 0 && b[n - 1] == length, "%s: from %d to %d of %d", what, b[0], b[n - 1], length);
}

int main(void) {
    for (int t = 0; t < 1200; t++) {
        int32_t length = random_in(0, 300);
        guarded g = guarded_alloc((size_t)length * 2 + (length == 0));
        uint16_t *text = (uint16_t *)(g.start + (length == 0));
        for (int32_t i = 0; i < length; i++) text[i] = random_unit();
        int32_t capacity = random_in(0, 2) == 0 ? random_in(1, 4) : length + 1;
        int32_t *out = malloc(sizeof(int32_t) * (size_t)capacity);
        uint8_t *words = malloc((size_t)capacity);
        int32_t n = sk_dictionary_breaks(text, length, out, capacity);
        CHECK(n >= 0 && n <= capacity, "dictionary breaks: %d of capacity %d", n, capacity);
        if (n > 0) check_increasing(out, n, length - 1, 0, "dictionary");
        n = sk_word_boundaries(text, length, out, words, capacity);
        CHECK(n >= 1 && n <= capacity, "word boundaries: %d of capacity %d", n, capacity);
        if (n > 0) check_increasing(out, n, length, capacity > length, "words");
        for (int32_t i = 0; i < n; i++) CHECK(words[i] <= 1, "isWord %d", words[i]);
        n = sk_sentence_boundaries(text, length, out, capacity);
        CHECK(n >= 1 && n <= capacity, "sentence boundaries: %d of capacity %d", n, capacity);
        if (n > 0) check_increasing(out, n, length, capacity > length, "sentences");
        free(out); free(words);
        guarded_free(g);
    }
    // No room, no text.
    int32_t one[1];
    uint8_t word[1];
    CHECK(sk_word_boundaries(NULL, 0, one, word, 0) == -1 && sk_sentence_boundaries(NULL, 0, one, 0) == -1, "capacity 0");
    CHECK(sk_dictionary_breaks((const uint16_t *)u"abc", 3, one, 0) == 0, "dictionary breaks with capacity 0");
    CHECK(sk_word_boundaries((const uint16_t *)u"", 0, one, word, 1) == 1 && one[0] == 0, "empty text");
    return harness_finish("text");
}
