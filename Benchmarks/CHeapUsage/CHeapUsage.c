// Swift's Glibc module does not export <malloc.h>, so the benchmarks ask the C heap through here.
#include "CHeapUsage.h"
// <stddef.h> comes from the compiler: a C library header is needed for __GLIBC__ to be defined.
#include <stdlib.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

size_t mapper_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t mapper_heap_bytes_in_use(void) {
    return 0;
}
#endif
