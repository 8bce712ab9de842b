import CanopyPipeline

/// A run's options from the command line's option groups.
extension RunOptions {
    init(
        inputs: InputOptions, store: StoreOptions, metadata: MetadataOptions, verbosity: VerbosityOptions,
        invocation: Invocation
    ) throws {
        self.init(environment: invocation.environment)
        console = invocation.console
        self.inputs = inputs.selection
        self.store = store.store
        configPath = store.config
        outputDirectory = store.out
        self.metadata = try metadata.metadata()
        quiet = verbosity.quiet
        verbose = verbosity.verbose
    }
}
