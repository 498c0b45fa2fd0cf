#ifndef SCROLLKIT_SK_WORDBREAK_H
#define SCROLLKIT_SK_WORDBREAK_H
// Word breaks from ICU's line break iterator, for the scripts written without spaces between words (Thai,
// Lao, Khmer, Burmese). ICU's dictionaries are compiled into libicudata, so this does no I/O. Only this
// header is visible to Swift: ICU's own headers would clash with the toolchain's copy of ICU (Foundation).
#include <stdint.h>

/// Writes the line-break positions inside `text` (UTF-16, `length` units) to `out` (at most `capacity`),
/// excluding 0 and `length`; returns how many, or -1 when ICU cannot break.
int32_t sk_dictionary_breaks(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

/// Writes the word boundaries of `text` (UTF-16, `length` units; Unicode's UAX #29 rules with ICU's
/// dictionaries for Thai, CJK and the like) to `out`, 0 and `length` included, and for each segment that
/// ends at `out[i]` (i > 0) whether it is a word (letters, numbers, kana, ideographs: ICU's rule status
/// is not UBRK_WORD_NONE) to `isWord[i]` (1 or 0); returns how many boundaries, or -1 when ICU cannot break.
int32_t sk_word_boundaries(const uint16_t *text, int32_t length, int32_t *out, uint8_t *isWord, int32_t capacity);

/// Writes the sentence boundaries of `text` (UTF-16, `length` units; UAX #29 sentence rules) to `out`, 0 and
/// `length` included (at most `capacity`); returns how many, or -1 when ICU cannot break.
int32_t sk_sentence_boundaries(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);
#endif
