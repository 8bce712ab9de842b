// libFuzzer entry point for `make fuzz` (see bench/fuzz.sh). Built with
//   swift build --scratch-path .build-fuzz -c debug --product CanopyFuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// libFuzzer supplies `main`; `-parse-as-library` keeps Swift from emitting one for this file.
// In an ordinary build (no fuzzer flags) this is an executable that does nothing.

/// Called by libFuzzer once per input; the target is chosen by `CANOPY_FUZZ_TARGET`.
@_cdecl("LLVMFuzzerTestOneInput")
public func canopyFuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}
