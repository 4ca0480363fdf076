import Foundation
import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// `forecast_consistency` and `forecast_revisions_by_lead` for hourly targets, by hand.
struct HourlyConsistencyTests {
    /// p forecasts 2024-05-06 12:00 UTC three times: issued at midnight on the 3rd (lead 84 h): 20,
    /// the 4th (60 h): 22, the 6th (12 h): 21. Revisions +2 (arriving at 60 h, bin 48-72) and −1
    /// (at 12 h, bin 12-24): mean |r| 1.5, one sign change of one pair, flip-flop index
    /// (3 − (22 − 20)) / 1 = 1.
    @Test func anHourlyTargetHasItsRevisions() throws {
        let place = Location(id: "ut", name: "Utopia", latitude: 0, longitude: 0, timeZone: "UTC", declared: true)
        let store = try VerificationTestStore([place])
        let start = UTCTime.parseISO8601("2024-05-01T00:00:00Z")!
        try store.observeHours("ut", "truth", "obs", from: start, hours: 7 * 24) { _ in 20 }
        let target = start + 5 * 86400 + 12 * 3600
        for (issueDay, value) in [(2, 20.0), (3, 22.0), (5, 21.0)] {
            try store.pointForecast("ut", "p", "x", issued: start + Int64(issueDay) * 86400, from: target - 3600, at: target, temp: value)
        }
        try store.aggregate { $0.bootstrap.samples = 50 }
        let rows = try store.rows("""
            SELECT lead_kind, target_date, valid_at_utc, n_issues, longest_lead_days, longest_lead_hours, shortest_lead_hours,
                   mean_abs_revision, sign_changes, flip_flop_share, flip_flop_index
            FROM forecast_consistency WHERE variable = 'temp_c'
            """)
        #expect(rows == [[.text("hour"), .text("2024-05-06"), .text("2024-05-06T12:00:00Z"), .integer(3), .null, .real(84), .real(12),
                          .real(1.5), .integer(1), .real(1), .real(1)]], "\(rows)")
        let byLead = try store.rows("""
            SELECT lead_kind, lead_days, lead_hours_bin, n, mean_abs_revision FROM forecast_revisions_by_lead WHERE variable = 'temp_c' ORDER BY rowid
            """)
        #expect(byLead == [[.text("hour"), .null, .text("12-24"), .integer(1), .real(1)],
                           [.text("hour"), .null, .text("48-72"), .integer(1), .real(2)]], "\(byLead)")
    }
}
