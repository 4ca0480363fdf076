import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Value-level quarantine (docs/PROVIDERS.md, Quarantine): one odd value is not a bad reply.
struct ValueQuarantineTests {
    static let dir = repositoryRoot + "/Fixtures/inputs/quarantine/"

    func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: Self.dir + name), "missing fixture \(name)"))
    }

    @Test func twoOutOfRangeCloudCoversAreSetAsideNotTheReply() throws {
        let bytes = try fixture("openmeteo-336h-cloud-cover-101-and-minus-1.json")
        let doc = try DocumentDecoder.decode(bytes).get()
        let hourly = doc.forecasts.filter { $0.period == .hour }
        #expect(hourly.count == 336)
        #expect(hourly.compactMap(\.cloudCoverPct).count == 334)
        #expect(hourly.compactMap(\.tempC).count == 336)
        #expect(doc.quarantined.count == 2)
        let paths = doc.quarantined.map(\.fieldPath)
        #expect(paths == ["hourly.cloud_cover[40]", "hourly.cloud_cover[203]"])
        #expect(doc.quarantined.map(\.value) == ["101", "-1"])
        #expect(Set(doc.quarantined.map(\.rule)) == ["cloud cover 0…100 %"])
        #expect(doc.quarantined[0].message.contains("outside the plausible cloud cover range"))
        // The hours whose cloud cover was set aside keep every other value.
        let hour40 = hourly.sorted { $0.validAt < $1.validAt }[40]
        #expect(hour40.cloudCoverPct == nil && hour40.tempC != nil && hour40.windSpeedMs != nil)
    }

    @Test func strictValuesKeepsTheOldReject() throws {
        let bytes = try fixture("openmeteo-336h-cloud-cover-101-and-minus-1.json")
        guard case .failure(let f) = DocumentDecoder.decode(bytes, context: DecodeContext(strictValues: true)) else {
            Issue.record("strict values must reject"); return
        }
        #expect(f.reason == .implausibleValue)
        #expect(f.fieldPath == "hourly.cloud_cover[40]")
    }

    @Test func aWronglyTypedValueIsSetAside() throws {
        let doc = try DocumentDecoder.decode(try fixture("openmeteo-336h-temperature-string.json")).get()
        let hourly = doc.forecasts.filter { $0.period == .hour }
        #expect(hourly.compactMap(\.tempC).count == 335)
        #expect(doc.quarantined.count == 1)
        let q = try #require(doc.quarantined.first)
        #expect(q.fieldPath == "hourly.temperature_2m[100]")
        #expect(q.value == "\"n/a\"")
        #expect(q.rule == "a number")
        #expect(q.message.contains("should be a number"))
        guard case .failure(let f) = DocumentDecoder.decode(try fixture("openmeteo-336h-temperature-string.json"),
                                                            context: DecodeContext(strictValues: true)) else {
            Issue.record("strict values must reject"); return
        }
        #expect(f.reason == .wrongType)
    }

    @Test func aQuantityWithNoPlausibleValueRejectsTheDocument() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try fixture("openmeteo-336h-cloud-cover-all-implausible.json")) else {
            Issue.record("every cloud cover implausible must reject"); return
        }
        #expect(f.reason == .implausibleValue)
        #expect(f.fieldPath == "hourly.cloud_cover[0]")
        #expect(f.message.contains("none of the 336 cloud cover values in this document is plausible"))
    }

    /// Wrong units make every temperature implausible: the reject keeps today's message, which
    /// names the units assumed and how to change them.
    @Test func wrongUnitsStillRejectWithTheAssumption() throws {
        let item = #"{"dt":%DT%,"main":{"temp":%T%,"humidity":70,"pressure":1012},"weather":[{"id":800}],"wind":{"speed":3}}"#
        var items: [String] = []
        for k in 0..<8 {
            let dt = String(1714550400 + 10800 * k)
            items.append(item.replacingOccurrences(of: "%DT%", with: dt).replacingOccurrences(of: "%T%", with: String(285 + k)))
        }
        let list = items.joined(separator: ",")
        let city = #"{"name":"London","coord":{"lat":51.51,"lon":-0.13},"country":"GB","timezone":3600}"#
        let body = #"{"cod":"200","cnt":8,"list":["# + list + #"],"city":"# + city + "}"
        guard case .failure(let f) = decode(body, units: .metric) else { Issue.record("Kelvin read as metric must reject"); return }
        #expect(f.reason == .implausibleValue)
        #expect(f.message.contains("units assumed: metric"))
        #expect(f.message.contains("none of the 8 temperature values"))
        // One odd temperature among plausible ones is set aside instead.
        let odd = try decode(body.replacingOccurrences(of: #""temp":286,"#, with: #""temp":-290,"#), units: .standard).get()
        #expect(odd.forecasts.compactMap(\.tempC).count == 7)
        #expect(odd.quarantined.map(\.fieldPath) == ["list[1].main.temp"])
    }

    /// A set-aside rain amount is unknown, not "none fell".
    @Test func aSetAsideAmountIsMissingNotZero() throws {
        let body = #"{"lat":51.51,"lon":-0.13,"timezone":"Europe/London","timezone_offset":3600,"hourly":[{"dt":1714550400,"temp":290,"rain":{"1h":-4}},{"dt":1714554000,"temp":291,"rain":{"1h":0.5}}]}"#
        let doc = try decode(body).get()
        let hours = doc.forecasts.sorted { $0.validFrom < $1.validFrom }
        #expect(hours.count == 2)
        #expect(hours[0].precipMm == nil)
        #expect(hours[1].precipMm == 0.5)
        #expect(doc.quarantined.map(\.fieldPath) == ["hourly[0].rain.1h"])
    }

    /// Fractions converted to percent go through the same check (Dark Sky, WeatherKit).
    @Test func fractionsAreSetAsideToo() throws {
        let darkSky = #"{"latitude":51.51,"longitude":-0.13,"timezone":"Europe/London","flags":{"units":"si"},"currently":{"time":1714550400,"temperature":12,"humidity":0.8},"hourly":{"data":[{"time":1714550400,"temperature":12,"humidity":1.5},{"time":1714554000,"temperature":13,"humidity":0.7},{"time":1714557600,"temperature":13,"humidity":0.7}]}}"#
        let doc = try decode(darkSky).get()
        #expect(doc.quarantined.map(\.fieldPath) == ["hourly.data[0].humidity"])
        #expect(doc.quarantined.first?.value == "1.5")
        #expect(doc.forecasts.compactMap(\.humidityPct).count == 2)
        let weatherKit = #"{"currentWeather":{"metadata":{"units":"m","latitude":51.5,"longitude":-0.13,"readTime":"2024-05-01T08:00:00Z"},"asOf":"2024-05-01T08:00:00Z","temperature":12,"humidity":0.8,"cloudCover":"much"},"forecastHourly":{"metadata":{"units":"m","latitude":51.5,"longitude":-0.13},"hours":[{"forecastStart":"2024-05-01T09:00:00Z","temperature":13,"cloudCover":0.5}]}}"#
        let wk = try decode(weatherKit).get()
        #expect(wk.quarantined.map(\.rule) == ["a number"])
        #expect(wk.observations.first?.cloudCoverPct == nil && wk.observations.first?.tempC == 12)
    }

    /// A decode notes each quantity's plausible values as one bit: two quantities sharing a bit
    /// would let one whose values are all implausible pass on the other's.
    @Test func everyQuantityHasABitOfItsOwn() {
        let bits = Plausibility.all.map(\.bit) + [63]
        #expect(Set(bits).count == bits.count)
        #expect(Set(Plausibility.all.map(\.field)).count == Plausibility.all.count)
        #expect(bits.allSatisfy { (0..<64).contains($0) })
    }

    @Test func rulesReadLikeRanges() {
        #expect(ValueQuarantine.rule(Plausibility.cloudCoverPct) == "cloud cover 0…100 %")
        #expect(ValueQuarantine.rule(Plausibility.uvIndex) == "UV index 0…30")
        #expect(ValueQuarantine.rule(Plausibility.tempC) == "temperature -90…60 °C")
    }
}
