import ArgumentParser
import CanopyModel
import CanopyPipeline

// The values the command line reads as arguments, declared here because only the command line
// parses them.
extension InspectCommand.Format: ExpressibleByArgument {}
extension AnnotationMode: ExpressibleByArgument {}
extension AttachmentScope: ExpressibleByArgument {}
extension QuarantineCommand.Format: ExpressibleByArgument {}
extension FlakyIssuesCommand.Format: ExpressibleByArgument {}
extension PruneCommand.Format: ExpressibleByArgument {}
extension IndexSourceCommand.Format: ExpressibleByArgument {}
extension AffectedCommand.Format: ExpressibleByArgument {}
