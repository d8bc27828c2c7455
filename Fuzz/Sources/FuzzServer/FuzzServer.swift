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

// SwiftPM links an executable module's entry point as `<module>_main` (to keep it testable),
// so libFuzzer's own `main` is not used: this entry point hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("FuzzServer_main")
public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOneInput)
}
