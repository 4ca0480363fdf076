import Testing
@testable import WeatherExport
import WeatherStore

struct CSVTests {
    @Test func quotingFollowsRFC4180() {
        #expect(CSV.cell(.text("plain")) == "plain")
        #expect(CSV.cell(.text("a,b")) == "\"a,b\"")
        #expect(CSV.cell(.text("say \"hi\"")) == "\"say \"\"hi\"\"\"")
        #expect(CSV.cell(.text("two\nlines")) == "\"two\nlines\"")
        #expect(CSV.cell(.text("Москва")) == "Москва")
    }

    @Test func missingIsEmptyNeverZero() {
        #expect(CSV.cell(.null) == "")
        #expect(CSV.cell(.real(0)) == "0.0")
    }

    @Test func numbersStayNumbers() {
        #expect(CSV.cell(.real(-3.5)) == "-3.5")
        #expect(CSV.cell(.integer(-12)) == "-12")
        #expect(CSV.cell(.real(8.72)) == "8.72")
        #expect(CSV.cell(.real(1010)) == "1010.0")
    }

    @Test(arguments: ["=1+1", "+1", "-1+A1", "@SUM(A1)", "\tx", "\rx", "=HYPERLINK(\"http://x\",\"y\")"])
    func formulasAreNeutralised(_ text: String) {
        let cell = CSV.cell(.text(text))
        let unquoted = cell.hasPrefix("\"") ? String(cell.dropFirst()) : cell
        #expect(unquoted.hasPrefix("'"), "\(text) → \(cell)")
    }
}
