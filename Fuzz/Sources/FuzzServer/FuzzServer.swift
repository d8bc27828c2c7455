import ProgressLintServer

#if canImport(Glibc)
import Glibc
#endif

/// bytes → JSON-RPC frames → LSP messages → the server's handlers (lifecycle, documents and their
/// edits in every encoding, diagnostics, code actions, hover, completion), one fresh server per
/// input, its answers written to /dev/null. No workspace run starts (inputs name any folder).
private let devNull = open("/dev/null", O_WRONLY)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let server = LanguageServer(input: -1, output: devNull, log: { _ in }, backgroundWork: false)
    // In two pieces, as a pipe may deliver them: a frame split anywhere is read whole.
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    if server.process(Array(bytes[..<cut])) == nil {
        server.process(Array(bytes[cut...]))
    }
    return 0
}
