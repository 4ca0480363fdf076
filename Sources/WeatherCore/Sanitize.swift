/// Makes text from inputs safe to show on a terminal.
///
/// Names and messages come from untrusted bodies; an ANSI escape in a city name must not
/// repaint the user's terminal, so control characters are printed as `\u{1B}`-style escapes.
public enum Sanitize {
    public static func printable(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
