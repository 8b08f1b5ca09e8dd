import Foundation
import HeraldCore

/// A person's groups, and a group's people, as the directory says
/// (issue 41: teams follow directory groups). How groups are read is the
/// site's choice (`LDAPSettings.groupMembership`, `nestedGroups`): a search
/// for the person as a member, or their `memberOf`; groups inside groups
/// followed by Herald (`walk`, any directory) or by Active Directory's
/// in-chain rule. Blocking: run on the login pool, over a bound connection.
struct LDAPGroups {
    let connection: LDAPConnection
    let settings: LDAPSettings

    /// How deep `walk` follows groups inside groups.
    static let maxDepth = 10
    /// Active Directory's LDAP_MATCHING_RULE_IN_CHAIN.
    static let inChain = "1.2.840.113556.1.4.1941"
    static let memberAttributes = ["member", "uniqueMember", "memberUid"]

    /// The DNs (normalized) of every group the person is in.
    func groups(ofUserDN userDN: String, username: String) throws -> Set<String> {
        let dn = LDAPEscaping.filterValue(userDN)
        if settings.nestedGroups == .inChain {
            return Set(try connection.searchEntries(
                base: settings.groupsBase, scope: 2, filter: "(member:\(Self.inChain):=\(dn))", attributes: ["1.1"]
            ).map { LDAPGroups.normalized($0.dn) })
        }
        var found: Set<String>
        switch settings.groupMembership {
        case .memberOf:
            found = Set(try connection.searchEntries(base: userDN, scope: 0, filter: "(objectClass=*)", attributes: ["memberOf"]).flatMap { $0.values("memberOf") }
                .map(LDAPGroups.normalized))
        case .search:
            let filter = "(|(member=\(dn))(uniqueMember=\(dn))(memberUid=\(LDAPEscaping.filterValue(username))))"
            found = Set(try connection.searchEntries(base: settings.groupsBase, scope: 2, filter: filter, attributes: ["1.1"]).map { LDAPGroups.normalized($0.dn) })
        }
        guard settings.nestedGroups == .walk else { return found }
        // Upwards: the groups that hold a group the person is in, and theirs.
        var frontier = found
        for _ in 0..<Self.maxDepth where !frontier.isEmpty {
            var next: Set<String> = []
            for group in frontier {
                let value = LDAPEscaping.filterValue(group)
                for holder in try connection.searchEntries(
                    base: settings.groupsBase, scope: 2, filter: "(|(member=\(value))(uniqueMember=\(value)))", attributes: ["1.1"]
                ) {
                    let dn = LDAPGroups.normalized(holder.dn)
                    if found.insert(dn).inserted { next.insert(dn) }
                }
            }
            frontier = next
        }
        return found
    }

    /// The user names of the group's people (its members, and with nesting
    /// its groups' members); empty when the group is not there.
    func members(ofGroup groupDN: String) throws -> Set<String> {
        let attribute = settings.userRDNAttribute
        if settings.nestedGroups == .inChain {
            let filter = "(&(memberOf:\(Self.inChain):=\(LDAPEscaping.filterValue(groupDN)))\(settings.userFilter ?? ""))"
            return Set(try connection.searchEntries(base: settings.usersBase, scope: 2, filter: filter, attributes: [attribute]).compactMap {
                $0.values(attribute).first?.lowercased()
            })
        }
        var names: Set<String> = []
        var seen: Set<String> = [LDAPGroups.normalized(groupDN)]
        var frontier = [groupDN]
        var depth = 0
        while !frontier.isEmpty, depth <= Self.maxDepth {
            var next: [String] = []
            for group in frontier {
                guard let entry = try connection.searchEntries(base: group, scope: 0, filter: "(objectClass=*)", attributes: Self.memberAttributes).first else { continue }
                names.formUnion(entry.values("memberUid").map { $0.lowercased() })
                for member in entry.values("member") + entry.values("uniqueMember") {
                    // A plain DN under the users' base named by the user attribute
                    // is a person: no read needed. Anything else is read.
                    if !member.contains("\\"), LDAPGroups.normalized(member).hasSuffix("," + LDAPGroups.normalized(settings.usersBase)),
                        let name = LDAPGroups.leadingValue(of: member, attribute: attribute)
                    {
                        names.insert(name.lowercased())
                        continue
                    }
                    guard let found = try connection.searchEntries(
                        base: member, scope: 0, filter: "(objectClass=*)", attributes: [attribute] + Self.memberAttributes
                    ).first else { continue }
                    if let name = found.values(attribute).first {
                        names.insert(name.lowercased())
                    } else if settings.nestedGroups == .walk, seen.insert(LDAPGroups.normalized(member)).inserted {
                        next.append(member)
                    }
                }
            }
            frontier = next
            depth += 1
        }
        return names
    }

    /// A DN as teams compare them: lower-cased, without spaces around its separators.
    static func normalized(_ dn: String) -> String {
        DirectoryName.normalized(dn)
    }

    /// The value of a DN's first RDN when it is `attribute` (`uid=ada,ou=people` → `ada`).
    static func leadingValue(of dn: String, attribute: String) -> String? {
        guard let equals = dn.firstIndex(of: "=") else { return nil }
        guard dn[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == attribute.lowercased() else { return nil }
        var value = ""
        var escaped = false
        for character in dn[dn.index(after: equals)...] {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," || character == "+" {
                break
            } else {
                value.append(character)
            }
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
