// The modules re-exported with CanopyPipeline, one by one.

// The configuration types are part of the pipeline's API: commands and tests that import
// CanopyPipeline use them without importing CanopyConfig (its own module so that the YAML loader
// can be fuzzed without NIO, BoringSSL and GRDB in the sanitizer build).
@_exported import CanopyConfig
