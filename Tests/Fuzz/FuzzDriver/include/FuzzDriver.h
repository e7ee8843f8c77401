#ifndef MAPPER_FUZZ_DRIVER_H
#define MAPPER_FUZZ_DRIVER_H

/// Runs libFuzzer's driver on the target's `LLVMFuzzerTestOneInput` with the process arguments,
/// then exits with its status.
///
/// SwiftPM renames an executable's entry point to `<Module>_main` and links `main` to it, so
/// libFuzzer's own `main` is never used: each target's `@main` calls this instead.
void mapper_fuzz_main(int argc, char **argv);

#endif
