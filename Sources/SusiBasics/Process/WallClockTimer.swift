import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file descriptor that becomes readable when the wall clock reaches a
/// moment: a `timerfd` on CLOCK_REALTIME armed with an absolute time.
///
/// `poll` with a relative timeout counts on the monotonic clock, which
/// stands still while the machine sleeps: a wait of an hour begun before a
/// two-hour suspend would end an hour after the resume. A realtime timer
/// expires as soon as the machine wakes past its moment, and with
/// TFD_TIMER_CANCEL_ON_SET it also wakes when someone sets the clock, so the
/// waiter can work out its deadline again. Swift's Glibc module does not
/// export `<sys/timerfd.h>`, so the two calls are looked up in the C library.
public final class WallClockTimer {
    private typealias Create = @convention(c) (Int32, Int32) -> Int32
    private typealias SetTime = @convention(c) (Int32, Int32, UnsafePointer<itimerspec>, UnsafeMutablePointer<itimerspec>?) -> Int32

    /// The descriptor to poll for POLLIN.
    public let descriptor: Int32
    private let setTime: SetTime

    /// A disarmed timer, or nil where the C library has no timerfd.
    public init?() {
        guard let create = dlsym(nil, "timerfd_create"), let set = dlsym(nil, "timerfd_settime") else { return nil }
        let make = unsafeBitCast(create, to: Create.self)
        // CLOCK_REALTIME; TFD_CLOEXEC and TFD_NONBLOCK share O_CLOEXEC's and O_NONBLOCK's values.
        let fd = make(Int32(CLOCK_REALTIME), Int32(O_CLOEXEC | O_NONBLOCK))
        guard fd >= 0 else { return nil }
        descriptor = fd
        setTime = unsafeBitCast(set, to: SetTime.self)
    }

    deinit { close(descriptor) }

    /// Arms the timer for `moment` on the wall clock (replacing any earlier
    /// moment). False when the kernel refused it.
    @discardableResult
    public func arm(at moment: Date) -> Bool {
        let seconds = moment.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(whole)
        spec.it_value.tv_nsec = Int(((seconds - whole) * 1_000_000_000).rounded(.up))
        if spec.it_value.tv_nsec >= 1_000_000_000 {
            spec.it_value.tv_sec += 1
            spec.it_value.tv_nsec -= 1_000_000_000
        }
        // A zero it_value would disarm it: a moment at the epoch is long past anyway.
        if spec.it_value.tv_sec <= 0 { spec.it_value.tv_sec = 0; spec.it_value.tv_nsec = 1 }
        let absolute: Int32 = 1 // TFD_TIMER_ABSTIME
        let cancelOnSet: Int32 = 2 // TFD_TIMER_CANCEL_ON_SET
        return setTime(descriptor, absolute | cancelOnSet, &spec, nil) == 0
    }

    /// Empties the descriptor after poll said it was readable. True when the
    /// moment came; false when the clock was set (ECANCELED) or nothing was there.
    public func acknowledge() -> Bool {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        return count == MemoryLayout<UInt64>.size
    }
}
