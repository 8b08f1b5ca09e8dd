import NIOCore
import NIOHPACK

/// A provider's answer as the clients read it.
struct ProviderAnswer: Sendable {
    var status: Int
    var headers: HPACKHeaders
    var body: ByteBuffer
    /// From writing the request to the end of the answer.
    var elapsed: Duration
}
