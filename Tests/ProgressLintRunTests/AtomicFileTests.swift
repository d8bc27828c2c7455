#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import ProgressLintSupport
import TestSupport
import Testing

/// ``AtomicFile``: a staged file replaces its target whole, keeps its permissions, and leaves
/// nothing else behind, whether it is put in place by a rename or (a report) by exchanging names.
@Suite struct AtomicFileTests {
    static func folder() throws -> String { try TestFolders.temporary(prefix: "pl-atomic").path }

    static func stage(_ text: String, to path: String, sync: Bool) throws -> AtomicFile.Staged {
        try AtomicFile.stage(Array(path.utf8), mustExist: false, sync: sync) { fd in
            Array(text.utf8).withUnsafeBytes { SystemCalls.writeAll(fd, $0) }.map(SystemCalls.errorText)
        }.get()
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test(arguments: [false, true])
    func aStagedFileReplacesItsTargetWholeAndLeavesNothingElse(synced: Bool) throws {
        let dir = try Self.folder()
        let target = dir + "/report.json"
        try "old report".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        // A reader that opened the old report before goes on reading the old report whole.
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: target))
        let staged = try Self.stage("the new report", to: target, sync: synced)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old report")
        #expect(AtomicFile.commit(staged) == nil)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "the new report")
        #expect(String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self) == "old report")
        try reader.close()
        #expect(Self.mode(target) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.json"])
    }

    @Test func aReportOverARegularFileOfItsOwnIsPutInPlaceByExchangingNames() throws {
        #if os(Linux)
        let dir = try Self.folder()
        let target = dir + "/report.json", temporary = dir + "/.report.json.new"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try "new".write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(AtomicFile.exchange(Array(temporary.utf8CString), Array(target.utf8CString)))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.json"])
        #endif
    }

    @Test func aTargetThatIsNotARegularFileIsNotExchanged() throws {
        let dir = try Self.folder()
        let temporary = dir + "/.new"
        try "new".write(toFile: temporary, atomically: false, encoding: .utf8)
        try "kept".write(toFile: dir + "/elsewhere.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "elsewhere.json")
        try FileManager.default.createDirectory(atPath: dir + "/folder.json", withIntermediateDirectories: false)
        for target in ["link.json", "folder.json", "missing.json"] {
            #expect(!AtomicFile.exchange(Array(temporary.utf8CString), Array((dir + "/" + target).utf8CString)), "\(target)")
        }
        // Nothing moved: the temporary file, the link, its target and the folder are as they were.
        #expect(try String(contentsOfFile: temporary, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json") == "elsewhere.json")
        #expect(try String(contentsOfFile: dir + "/elsewhere.json", encoding: .utf8) == "kept")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir + "/folder.json", isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func aReportOverASymbolicLinkReplacesTheLinkNotTheFileItNames() throws {
        let dir = try Self.folder()
        try "kept".write(toFile: dir + "/elsewhere.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/report.json", withDestinationPath: "elsewhere.json")
        let staged = try Self.stage("new", to: dir + "/report.json", sync: false)
        #expect(AtomicFile.commit(staged) == nil)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/report.json")) == nil)
        #expect(try String(contentsOfFile: dir + "/report.json", encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: dir + "/elsewhere.json", encoding: .utf8) == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["elsewhere.json", "report.json"])
    }

    @Test func aReportOverAFolderFailsAndLeavesTheFolderAndNoTemporaryFile() throws {
        let dir = try Self.folder()
        try FileManager.default.createDirectory(atPath: dir + "/report.json", withIntermediateDirectories: false)
        let staged = try Self.stage("new", to: dir + "/report.json", sync: false)
        #expect(AtomicFile.commit(staged) != nil)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir + "/report.json", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.json"])
    }
}
