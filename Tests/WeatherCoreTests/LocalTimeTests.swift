import Foundation
import Testing
import WeatherCore

/// `LocalTime` across the 2024 DST changes of New York (10 March, 3 November, at 02:00 local) and
/// London (31 March at 01:00 GMT, 27 October at 02:00 BST), from the tz database.
struct LocalTimeTests {
    static let newYork = "America/New_York"
    static let london = "Europe/London"

    /// Seconds of `text` read as if the wall clock were UTC (how `utc(fromWallClock:)` takes it).
    func wall(_ text: String) -> Int64 { UTCTime.parseISO8601(text + "Z")! }
    func instant(_ text: String) -> Int64 { UTCTime.parseISO8601(text)! }

    @Test func offsetsChangeAtTheTransition() {
        #expect(LocalTime.offset(at: instant("2024-03-10T06:59:59Z"), zone: Self.newYork) == -18000)
        #expect(LocalTime.offset(at: instant("2024-03-10T07:00:00Z"), zone: Self.newYork) == -14400)
        #expect(LocalTime.offset(at: instant("2024-11-03T05:59:59Z"), zone: Self.newYork) == -14400)
        #expect(LocalTime.offset(at: instant("2024-11-03T06:00:00Z"), zone: Self.newYork) == -18000)
        #expect(LocalTime.offset(at: instant("2024-03-31T00:59:59Z"), zone: Self.london) == 0)
        #expect(LocalTime.offset(at: instant("2024-03-31T01:00:00Z"), zone: Self.london) == 3600)
        #expect(LocalTime.offset(at: instant("2024-10-27T00:59:59Z"), zone: Self.london) == 3600)
        #expect(LocalTime.offset(at: instant("2024-10-27T01:00:00Z"), zone: Self.london) == 0)
        #expect(LocalTime.offset(at: 0, zone: "Mars/Olympus_Mons") == nil)
    }

    @Test(arguments: [
        ("America/New_York", "2024-03-10", 23), ("America/New_York", "2024-11-03", 25), ("America/New_York", "2024-05-01", 24),
        ("Europe/London", "2024-03-31", 23), ("Europe/London", "2024-10-27", 25), ("Europe/London", "2024-02-29", 24),
        ("Australia/Sydney", "2024-04-07", 25), ("Australia/Sydney", "2024-10-06", 23), ("UTC", "2024-03-31", 24),
    ])
    func hoursInTheLocalDay(zone: String, date: String, hours: Int) {
        #expect(LocalTime.hoursInDay(date, zone: zone) == hours)
    }

    @Test func aDayWithoutAZoneHas24Hours() {
        #expect(LocalTime.hoursInDay("2024-03-31", zone: nil) == 24)
        #expect(LocalTime.hoursInDay("2024-03-31", zone: "Nowhere/Special") == 24)
    }

    @Test func wallClocksOutsideTheChangesAreExact() {
        #expect(LocalTime.utc(fromWallClock: wall("2024-05-01T08:00:00"), zone: Self.newYork) == instant("2024-05-01T12:00:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-01-15T08:00:00"), zone: Self.newYork) == instant("2024-01-15T13:00:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-07-01T00:00:00"), zone: Self.london) == instant("2024-06-30T23:00:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-12-01T00:00:00"), zone: Self.london) == instant("2024-12-01T00:00:00Z"))
        #expect(LocalTime.utc(fromWallClock: 0, zone: "Not/AZone") == nil)
    }

    /// New York's 02:30 on 10 March never happens (EST → 07:30Z, EDT → 06:30Z) and 01:30 on
    /// 3 November happens twice (05:30Z in EDT, 06:30Z in EST): the earlier reading wins.
    @Test func newYorkGapAndFoldTakeTheEarlierReading() {
        #expect(LocalTime.utc(fromWallClock: wall("2024-03-10T02:30:00"), zone: Self.newYork) == instant("2024-03-10T06:30:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-11-03T01:30:00"), zone: Self.newYork) == instant("2024-11-03T05:30:00Z"))
        // Either side of the changes the readings are the plain ones.
        #expect(LocalTime.utc(fromWallClock: wall("2024-03-10T03:00:00"), zone: Self.newYork) == instant("2024-03-10T07:00:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-11-03T02:00:00"), zone: Self.newYork) == instant("2024-11-03T07:00:00Z"))
    }

    /// London's 01:30 on 31 March never happens (GMT → 01:30Z, BST → 00:30Z) and 01:30 on
    /// 27 October happens twice (00:30Z in BST, 01:30Z in GMT): the earlier reading wins there too.
    @Test func londonGapAndFoldTakeTheEarlierReading() {
        let gap = LocalTime.utc(fromWallClock: wall("2024-03-31T01:30:00"), zone: Self.london)
        let fold = LocalTime.utc(fromWallClock: wall("2024-10-27T01:30:00"), zone: Self.london)
        #expect([instant("2024-03-31T00:30:00Z"), instant("2024-03-31T01:30:00Z")].contains(gap ?? 0))
        #expect([instant("2024-10-27T00:30:00Z"), instant("2024-10-27T01:30:00Z")].contains(fold ?? 0))
        #expect(LocalTime.utc(fromWallClock: wall("2024-03-31T02:00:00"), zone: Self.london) == instant("2024-03-31T01:00:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-10-27T02:00:00"), zone: Self.london) == instant("2024-10-27T02:00:00Z"))
        // The earlier reading in a gap or a fold, as in New York.
        #expect(gap == instant("2024-03-31T00:30:00Z"))
        #expect(fold == instant("2024-10-27T00:30:00Z"))
    }

