import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation

/// Expands and parses the inputs of a command, in parallel across files.
package struct InputReader: Sendable {
    package var registry: ParserRegistry

    package init(registry: ParserRegistry = ParserRegistry()) {
        self.registry = registry
    }

    /// What reading the inputs gave: what parsed, what failed, and what was skipped.
    package struct Reading: Sendable {
        package var parsed: [ParsedInput]
        package var errors: [ParserError]
        /// Files a directory or a pattern found and left out, with why: another kind of document
        /// (`.notAReport`), or a report of another format than the flag that found it takes.
        package var skipped: [(path: String, reason: InputSkip)]

        /// One `note: skipped …` line per skipped file (`InputSkipWords`).
        package var skipNotes: [String] { skipped.map { InputSkipWords.note(path: $0.path, reason: $0.reason) } }
    }

    /// Parses every input; files that fail are returned as errors beside what did parse. A file
    /// that a directory or a pattern found and that is another kind of document (a coverage
    /// report, a property list), or a report of another format than its flag takes (an xcresult
    /// JSON in the directory given to `--junit`), is skipped; named on its own, it is an error.
    /// `found` is told the files found (directories and patterns expanded) before they are parsed.
    /// `find`, then `parse`.
    ///
    /// A file given more than once (a directory and a flag naming a file in it, or two spellings
    /// of one path) is read once, where it was first given, with a note. `outputs` are the files
    /// this command writes (`report.json`, …): found in a directory being read, they are skipped
    /// as Canopy's own output, so `canopy run --out build/canopy build/` reads the same run twice.
    package func read(
        _ selection: InputSelection, outputs: [String] = [], progress: Progress? = nil,
        found: ([String]) -> Void = { _ in }
    ) throws -> Reading {
        let files = try find(selection, outputs: outputs)
        found(files.paths)
        return try parse(files, progress: progress)
    }

    /// The files of a selection, before any is parsed: each with how it was given.
    package struct Found: Sendable {
        struct File: Sendable {
            var path: String
            /// Named on its own, not found in a directory or by a pattern.
            var named: Bool
            var flag: String?
            var formats: Set<InputFormat>?
            /// `--destination`'s label for the file, when given.
            var destination: String?
        }

        var files: [File]
        var errors: [ParserError]
        var skipped: [(path: String, reason: InputSkip)]
        var selection: InputSelection
        package var paths: [String] { files.map(\.path) }
    }

    /// The files `selection` names, directories and patterns expanded, each once, Canopy's own
    /// `outputs` left out (`read`).
    package func find(_ selection: InputSelection, outputs: [String] = []) throws -> Found {
        var files: [Found.File] = []
        var expansionErrors: [ParserError] = []
        var skipped: [(path: String, reason: InputSkip)] = []
        var firstGiven: [String: String] = [:]
        let written = Set(outputs.map(Self.canonical))
        for expectation in selection.expectations {
            if expectation.optional, let absent = Self.absence(of: expectation.argument) {
                skipped.append((expectation.argument, absent))
                continue
            }
            do {
                for path in try InputExpander.expand([expectation.argument]) {
                    let named = path == expectation.argument
                    let canonical = Self.canonical(path)
                    if let first = firstGiven[canonical] {
                        skipped.append((path, .givenTwice(firstAs: first)))
                    } else if !named, written.contains(canonical) {
                        skipped.append((path, .ownOutput))
                    } else {
                        firstGiven[canonical] = path
                        files.append(
                            Found.File(
                                path: path, named: named, flag: expectation.flag, formats: expectation.formats,
                                destination: expectation.destination))
                    }
                }
            } catch {
                expansionErrors.append(error)
            }
        }
        if files.isEmpty && expansionErrors.isEmpty {
            throw PipelineError.usage(
                "no report files found in \(selection.given) (a directory is searched for *.xml, *.json, *.junit and .xcresult bundles)"
            )
        }
        return Found(files: files, errors: expansionErrors, skipped: skipped, selection: selection)
    }

    /// Parses the files `find` found (`read`). Synchronous and CPU-bound, on every core
    /// (`ParserRegistry.parseAll`): a command calls it on a thread of its own (`DedicatedThread`).
    package func parse(_ found: Found, progress: Progress? = nil) throws -> Reading {
        let files = found.files
        let selection = found.selection
        // The bar's total: sizes of what links point to (a directory's links to reports are read
        // through); nothing is asked of the file system for log lines or quiet.
        var total = 0
        if progress?.drawsBar == true {
            for file in files {
                let path = URL(fileURLWithPath: file.path).resolvingSymlinksInPath().path
                total += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            }
        }
        progress?.start(files: files.count, bytes: total)
        var reading = Reading(parsed: [], errors: found.errors, skipped: found.skipped)
        // Pieces of a file move only the bar.
        var pieces: (@Sendable (String, Int) -> Void)?
        if let progress, progress.drawsBar { pieces = { path, bytes in progress.reading(path, bytes: bytes) } }
        let results = registry.parseAll(
            found.paths, reading: pieces,
            progress: { path, bytes in progress?.parsed(path, bytes: bytes) })
        progress?.finish()
        for (file, result) in zip(files, results) {
            switch result {
            case .success(let input):
                if let formats = file.formats, !formats.contains(input.file.format), let flag = file.flag {
                    if file.named {
                        reading.errors.append(.wrongFlag(path: file.path, format: input.file.format, flag: flag))
                    } else {
                        reading.skipped.append((file.path, .otherFormat(input.file.format.displayName, flag: flag)))
                    }
                } else {
                    var input = input
                    input.file.destination = file.destination
                    reading.parsed.append(input)
                }
            case .failure(let error):
                if case .notAReport = error, !file.named, let note = error.skipNote {
                    reading.skipped.append((file.path, .notAReport(note)))
                } else {
                    reading.errors.append(error)
                }
            }
        }
        if reading.parsed.isEmpty && reading.errors.isEmpty {
            throw PipelineError.usage(
                "no report files found in \(selection.given): \(reading.skipped.map { "\($0.path) (\(InputSkipWords.reason($0.reason)))" }.joined(separator: "; "))"
            )
        }
        return reading
    }

    /// Why an optional input (`--optional`) is left out: not there, or a pattern matching nothing;
    /// nil when it is there to be read.
    static func absence(of argument: String) -> InputSkip? {
        if FileManager.default.fileExists(atPath: argument) { return nil }
        if argument.contains(where: { "*?[".contains($0) }), (try? InputExpander.expand([argument])) != nil {
            return nil
        }
        return .optionalAbsent
    }

    /// One path for one file: absolute, standardised, links resolved.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
