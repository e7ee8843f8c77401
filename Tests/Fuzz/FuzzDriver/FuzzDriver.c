#include "FuzzDriver.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

void mapper_fuzz_main(int argc, char **argv) {
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput));
}
