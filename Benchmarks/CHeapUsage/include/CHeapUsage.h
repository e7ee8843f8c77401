#ifndef C_HEAP_USAGE_H
#define C_HEAP_USAGE_H

#include <stddef.h>

/// Bytes the C heap holds now (glibc's mallinfo2: small blocks in the arenas plus the large ones
/// malloc maps directly); 0 where the C library does not say.
size_t mapper_heap_bytes_in_use(void);

#endif
