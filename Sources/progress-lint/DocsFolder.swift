#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a folder of generated pages in step: writes each page, removes `.md` files no rule owns.
enum DocsFolder {
    static func sync(_ pages: [(name: String, text: String)], in folder: String) throws(OutputError) {
        mkdir(folder, 0o755)
        let wanted = Set(pages.map(\.name))
        if let dir = opendir(folder) {
            var stale: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".md"), !wanted.contains(name) { stale.append(name) }
            }
            closedir(dir)
            for name in stale { unlink("\(folder)/\(name)") }
        }
        for page in pages { try Output.write(page.text, to: "\(folder)/\(page.name)") }
    }
}
