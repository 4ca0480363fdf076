import Foundation
import WeatherCore
import WeatherIngest
import WeatherProviders

/// Reading, decompressing and splitting one file on a reading thread (`ReaderThreads`, reused
/// across files), decoding on the run's `DecodePool`, while the caller's thread writes the
/// store. Documents travel in batches (at most `batchDocuments` documents or `batchJSONBytes`
/// of JSON) through `OrderedBatches`, which hands them to the writer in file order and bounds
/// what is in flight by bytes: memory stays flat however large the file, and the records are
/// the same for any number of workers.
final class BackgroundReader {
    private let batches: OrderedBatches<[PreparedEvent]>
    private let done = DispatchSemaphore(value: 0)
    private var stopped = false

    /// Enough documents per batch to make the handoffs negligible, few enough bytes that
    /// several batches fit the budget (so every worker has one).
    static let batchDocuments = 256
    static let batchJSONBytes = 128 << 10

    init(ingestor: Ingestor, file: InputFile, settings: IngestSettings, now: Int64, pool: DecodePool, budget: Int) {
        let batches = OrderedBatches<[PreparedEvent]>(budget: budget)
        self.batches = batches
        let done = self.done
        pool.readers.run {
            var pending: [IngestEvent] = []
            var pendingBytes = 0
            /// Hands the pending events to a worker; false when the writer gave up.
            func flush() -> Bool {
                guard !pending.isEmpty else { return true }
                guard let sequence = batches.reserve(jsonBytes: pendingBytes) else { return false }
                let events = pending, json = pendingBytes
                pending = []
                pendingBytes = 0
                pool.submit {
                    var prepared: [PreparedEvent] = []
                    prepared.reserveCapacity(events.count)
                    var cost = 0
                    var contexts = DecodeContexts(settings: settings, now: now)
                    for event in events {
                        let p = PreparedEvent.prepare(event, contexts: &contexts)
                        cost += p.estimatedBytes
                        prepared.append(p)
                    }
                    batches.deliver(sequence, prepared, bytes: cost, jsonBytes: json)
                }
                return true
            }
            ingestor.ingest(file) { event in
                pending.append(event)
                pendingBytes += event.documentBytes
                if pending.count >= BackgroundReader.batchDocuments || pendingBytes >= BackgroundReader.batchJSONBytes {
                    return flush()
                }
                return true
            }
            _ = flush()
            batches.finishInput()
            done.signal()
        }
    }

    /// The next batch in file order, or nil when the file is read.
    func next() -> [PreparedEvent]? { batches.next() }

    /// Stops the reader (it ends at its next batch) and waits for its thread to finish. Work
    /// already with the pool completes there and is dropped.
    func stop() {
        guard !stopped else { return }
        stopped = true
        batches.cancel()
        done.wait()
    }
}

extension IngestEvent {
    /// The bytes of JSON (or of the partial document) the event holds.
    var documentBytes: Int {
        switch self {
        case .document(let doc): return doc.bytes.count
        case .failed(_, _, let partial): return partial.count
        default: return 0
        }
    }
}
