import PushBridge

/// An adapter whose wire format has a table of key names (`Key`): the decoding steps it writes on
/// ``DecodeContext`` name them as `Key`.
protocol WireKeyTable { associatedtype Key }

/// An adapter whose wire format also has a table of JSON paths (`Path`), named as `Path` by its decoding steps.
protocol WirePathTable: WireKeyTable { associatedtype Path }

extension DecodeContext where Adapter: WireKeyTable {
    typealias Key = Adapter.Key
}

extension DecodeContext where Adapter: WirePathTable {
    typealias Path = Adapter.Path
}
