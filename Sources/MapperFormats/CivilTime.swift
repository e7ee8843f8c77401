import MapperSupport

/// The wall-clock reading of an instant in some offset.
package struct CivilTime {
    var year: Int64
    var month: Int64
    var day: Int64
    var hour: Int64
    var minute: Int64
    var second: Int64
    var millisecond: Int64
    var weekday: Int
    var days: Int64

    /// The wall clock at `milliseconds` since the epoch shifted by `offsetSeconds`. The shift is
    /// applied to the time of day so that no instant, however extreme, overflows.
    init(milliseconds: Int64, offsetSeconds: Int = 0) {
        var (days, ms) = CivilCalendar.split(milliseconds: milliseconds)
        ms += Int64(offsetSeconds) * 1000
        while ms < 0 {
            ms += CivilCalendar.millisecondsPerDay
            days -= 1
        }
        while ms >= CivilCalendar.millisecondsPerDay {
            ms -= CivilCalendar.millisecondsPerDay
            days += 1
        }
        let date = CivilCalendar.date(days: days)
        year = date.year
        month = date.month
        day = date.day
        hour = ms / 3_600_000
        minute = ms / 60000 % 60
        second = ms / 1000 % 60
        millisecond = ms % 1000
        weekday = CivilCalendar.weekday(days: days)
        self.days = days
    }
}
