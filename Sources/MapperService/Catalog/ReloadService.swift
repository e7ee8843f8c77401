import Logging
import ServiceLifecycle
import UnixSignals

/// Runs next to the HTTP server: reloads on SIGHUP and, with `--watch`, when the mapping files
/// change. Ends with the server's graceful shutdown.
struct ReloadService: Service {
    let reloader: Reloader
    let paths: [String]
    /// Set with `--watch`: the poll interval and the files as they were before the first load.
    let watch: (interval: Duration, initial: FileFingerprint)?
    let onHangup: Bool
    /// With `--shadow`: the candidate, and (with `--watch`) its files before the first load.
    var shadow: (shadow: Shadow, initial: FileFingerprint?)?

    func run() async throws {
        // Return only at shutdown: a service that ends early would stop the whole group.
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                if onHangup {
                    group.addTask {
                        for await _ in await UnixSignalsSequence(trapping: .sighup) {
                            if let shadow { await shadow.shadow.reload(.signal) }
                            await reloader.reload(.signal)
                        }
                    }
                }
                if let watch {
                    group.addTask {
                        await poll(paths, tables: { await reloader.tableFiles }, every: watch.interval, from: watch.initial) {
                            _ = await reloader.reload(.watch)
                        }
                    }
                    if let shadow, let initial = shadow.initial {
                        group.addTask {
                            await poll(shadow.shadow.paths, tables: { [] }, every: watch.interval, from: initial) {
                                _ = await shadow.shadow.reload(.watch)
                            }
                        }
                    }
                }
                group.addTask {
                    // Keeps the group alive until shutdown cancels it.
                    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                }
                await group.waitForAll()
            }
        }
    }

    /// Polls the files (and the live catalog's table files, as `tables` lists them); when they
    /// change, waits until they stop changing (an editor or a copy may write in several steps)
    /// and reloads. A reload that catches a half-written file fails harmlessly, and the write that
    /// completes it is the next change.
    private func poll(
        _ paths: [String], tables: @Sendable () async -> [String], every interval: Duration, from initial: FileFingerprint,
        reload: @Sendable () async -> Void
    ) async {
        var applied = initial
        let settle = min(interval / 4, .milliseconds(250))
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            // The first poll after a catalog with tables goes live sees them as new files: one
            // reload, to the same revision, which changes nothing.
            let watched = await tables()
            var seen = FileFingerprint(paths: paths, tables: watched)
            guard seen != applied else { continue }
            for _ in 0..<20 {
                do { try await Task.sleep(for: settle) } catch { return }
                let again = FileFingerprint(paths: paths, tables: watched)
                if again == seen { break }
                seen = again
            }
            applied = seen
            await reload()
        }
    }
}
