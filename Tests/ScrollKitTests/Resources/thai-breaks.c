// The oracle of TextHitTestingTests.thaiBreaks: libthai's word breaker over each argument, printed with "|" at each break.
// cc thai-breaks.c $(pkg-config --cflags --libs libthai) && ./a.out SENTENCE... > ThaiSegmentation.txt (after its header)
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
#include <thai/thwchar.h>
#include <stdio.h>
#include <wchar.h>
#include <locale.h>
#include <stdlib.h>
/* Prints libthai's word breaks of each argument (UTF-8) as the text with '|' at each break. */
int main(int argc, char **argv) {
    setlocale(LC_ALL, "C.UTF-8");
    ThBrk *brk = th_brk_new(NULL);
    for (int a = 1; a < argc; a++) {
        wchar_t w[1024]; size_t n = mbstowcs(w, argv[a], 1024);
        thwchar_t tw[1024]; for (size_t i = 0; i < n; i++) tw[i] = w[i];
        tw[n] = 0;
        int pos[512]; int k = th_brk_wc_find_breaks(brk, tw, pos, 512);
        int j = 0;
        for (size_t i = 0; i < n; i++) {
            if (j < k && pos[j] == (int)i) { printf("|"); j++; }
            char buf[8]; int len = wctomb(buf, w[i]); fwrite(buf, 1, len, stdout);
        }
        printf("\n");
    }
    th_brk_delete(brk);
    return 0;
}
