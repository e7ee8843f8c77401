import MapperSupport

internal import Foundation

extension Library {
    /// The timestamp and duration accessors (`getFullYear`, `getHours`…); nil for other names.
    static func timeFunction(_ function: Function, member: Bool, _ args: Arguments) throws(CELError) -> CELValue? {
        guard member, let receiver = args.first else { return nil }
        switch receiver {
        case .duration(let duration) where args.count == 1:
            let ns = duration.nanoseconds
            switch function {
            case .getHours: return .int(ns / 3_600_000_000_000)
            case .getMinutes: return .int(ns / 60_000_000_000)
            case .getSeconds: return .int(ns / 1_000_000_000)
            case .getMilliseconds: return .int(ns % 1_000_000_000 / 1_000_000)
            default: return nil
            }
        case .timestamp(let timestamp) where args.count <= 2:
            var offset = 0
            if args.count == 2 {
                guard case .string(let zone) = args[1] else { return nil }
                offset = try Self.offset(of: zone, at: timestamp)
            }
            let local = Int(timestamp.seconds) + offset
            let days = local.floorDivided(by: 86_400)
            let secondOfDay = local.floorModulo(86_400)
            let (year, month, day) = CivilCalendar.date(days: Int64(days))
            switch function {
            case .getFullYear: return .int(Int64(year))
            case .getMonth: return .int(Int64(month - 1))
            case .getDayOfYear: return .int(Int64(days) - CivilCalendar.days(year: year, month: 1, day: 1))
            case .getDayOfMonth: return .int(Int64(day - 1))
            case .getDate: return .int(Int64(day))
            // 1970-01-01 was a Thursday (4).
            case .getDayOfWeek: return .int(Int64((days + 4).floorModulo(7)))
            case .getHours: return .int(Int64(secondOfDay / 3600))
            case .getMinutes: return .int(Int64(secondOfDay / 60 % 60))
            case .getSeconds: return .int(Int64(secondOfDay % 60))
            case .getMilliseconds: return .int(timestamp.nanosecondOfSecond / 1_000_000)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Seconds east of UTC for a zone written `+11:00`, `-02:30`, `02:00`, `UTC` or an IANA name
    /// (`America/St_Johns`), at the given instant.
    static func offset(of zone: String, at timestamp: CELTimestamp) throws(CELError) -> Int {
        let scalars = Array(zone.unicodeScalars)
        var sign = 1
        var body = scalars[...]
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body.count == 5, body[body.startIndex + 2] == ":",
            let hours = Int(String(String.UnicodeScalarView(body.prefix(2)))),
            let minutes = Int(String(String.UnicodeScalarView(body.suffix(2)))), hours < 24, minutes < 60
        {
            return sign * (hours * 3600 + minutes * 60)
        }
        guard let timeZone = TimeZone(identifier: zone) else {
            throw CELError(
                .invalidArgument, "unknown time zone '\(zone)': use an IANA name such as 'Europe/Paris' or an offset such as '+01:00'",
                column: 0)
        }
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(timestamp.seconds)))
    }
}
