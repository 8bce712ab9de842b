import CanopyPipeline

/// A history command's options from the command line's option groups.
extension HistoryOptions {
    init(store: StoreOptions, invocation: Invocation) {
        self.init(environment: invocation.environment)
        console = invocation.console
        self.store = store.store
        configPath = store.config
        outputDirectory = store.out
    }
}
