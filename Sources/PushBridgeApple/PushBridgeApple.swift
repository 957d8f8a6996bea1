// Apple-only glue for PushBridge lives in this target, whole files behind
// `#if canImport(UserNotifications)`. On other platforms the target is empty.
