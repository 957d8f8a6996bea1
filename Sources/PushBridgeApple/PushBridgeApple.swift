// Apple-only glue for PushBridge. Every file is fenced with
// `#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)` (iOS, iPadOS, Mac Catalyst,
// visionOS); on other platforms the target is empty.
// The glue converts types and calls the platform-neutral core (Sources/PushBridge/Integration); it makes
// no decision of its own. See docs/APPLE.md.
