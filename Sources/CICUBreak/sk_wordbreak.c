// ICU's line, word and sentence break iterators behind sk_dictionary_breaks, sk_word_boundaries and
// sk_sentence_boundaries (see include/sk_wordbreak.h).
#include "sk_wordbreak.h"
#include <unicode/ubrk.h>

int32_t sk_dictionary_breaks(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "th", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || !it) { if (it) ubrk_close(it); return -1; }
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && b < length; b = ubrk_next(it)) {
        if (b > 0 && count < capacity) out[count++] = b;
    }
    ubrk_close(it);
    return count;
}

int32_t sk_word_boundaries(const uint16_t *text, int32_t length, int32_t *out, uint8_t *isWord, int32_t capacity) {
    if (capacity < 1) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_WORD, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || !it) { if (it) ubrk_close(it); return -1; }
    int32_t count = 0;
    out[count] = 0; isWord[count] = 0; count++;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && count < capacity; b = ubrk_next(it)) {
        out[count] = b;
        isWord[count] = ubrk_getRuleStatus(it) >= UBRK_WORD_NONE_LIMIT ? 1 : 0;
        count++;
    }
    ubrk_close(it);
    return count;
}

int32_t sk_sentence_boundaries(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    if (capacity < 1) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_SENTENCE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || !it) { if (it) ubrk_close(it); return -1; }
    int32_t count = 0;
    out[count++] = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && count < capacity; b = ubrk_next(it)) {
        if (b > out[count - 1]) out[count++] = b;
    }
    ubrk_close(it);
    return count;
}
