import Testing

@testable import MapperFormats
@testable import MapperJSON

/// Each field letter, written for 2015-03-05T07:04:09.123Z (a Thursday, day 64) in UTC with
/// en_US_POSIX, and read back.
struct DatePatternFieldTests {
    static let morning = Instant("2015-03-05T07:04:09.123Z")

    @Test(arguments: [
        ("G", "AD"), ("GGG", "AD"), ("GGGG", "Anno Domini"), ("GGGGG", "A"),
        ("y", "2015"), ("yy", "15"), ("yyy", "2015"), ("yyyy", "2015"), ("yyyyy", "02015"),
        ("u", "2015"), ("uuuuu", "02015"),
        ("M", "3"), ("MM", "03"), ("MMM", "Mar"), ("MMMM", "March"), ("MMMMM", "M"),
        ("L", "3"), ("LL", "03"), ("LLL", "Mar"), ("LLLL", "March"), ("LLLLL", "M"),
        ("d", "5"), ("dd", "05"), ("D", "64"), ("DDD", "064"),
        ("E", "Thu"), ("EEE", "Thu"), ("EEEE", "Thursday"), ("EEEEE", "T"), ("EEEEEE", "Th"),
        ("e", "5"), ("ee", "05"), ("eee", "Thu"), ("eeee", "Thursday"),
        ("c", "5"), ("ccc", "Thu"), ("cccc", "Thursday"), ("ccccc", "T"),
        ("a", "AM"), ("aaaaa", "a"),
        ("h", "7"), ("hh", "07"), ("H", "7"), ("HH", "07"), ("k", "7"), ("kk", "07"), ("K", "7"), ("KK", "07"),
        ("m", "4"), ("mm", "04"), ("s", "9"), ("ss", "09"),
        ("SSS", "123"), ("SSSS", "1230"), ("SSSSSSSSS", "123000000"),
        ("Z", "+0000"), ("ZZZ", "+0000"), ("ZZZZ", "GMT"), ("ZZZZZ", "Z"),
        ("X", "Z"), ("XX", "Z"), ("XXX", "Z"), ("XXXXX", "Z"),
        ("x", "+00"), ("xx", "+0000"), ("xxx", "+00:00"), ("xxxxx", "+00:00"),
        ("O", "GMT"), ("OOOO", "GMT"), ("z", "UTC"), ("zzzz", "Coordinated Universal Time"), ("v", "UTC"),
        ("'at' h 'o''clock'", "at 7 o'clock"), ("''", "'"), ("yyyy年M月d日", "2015年3月5日"),
    ])
    func writesAndReadsBack(field: String, text: String) throws {
        #expect(try DatePattern(pattern: field).format(Self.morning) == text)
        // Next to a full timestamp the field must read back and agree with it.
        let pattern = try DatePattern(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSS|" + field)
        let written = pattern.format(Self.morning)
        #expect(written == "2015-03-05T07:04:09.123|" + text)
        #expect(pattern.parse(written) == Self.morning)
    }

    @Test(arguments: [
        ("h a", "2015-03-05T19:04:09Z", "7 PM"), ("hh a", "2015-03-05T00:04:09Z", "12 AM"),
        ("hh a", "2015-03-05T12:04:09Z", "12 PM"), ("K a", "2015-03-05T00:04:09Z", "0 AM"),
        ("K a", "2015-03-05T12:04:09Z", "0 PM"), ("k", "2015-03-05T00:04:09Z", "24"),
        ("H", "2015-03-05T00:04:09Z", "0"), ("HH", "2015-03-05T23:04:09Z", "23"),
        ("y G", "0000-06-01T00:00:00Z", "1 BC"), ("u", "0000-06-01T00:00:00Z", "0"),
        ("D", "2016-12-31T00:00:00Z", "366"), ("S", "2015-03-05T00:00:00.999Z", "9"),
        ("SS", "2015-03-05T00:00:00.009Z", "00"), ("S", "2015-03-05T07:04:09.123Z", "1"),
        ("SS", "2015-03-05T07:04:09.123Z", "12"), ("E", "2014-08-31T00:00:00Z", "Sun"),
    ])
    func writesTimesOfDayAndEdgeValues(field: String, iso: String, text: String) throws {
        #expect(try DatePattern(pattern: field).format(Instant(iso)) == text)
    }

    @Test(arguments: [
        ("hh:mm a", "07:04 PM", "1970-01-01T19:04:00Z"), ("hh:mm a", "12:30 AM", "1970-01-01T00:30:00Z"),
        ("hh:mm a", "12:30 PM", "1970-01-01T12:30:00Z"), ("hh:mm aaaaa", "12:30 p", "1970-01-01T12:30:00Z"),
        ("KK:mm a", "11:59 PM", "1970-01-01T23:59:00Z"), ("kk:mm", "24:00", "1970-01-01T00:00:00Z"),
        ("h:mm", "7:04", "1970-01-01T07:04:00Z"), ("HH:mm a", "13:00 PM", "1970-01-01T13:00:00Z"),
        ("a", "PM", "1970-01-01T12:00:00Z"), ("MMMM", "March", "1970-03-01T00:00:00Z"),
        ("yyyy D", "2016 366", "2016-12-31T00:00:00Z"), ("yyyy-MM-dd D", "2015-09-25 268", "2015-09-25T00:00:00Z"),
        ("y G", "1 BC", "0000-01-01T00:00:00Z"), ("y G", "2015 AD", "2015-01-01T00:00:00Z"),
        ("GGGG y", "Anno Domini 2015", "2015-01-01T00:00:00Z"), ("u", "0", "0000-01-01T00:00:00Z"),
        ("y-MM-dd", "15-01-01", "0015-01-01T00:00:00Z"), ("ss.S", "05.5", "1970-01-01T00:00:05.500Z"),
        ("ss.SSS", "05.5", "1970-01-01T00:00:05.500Z"), ("ss.S", "05.123456789", "1970-01-01T00:00:05.123456789Z"),
        ("yyyy-MM-dd e", "2015-03-05 5", "2015-03-05T00:00:00Z"),
        ("yyyy-MM-dd EEEEE", "2015-03-07 S", "2015-03-07T00:00:00Z"),
        ("yyyy-MM-dd EEEEE", "2015-03-08 S", "2015-03-08T00:00:00Z"),
    ])
    func reads(pattern: String, text: String, iso: String) throws {
        #expect(try DatePattern(pattern: pattern).parse(text) == Instant(iso))
    }

    @Test(arguments: [
        ("yy-MM-dd", "49-01-01", "2049-01-01T00:00:00Z"), ("yy-MM-dd", "50-01-01", "1950-01-01T00:00:00Z"),
        ("yy-MM-dd", "99-12-31", "1999-12-31T00:00:00Z"), ("yy-MM-dd", "00-01-01", "2000-01-01T00:00:00Z"),
        ("MM/dd/yy", "09/25/15", "2015-09-25T00:00:00Z"),
    ])
    func twoDigitYearsUseThe1950To2049Window(pattern: String, text: String, iso: String) throws {
        #expect(try DatePattern(pattern: pattern).parse(text) == Instant(iso))
    }

    @Test func twoDigitYearsNeedExactlyTwoDigits() throws {
        let pattern = try DatePattern(pattern: "yy-MM-dd")
        #expect(pattern.parse("2015-01-01") == nil)
        #expect(pattern.parse("5-01-01") == nil)
        #expect(pattern.format(Instant("1905-01-01T00:00:00Z")) == "05-01-01")
    }

    @Test(arguments: [
        ("yyyyMMdd", "20150925", "2015-09-25T00:00:00Z"), ("yyyyMMddHHmmss", "20150925070809", "2015-09-25T07:08:09Z"),
        ("yyyyMMddHHmmssSSS", "20150925070809123", "2015-09-25T07:08:09.123Z"),
        ("yyMMdd", "150925", "2015-09-25T00:00:00Z"),
        ("yMd", "2015111", "2015-11-01T00:00:00Z"), ("HHmm", "0705", "1970-01-01T07:05:00Z"),
        ("yyyyDDD", "2015268", "2015-09-25T00:00:00Z"),
    ])
    func readsAdjacentNumericFieldsByWidth(pattern: String, text: String, iso: String) throws {
        #expect(try DatePattern(pattern: pattern).parse(text) == Instant(iso))
    }

    @Test(arguments: [
        ("yyyyMMdd", "2015925"), ("yyyyMMdd", "201509251"), ("yyyyMMdd", "201509"), ("HHmm", "705"), ("HHmm", "07"),
    ])
    func rejectsAdjacentNumericFieldsOfTheWrongWidth(pattern: String, text: String) throws {
        #expect(try DatePattern(pattern: pattern).parse(text) == nil)
    }

    @Test func localWeekdayNumbersFollowTheLocalesFirstDay() throws {
        // Thursday is day 5 where weeks start on Sunday, day 4 where they start on Monday.
        #expect(try DatePattern(pattern: "e", locale: "en_US").format(Self.morning) == "5")
        #expect(try DatePattern(pattern: "e", locale: "de_DE").format(Self.morning) == "4")
        let german = try DatePattern(pattern: "yyyy-MM-dd e", locale: "de_DE")
        #expect(german.parse("2015-03-05 4") == Instant("2015-03-05T00:00:00Z"))
        #expect(german.parse("2015-03-05 5") == nil)
    }
}
