import Foundation
import WeatherCore
import WeatherIngest
import WeatherProviders

/// Reading, decompressing, splitting and decoding one file on a second thread, while the
/// caller's thread writes the store. Batches of decoded events cross a bounded queue, so memory
/// stays flat however large the file.
final class BackgroundReader {
    private let queue = BoundedQueue<[PreparedEvent]>(capacity: 8)
    private let done = DispatchSemaphore(value: 0)
    private var stopped = false

    /// Events per batch: enough to make the queue's locking negligible.
    static let batchSize = 256

    init(ingestor: Ingestor, file: InputFile, settings: IngestSettings, now: Int64) {
        let queue = self.queue, done = self.done
        let thread = Thread {
            var batch: [PreparedEvent] = []
            batch.reserveCapacity(BackgroundReader.batchSize)
            ingestor.ingest(file) { event in
                batch.append(PreparedEvent.prepare(event, settings: settings, now: now))
                if batch.count >= BackgroundReader.batchSize {
                    guard queue.push(batch) else { return false }
                    batch.removeAll(keepingCapacity: true)
                }
                return true
            }
            if !batch.isEmpty { _ = queue.push(batch) }
            queue.close()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.name = "wxpipe-reader"
        thread.start()
    }

    /// The next batch, or nil when the file is read.
    func next() -> [PreparedEvent]? { queue.pop() }

    /// Stops the reader (it ends at its next push) and waits for its thread to finish.
    func stop() {
        guard !stopped else { return }
        stopped = true
        queue.close()
        done.wait()
    }
}

/// An ingest event with its document already decoded, on the reading thread.
enum PreparedEvent: Sendable {
    case event(IngestEvent)
    /// The document (its bytes kept only when they are needed for a reject's excerpt), what
    /// decoding it gave, and — for a document rejected as implausible under assumed units — the
    /// unit system under which it decodes (`UnitsAdvice`).
    case decoded(RawDocument, Result<DecodedDocument, DecodeFailure>, decodesUnder: UnitSystem?)

    static func prepare(_ event: IngestEvent, settings: IngestSettings, now: Int64) -> PreparedEvent {
        guard case .document(let doc) = event else { return .event(event) }
        let name = doc.origin.member ?? doc.origin.path
        let context = settings.decodeContext(sourceName: name, modifiedAt: doc.origin.modifiedAt, ingestTime: now)
        let result = DocumentDecoder.decode(doc.bytes, context: context)
        switch result {
        case .success:
            return .decoded(RawDocument(bytes: [], origin: doc.origin), result, decodesUnder: nil)
        case .failure(let failure):
            let alternative = failure.reason == .implausibleValue ? otherUnits(for: doc, settings: settings, now: now) : nil
            return .decoded(doc, result, decodesUnder: alternative)
        }
    }

    /// The first other unit system under which the document decodes. Units only change how
    /// OpenWeatherMap bodies without a stated unit are read, so for any other document (or one
    /// whose envelope URL names its units) no alternative decodes and the answer is nil; the
    /// extra decodes happen only for implausible-value rejects.
    static func otherUnits(for doc: RawDocument, settings: IngestSettings, now: Int64) -> UnitSystem? {
        let assumed = settings.units ?? .standard
        for units in UnitSystem.allCases where units != assumed {
            var other = settings
            other.units = units
            let context = other.decodeContext(sourceName: doc.origin.member ?? doc.origin.path,
                                              modifiedAt: doc.origin.modifiedAt, ingestTime: now)
            if case .success = DocumentDecoder.decode(doc.bytes, context: context) { return units }
        }
        return nil
    }
}
