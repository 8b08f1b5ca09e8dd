/// How a user name becomes part of a DN or a search filter without changing
/// its meaning: `alice,ou=admins` must stay one value, never a path, and
/// `*` must stay a star, never a wildcard.
public enum LDAPEscaping {
    /// An attribute value in a DN (RFC 4514 §2.4): `"+,;<>\` and NUL
    /// escaped, and `#` or a space at the start, a space at the end.
    public static func dnValue(_ value: String) -> String {
        let scalars = Array(value.unicodeScalars)
        var escaped = ""
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\"", "+", ",", ";", "<", ">", "\\", "=":
                escaped += "\\" + String(scalar)
            case "\0":
                escaped += "\\00"
            case "#" where index == 0, " " where index == 0 || index == scalars.count - 1:
                escaped += "\\" + String(scalar)
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// An assertion value in a search filter (RFC 4515 §3): `*()\` and NUL
    /// as `\2a \28 \29 \5c \00`.
    public static func filterValue(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "*": escaped += "\\2a"
            case "(": escaped += "\\28"
            case ")": escaped += "\\29"
            case "\\": escaped += "\\5c"
            case "\0": escaped += "\\00"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
