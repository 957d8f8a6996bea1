import PushBridge

/// Placeholder until the conformance runner lands.
public enum ConformanceRunner {}
