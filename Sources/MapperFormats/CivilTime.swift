import MapperSupport

/// The wall-clock reading of an instant in some offset.
package struct CivilTime {
    var year: Int64
    var month: Int64
    var day: Int64
    var hour: Int64
    var minute: Int64
    var second: Int64
    /// Nanoseconds into the second (offsets are whole seconds, so the instant's own).
    var nanosecond: Int64
    var weekday: Int
    var days: Int64

    var millisecond: Int64 { nanosecond / 1_000_000 }

    /// The wall clock at `instant` shifted by `offsetSeconds`. The shift is applied to the time
    /// of day so that no instant, however extreme, overflows.
    init(_ instant: Instant, offsetSeconds: Int = 0) {
        var days = instant.seconds / 86400
        var secondOfDay = instant.seconds % 86400
        if secondOfDay < 0 {
            secondOfDay += 86400
            days -= 1
        }
        secondOfDay += Int64(offsetSeconds)
        while secondOfDay < 0 {
            secondOfDay += 86400
            days -= 1
        }
        while secondOfDay >= 86400 {
            secondOfDay -= 86400
            days += 1
        }
        let date = CivilCalendar.date(days: days)
        year = date.year
        month = date.month
        day = date.day
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        nanosecond = Int64(instant.nanosecond)
        weekday = CivilCalendar.weekday(days: days)
        self.days = days
    }

    /// The wall clock at `milliseconds` since the epoch shifted by `offsetSeconds`.
    init(milliseconds: Int64, offsetSeconds: Int = 0) {
        self.init(Instant(milliseconds: milliseconds), offsetSeconds: offsetSeconds)
    }
}
