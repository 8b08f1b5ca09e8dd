import Foundation

extension UUID {
    /// Python's `str(uuid)`: lowercase with hyphens. How the API, the pages
    /// and the logs write a service's id.
    public var wireString: String { uuidString.lowercased() }
}
