import CLDAP
import Foundation

/// One synchronous libldap connection, used on a `BlockingPool` thread for
/// one login and closed. Connect and operation timeouts bound every call.
final class LDAPConnection {
    /// libldap's result codes Herald tells apart.
    enum Code {
        static let success: Int32 = 0
        static let noSuchObject: Int32 = 32
        static let invalidCredentials: Int32 = 49
    }

    private var handle: OpaquePointer?
    private let timeout: timeval

    /// Connects (lazily: libldap connects at the first operation) with
    /// protocol 3, no referral chasing, the timeouts, and TLS as configured.
    /// The system's trust roots, one file per CA (Debian's ca-certificates).
    static let systemCADirectory = "/etc/ssl/certs"

    /// `caFile` is the only CA trusted; `additionalCAFile` is trusted
    /// besides the system's roots.
    init(url: String, timeoutSeconds: Double, caFile: String?, additionalCAFile: String? = nil, startTLS: Bool) throws {
        timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: Int((timeoutSeconds - timeoutSeconds.rounded(.down)) * 1_000_000))
        var made: OpaquePointer?
        try Self.check(ldap_initialize(&made, url), "initialize \(url)")
        handle = made
        var version: Int32 = 3
        var timeout = self.timeout
        try Self.check(ldap_set_option(handle, LDAP_OPT_PROTOCOL_VERSION, &version), "protocol version")
        try Self.check(ldap_set_option(handle, LDAP_OPT_NETWORK_TIMEOUT, &timeout), "network timeout")
        try Self.check(ldap_set_option(handle, LDAP_OPT_TIMEOUT, &timeout), "timeout")
        try Self.check(ldap_set_option(handle, LDAP_OPT_REFERRALS, nil), "referrals off")
        var demand = LDAP_OPT_X_TLS_DEMAND
        try Self.check(ldap_set_option(handle, LDAP_OPT_X_TLS_REQUIRE_CERT, &demand), "require a valid certificate")
        if let file = caFile ?? additionalCAFile {
            try Self.check(ldap_set_option(handle, LDAP_OPT_X_TLS_CACERTFILE, file), "CA file \(file)")
            // libldap trusts the system's roots only when given no CA at all:
            // beside a file trusted in addition, name their directory too.
            if caFile == nil, FileManager.default.fileExists(atPath: Self.systemCADirectory) {
                try Self.check(ldap_set_option(handle, LDAP_OPT_X_TLS_CACERTDIR, Self.systemCADirectory), "CA directory \(Self.systemCADirectory)")
            }
            // The TLS settings take effect in a context made after them.
            var server: Int32 = 0
            try Self.check(ldap_set_option(handle, LDAP_OPT_X_TLS_NEWCTX, &server), "TLS context")
        }
        if startTLS {
            try Self.check(ldap_start_tls_s(handle, nil, nil), "StartTLS")
        }
    }

    deinit {
        if let handle { ldap_unbind_ext_s(handle, nil, nil) }
    }

    /// A simple bind; the result code (success, invalid credentials, ...).
    /// Never called with an empty password: that is an unauthenticated bind,
    /// which servers accept without checking anything.
    func bind(dn: String, password: String) -> Int32 {
        precondition(!password.isEmpty, "an empty password is an unauthenticated bind")
        var bytes = Array(password.utf8CString.dropLast())
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var credentials = berval(bv_len: ber_len_t(buffer.count), bv_val: buffer.baseAddress)
            return ldap_sasl_bind_s(handle, dn, nil, &credentials, nil, nil, nil)
        }
    }

    /// The DNs of the entries a search finds (no attributes are read).
    func searchDNs(base: String, subtree: Bool, filter: String, limit: Int32 = 2) throws -> [String] {
        var result: OpaquePointer?
        var timeout = self.timeout
        var attributes: [UnsafeMutablePointer<CChar>?] = [strdup("1.1"), nil]
        defer { free(attributes[0]) }
        let code = ldap_search_ext_s(handle, base, subtree ? 2 : 0, filter, &attributes, 0, nil, nil, &timeout, limit, &result)
        defer { if let result { ldap_msgfree(result) } }
        if code == Code.noSuchObject { return [] }
        // A size limit hit still returns the entries found.
        guard code == Code.success || code == LDAP_SIZELIMIT_EXCEEDED else { throw LDAPError(code, "search \(base)") }
        var dns: [String] = []
        var entry = ldap_first_entry(handle, result)
        while let current = entry {
            if let dn = ldap_get_dn(handle, current) {
                dns.append(String(cString: dn))
                ldap_memfree(dn)
            }
            entry = ldap_next_entry(handle, current)
        }
        return dns
    }

    /// The entries a search finds with the attributes asked for (each
    /// attribute's values as text, by its name lower-cased). `scope`: 0
    /// base, 1 one level, 2 subtree. An absent base is no entry.
    func searchEntries(base: String, scope: Int32, filter: String, attributes names: [String], limit: Int32 = 10_000) throws -> [LDAPEntry] {
        var result: OpaquePointer?
        var timeout = self.timeout
        var attributes: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { for pointer in attributes { free(pointer) } }
        let code = ldap_search_ext_s(handle, base, scope, filter, &attributes, 0, nil, nil, &timeout, limit, &result)
        defer { if let result { ldap_msgfree(result) } }
        if code == Code.noSuchObject { return [] }
        guard code == Code.success || code == LDAP_SIZELIMIT_EXCEEDED else { throw LDAPError(code, "search \(base)") }
        var entries: [LDAPEntry] = []
        var entry = ldap_first_entry(handle, result)
        while let current = entry {
            var found = LDAPEntry(dn: "", attributes: [:])
            if let dn = ldap_get_dn(handle, current) {
                found.dn = String(cString: dn)
                ldap_memfree(dn)
            }
            for name in names {
                guard let values = ldap_get_values_len(handle, current, name) else { continue }
                var texts: [String] = []
                var index = 0
                while let value = values[index] {
                    let bytes = UnsafeRawBufferPointer(start: value.pointee.bv_val, count: Int(value.pointee.bv_len))
                    texts.append(String(decoding: bytes, as: UTF8.self))
                    index += 1
                }
                ldap_value_free_len(values)
                found.attributes[name.lowercased()] = texts
            }
            entries.append(found)
            entry = ldap_next_entry(handle, current)
        }
        return entries
    }

    static func check(_ code: Int32, _ what: String) throws {
        guard code == Code.success else { throw LDAPError(code, what) }
    }
}

/// A libldap failure, with the library's own words for the code.
struct LDAPError: Error, CustomStringConvertible {
    var code: Int32
    var description: String

    init(_ code: Int32, _ what: String) {
        self.code = code
        self.description = "\(what): \(String(cString: ldap_err2string(code))) (\(code))"
    }
}

/// An entry a search found: its DN and the attributes asked for.
struct LDAPEntry: Sendable, Equatable {
    var dn: String
    /// Each attribute's values, by its name lower-cased.
    var attributes: [String: [String]]

    func values(_ name: String) -> [String] { attributes[name.lowercased()] ?? [] }
}
