import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// Output verbosity.
struct VerbosityOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print only errors and failed gates.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print the inputs' notes and where the time went.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose ask for opposite things; give one") }
    }
}