    /// Sydney, east of UTC and south: 02:30 on 6 October 2024 never happens (AEST → 16:30Z,
    /// AEDT → 15:30Z) and 02:30 on 7 April happens twice (15:30Z in AEDT, 16:30Z in AEST).
    @Test func sydneyGapAndFoldTakeTheEarlierReading() {
        #expect(LocalTime.utc(fromWallClock: wall("2024-10-06T02:30:00"), zone: "Australia/Sydney") == instant("2024-10-05T15:30:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-04-07T02:30:00"), zone: "Australia/Sydney") == instant("2024-04-06T15:30:00Z"))
        #expect(LocalTime.utc(fromWallClock: wall("2024-04-07T03:00:00"), zone: "Australia/Sydney") == instant("2024-04-06T17:00:00Z"))
    }

    @Test func midnightsAcrossTheChanges() {
        #expect(LocalTime.startOfDay("2024-03-31", zone: Self.london) == instant("2024-03-31T00:00:00Z"))
        #expect(LocalTime.startOfDay("2024-04-01", zone: Self.london) == instant("2024-03-31T23:00:00Z"))
        #expect(LocalTime.startOfDay("2024-11-03", zone: Self.newYork) == instant("2024-11-03T04:00:00Z"))
        #expect(LocalTime.startOfDay("2024-11-04", zone: Self.newYork) == instant("2024-11-04T05:00:00Z"))
        #expect(LocalTime.startOfDay("not a date", zone: Self.london) == nil)
    }

    @Test func theLocalDateOfAnInstant() {
        let lateEvening = instant("2024-05-01T23:30:00Z")
        #expect(LocalTime.date(of: lateEvening, zone: Self.london, fixedOffset: nil) == "2024-05-02")
        #expect(LocalTime.date(of: lateEvening, zone: Self.newYork, fixedOffset: nil) == "2024-05-01")
        #expect(LocalTime.date(of: lateEvening, zone: "Australia/Sydney", fixedOffset: nil) == "2024-05-02")
        // The zone wins over a fixed offset; an unknown zone falls back to the offset, then to UTC.
        #expect(LocalTime.date(of: lateEvening, zone: Self.newYork, fixedOffset: 36000) == "2024-05-01")
        #expect(LocalTime.date(of: lateEvening, zone: "Not/AZone", fixedOffset: 3600) == "2024-05-02")
        #expect(LocalTime.date(of: lateEvening, zone: nil, fixedOffset: nil) == "2024-05-01")
        // In winter London is on GMT: the same clock time stays on its UTC date.
        #expect(LocalTime.date(of: instant("2024-01-01T23:30:00Z"), zone: Self.london, fixedOffset: nil) == "2024-01-01")
    }

    @Test func knownZonesAndNextDates() {
        #expect(LocalTime.isKnownZone(Self.london) && LocalTime.isKnownZone("UTC") && LocalTime.isKnownZone("GMT"))
        #expect(!LocalTime.isKnownZone("Mars/Olympus_Mons") && !LocalTime.isKnownZone(""))
        #expect(LocalTime.nextDate("2024-02-28") == "2024-02-29")
        #expect(LocalTime.nextDate("2023-02-28") == "2023-03-01")
        #expect(LocalTime.nextDate("2024-12-31") == "2025-01-01")
        #expect(LocalTime.nextDate("garbage") == "garbage")
    }

    /// The offsets kept per UTC day are tzdata's own, to the second, on either side of every
    /// change: half-hour and 45-minute zones, southern DST, Lord Howe's 30-minute DST, Morocco's
    /// changes around Ramadan, a zone without DST, and instants before 1970.
    @Test(arguments: ["America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Kathmandu",
                      "Africa/Casablanca", "America/St_Johns", "Asia/Tokyo", "Pacific/Apia", "America/Santiago"])
    func offsetsKeptPerDayAreTzdatasToTheSecond(zone: String) throws {
        let tz = try #require(TimeZone(identifier: zone))
        func direct(_ t: Int64) -> Int { tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
        var instants: [Int64] = []
        // Every 20 minutes, and a second either side of every change, over 2010–2013 and 1960.
        for (from, to) in [(instant("2010-01-01T00:00:00Z"), instant("2013-01-01T00:00:00Z")),
                           (instant("1960-01-01T00:00:00Z"), instant("1961-01-01T00:00:00Z"))] {
            instants += Array(stride(from: from, to: to, by: 1_200))
            var t = Date(timeIntervalSince1970: TimeInterval(from))
            while let next = tz.nextDaylightSavingTimeTransition(after: t), next.timeIntervalSince1970 < TimeInterval(to) {
                let s = Int64(next.timeIntervalSince1970)
                instants += [s - 1, s, s + 1]
                t = next
            }
        }
        let wrong = instants.filter { LocalTime.offset(at: $0, zone: zone) != direct($0) }
        #expect(wrong.isEmpty, "\(wrong.count) instants, first \(wrong.first.map(UTCTime.iso8601) ?? "-")")
    }
}
