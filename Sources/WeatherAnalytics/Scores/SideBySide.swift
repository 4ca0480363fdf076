import Dispatch

/// Two pieces of work run at once, one on the caller's thread and one on another, for work that
/// shares nothing it changes: on two cores, the aggregate's passes over the spooled pairs take
/// the time of the longest instead of the sum.
enum SideBySide {
    /// Returns once both have returned (whichever throws, the other runs to its end, so nothing
    /// is still running when the caller goes on); throws `first`'s error, else `second`'s.
    static func run(_ first: () throws -> Void, _ second: () throws -> Void) throws {
        try withoutActuallyEscaping(first) { first in
            try withoutActuallyEscaping(second) { second in
                let lanes = Lanes(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { lanes.run($0) }
                if let error = lanes.firstError ?? lanes.secondError { throw error }
            }
        }
    }

    /// Each lane writes only its own error; both are read after `concurrentPerform` returns.
    private final class Lanes: @unchecked Sendable {
        let first: () throws -> Void
        let second: () throws -> Void
        var firstError: Error?
        var secondError: Error?

        init(first: @escaping () throws -> Void, second: @escaping () throws -> Void) {
            self.first = first
            self.second = second
        }

        func run(_ lane: Int) {
            if lane == 0 {
                do { try first() } catch { firstError = error }
            } else {
                do { try second() } catch { secondError = error }
            }
        }
    }
}
