#ifndef MAPPER_CMALLOC_SHIM_H
#define MAPPER_CMALLOC_SHIM_H
// glibc's allocator settings (`mallopt`); Swift code calls them where Glibc is imported.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif
