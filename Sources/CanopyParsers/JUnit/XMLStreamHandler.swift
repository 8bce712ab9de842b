import CanopyModel
import Foundation

/// Receives the events of an XML stream. Byte buffers are borrowed for the duration of a call.
///
/// `startElement` and `endElement` return whether the handler wants the text that follows, up to
/// the next element event: when it does not, libxml2 is told to deliver none (see
/// `XMLStreamReader.deliverCharacters`).
protocol XMLStreamHandler: AnyObject {
    /// Called once before the first event, with what the reader saw at the start of the file and
    /// the file's size in bytes.
    func documentWillStart(hasXMLDeclaration: Bool, fileSize: Int)
    func startElement(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, line: Int) -> Bool
    func endElement(_ name: UnsafePointer<UInt8>) -> Bool
    func characters(_ bytes: UnsafeBufferPointer<UInt8>)
}
