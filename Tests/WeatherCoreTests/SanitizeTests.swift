import Testing
import WeatherCore

/// `Sanitize.printable`: untrusted text shown on a terminal cannot move the cursor, recolour it
/// or reorder what the user reads.
struct SanitizeTests {
    @Test(arguments: [
        ("London", "London"),
        ("Zürich · 東京 · São Paulo 🌧", "Zürich · 東京 · São Paulo 🌧"),
        ("a\u{1B}[31mred", "a\\u{1B}[31mred"),       // ANSI colour
        ("two\nlines", "two\\nlines"),
        ("cr\rhere", "cr\\rhere"),
        ("tab\there", "tab\\there"),
        ("nul\u{0}", "nul\\u{0}"),
        ("bell\u{7}", "bell\\u{7}"),
        ("del\u{7F}", "del\\u{7F}"),
        ("c1\u{85}next", "c1\\u{85}next"),          // NEL, a C1 control
        ("csi\u{9B}2J", "csi\\u{9B}2J"),            // the one-byte CSI
        ("ls\u{2028}ps\u{2029}", "ls\\u{2028}ps\\u{2029}"),
        ("\u{202E}txt.exe", "\\u{202E}txt.exe"),    // right-to-left override
        ("\u{2066}iso\u{2069}", "\\u{2066}iso\\u{2069}"),
        ("", ""),
    ])
    func printable(input: String, shown: String) {
        #expect(Sanitize.printable(input) == shown)
    }

    @Test func theOutputHasNoControlCharactersLeft() {
        let everything = String(String.UnicodeScalarView((0..<0x300).compactMap { Unicode.Scalar(UInt32($0)) }))
        let shown = Sanitize.printable(everything)
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        // Printable ASCII and Latin-1 letters pass unchanged.
        #expect(shown.contains(" !\"#$%&'()*+,-./0123456789:;<=>?@ABC") && shown.contains("àáâãäå"))
    }
}
