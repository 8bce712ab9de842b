// libFuzzer entry point for `make fuzz` (bench/fuzz.sh), built with
//   swift build --scratch-path .build-fuzz -c debug --product CanopyFuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCANOPY_FUZZ
// SwiftPM links every executable with `main` aliased to this module's entry point
// (`--defsym main=CanopyFuzz_main`), so libFuzzer's own `main` cannot be used (and
// `-parse-as-library` fails to link: "undefined symbol 'CanopyFuzz_main'"). Instead this file's
// top-level code hands control to libFuzzer's driver. In an ordinary build it does nothing.
import Foundation

/// Called by libFuzzer once per input; the target is chosen by `CANOPY_FUZZ_TARGET`.
@_cdecl("LLVMFuzzerTestOneInput")
public func canopyFuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}

#if CANOPY_FUZZ
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (the name libFuzzer exports)
    /// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size))`
    /// from libFuzzer (LLVM 11+); pointer arguments and an int result pass the same way in Swift's
    /// and C's calling conventions on x86_64 and arm64.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    var fuzzArgc = CommandLine.argc
    var fuzzArgv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv) { data, count in canopyFuzzTestOneInput(data, count) })
#endif
