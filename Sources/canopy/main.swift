import CanopyCLI
import CanopyPipeline
import Foundation

// The `canopy` process: the command runs in `Canopy.invoke` (CanopyCLI); what belongs to the
// process alone is here.

// `canopy run` of a large report holds its peak across several threads' allocations.
Platform.boundAllocatorMemory(arenas: Int32(clamping: ProcessInfo.processInfo.activeProcessorCount))
StandardStream.ignoreBrokenPipes()
let retainer = Retainer()
let status = await Canopy.invoke(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, console: .standard,
    retainer: retainer)
// Exit while the command's results are still referenced: the process returns its memory at
// exit, so a large run's values are never freed one by one.
withExtendedLifetime(retainer) { exit(status) }
