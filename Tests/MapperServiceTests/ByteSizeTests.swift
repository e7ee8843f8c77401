import MapperService
import MapperTestSupport
import Testing

struct ByteSizeTests {
    @Test(arguments: [
        ("10MiB", 10_485_760), ("10 MiB", 10_485_760), ("10mib", 10_485_760), ("512KiB", 524_288), ("1GiB", 1_073_741_824),
        ("2MB", 2_000_000), ("2M", 2_000_000), ("64KB", 64_000), ("100B", 100), ("65536", 65536), ("1.5MiB", 1_572_864),
    ])
    func sizesParse(text: String, bytes: Int) {
        #expect(ByteSize.parse(text) == bytes)
    }

    @Test(arguments: ["", "MiB", "10XB", "-1MiB", "1.2.3KiB", "ten"])
    func nonsenseIsRefused(text: String) {
        #expect(ByteSize.parse(text) == nil)
    }

    @Test func sizesAreDescribedInTheLargestExactUnit() {
        #expect(ByteSize.describe(10_485_760) == "10 MiB")
        #expect(ByteSize.describe(1024) == "1 KiB")
        #expect(ByteSize.describe(1000) == "1000 B")
    }

    @Test(arguments: [("30s", Duration.seconds(30)), ("500ms", .milliseconds(500)), ("2m", .seconds(120)), ("1.5", .milliseconds(1500))])
    func durationsParse(text: String, duration: Duration) {
        #expect(DurationText.parse(text) == duration)
    }

    @Test func badDurationsAreRefused() {
        #expect(DurationText.parse("soon") == nil)
        #expect(DurationText.parse("5 days") == nil)
    }
}
