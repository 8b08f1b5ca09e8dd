/// A directory group's name as teams compare them (issue 41): DNs differ in
/// case and in the spaces around their separators from one tool to the
/// next (`CN=RF, OU=Groups` and `cn=rf,ou=groups` are one group).
public enum DirectoryName {
    public static func normalized(_ dn: String) -> String {
        var result = ""
        var escaped = false
        // Spaces inside a value, kept only if more of the value follows.
        var spaces = ""
        var atValueStart = true
        for character in dn.lowercased() {
            if escaped {
                result += spaces
                spaces = ""
                result.append(character)
                escaped = false
                atValueStart = false
                continue
            }
            switch character {
            case "\\":
                result += spaces
                spaces = ""
                result.append(character)
                escaped = true
                atValueStart = false
            case ",", "=", "+":
                spaces = ""
                result.append(character)
                atValueStart = true
            case " ":
                if !atValueStart { spaces.append(character) }
            default:
                result += spaces
                spaces = ""
                result.append(character)
                atValueStart = false
            }
        }
        return result
    }
}
