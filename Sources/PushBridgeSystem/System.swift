// The C library of the platform, one import for every PushBridge module that calls it (files, locks,
// sockets, clocks). The core stays free of Foundation: this is the only system module it sees.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("PushBridge needs Glibc, Musl or Darwin")
#endif
