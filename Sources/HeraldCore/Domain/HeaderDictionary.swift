import Instrumentation

/// Trace propagation headers kept as a plain dictionary (stored with a
/// notification, read back by the worker): the carrier the tracing
/// injectors write to and the extractors read from.
public enum HeaderDictionary {
    public struct Injector: Instrumentation.Injector {
        public init() {}
        public func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
            carrier[key] = value
        }
    }

    public struct Extractor: Instrumentation.Extractor {
        public init() {}
        public func extract(key: String, from carrier: [String: String]) -> String? {
            carrier[key]
        }
    }
}
