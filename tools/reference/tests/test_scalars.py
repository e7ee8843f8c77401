"""Number spelling, dates, key styles, URLs and number formats."""
import unittest
from decimal import Decimal

from mapperref import instants
from mapperref.keystyle import convert
from mapperref.numberformats import NumberFormat
from mapperref.numbers import format_double, int64
from mapperref.tr35 import DatePattern
from mapperref.urls import is_uri_reference


class NumberTests(unittest.TestCase):
    def test_doubles_are_written_shortest_in_ecmascript_style(self):
        cases = {'0.1': '0.1', '1.50': '1.5', '1e21': '1e+21', '1e20': '100000000000000000000', '5e-324': '5e-324',
                 '1e-7': '1e-7', '0.000001': '0.000001', '-0.0': '0', '0.30000000000000004': '0.30000000000000004',
                 '1.7976931348623157e308': '1.7976931348623157e+308', '123456789012345680000': '123456789012345680000'}
        for text, written in cases.items():
            self.assertEqual(format_double(float(text)), written, text)

    def test_ints_are_exact_and_64_bit(self):
        self.assertEqual(int64('5e2'), 500)
        self.assertEqual(int64('1.0e1'), 10)
        self.assertEqual(int64('9223372036854775807'), 2 ** 63 - 1)
        self.assertIsNone(int64('9223372036854775808'))
        self.assertIsNone(int64('1.5'))
        self.assertIsNone(int64('1e999999999'))


class DateTests(unittest.TestCase):
    def test_the_contract_examples(self):
        us = DatePattern('MMMM d, yyyy', 'en_US', 'America/Los_Angeles')
        self.assertEqual(us.parse('September 25, 2015'), 1443164400 * 10**9)
        self.assertEqual(us.format(1183135260 * 10**9), 'June 29, 2007')
        self.assertIsNone(us.parse('September 37, 2015'))
        self.assertIsNone(us.parse('February 29, 2015'))

    def test_weekday_must_match_and_no_hour_24(self):
        twitter = DatePattern('EEE MMM dd HH:mm:ss Z yyyy')
        self.assertEqual(instants.format_canonical(twitter.parse('Sun Aug 31 02:29:15 +0200 2014')), '2014-08-31T00:29:15Z')
        self.assertIsNone(twitter.parse('Mon Aug 31 00:29:15 +0000 2014'))
        self.assertIsNone(twitter.parse('Sun Aug 31 24:00:00 +0000 2014'))

    def test_offsets_follow_the_time_zone(self):
        pacific = DatePattern("yyyy-MM-dd'T'HH:mm:ssXXX", 'en_US_POSIX', 'America/Los_Angeles')
        self.assertEqual(pacific.format(instants.parse_iso8601('2017-12-10T17:00:00Z')), '2017-12-10T09:00:00-08:00')

    def test_iso8601_and_canonical_form(self):
        self.assertEqual(instants.format_canonical(instants.parse_iso8601('2017-10-10T18:30:00.1209+02:00')),
                         '2017-10-10T16:30:00.120900Z')
        self.assertEqual(instants.format_canonical(instants.parse_iso8601('2017-10-10T18:30:00.12+02:00')),
                         '2017-10-10T16:30:00.120Z')
        self.assertIsNone(instants.parse_iso8601('2012-01-01T00:00:00'))
        self.assertIsNone(instants.parse_iso8601('2012-01-01T00:00:00.1234567890Z'))
        self.assertIsNone(instants.parse_canonical('2015-09-25T07:00:00.000Z'))
        self.assertIsNone(instants.parse_canonical('2015-09-25T07:00:00.123000Z'))
        self.assertEqual(instants.parse_canonical('2015-09-25T07:00:00.000000001Z') % 10**9, 1)
        self.assertEqual(instants.format_canonical(-1), '1969-12-31T23:59:59.999999999Z')
        self.assertEqual(instants.format_canonical(-10**6), '1969-12-31T23:59:59.999Z')

    def test_fractions_to_the_nanosecond_in_every_format(self):
        from mapperref.formats import BUILT_IN
        from mapperref.jsonvalue import Number
        micro = instants.parse_iso8601('2023-11-14T22:13:20.123456Z')
        self.assertEqual(micro, 1700000000123456000)
        self.assertEqual(BUILT_IN['unix'].read(Number('1700000000.123456')), micro)
        self.assertEqual(BUILT_IN['unix'].write(micro).text, '1700000000.123456')
        self.assertIsNone(BUILT_IN['unix'].read(Number('1700000000.1234567891')))
        self.assertEqual(BUILT_IN['unix_us'].read(Number('1700000000123456')), micro)
        self.assertEqual(BUILT_IN['unix_us'].write(micro).text, '1700000000123456')
        self.assertEqual(BUILT_IN['unix_ns'].write(micro + 7).text, '1700000000123456007')
        self.assertIsNone(BUILT_IN['unix_us'].read(Number('1700000000123456.5')))
        with self.assertRaises(instants.Unrepresentable):
            BUILT_IN['unix_ms'].write(micro)
        pattern = DatePattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
        self.assertEqual(pattern.parse('2023-11-14 22:13:20.123456'), micro)
        self.assertEqual(pattern.format(micro), '2023-11-14 22:13:20.123456')


class LocalDateTests(unittest.TestCase):
    def test_calendar_days(self):
        self.assertEqual(instants.parse_day('1970-01-02'), 1)
        self.assertEqual(instants.format_day(instants.parse_day('2016-02-29')), '2016-02-29')
        for text in ('2019-02-30', '2019-13-01', '2019-9-15', '2019-09-15T00:00:00Z', 20190915):
            self.assertIsNone(instants.parse_day(text))

    def test_day_only_patterns_ignore_their_zone(self):
        from mapperref.formats import PatternDate
        from mapperref.scalars import SCALARS, Conversion
        tokyo = PatternDate('tokyo_day', 'dd.MM.yyyy', 'en_US_POSIX', 'Asia/Tokyo')
        self.assertTrue(tokyo.pattern.day_only)
        self.assertFalse(DatePattern('dd.MM.yyyy HH:mm').day_only)
        local_date = SCALARS['local_date']
        self.assertTrue(local_date.accepts(tokyo))
        self.assertEqual(local_date.decode('15.09.2019', Conversion(format_=tokyo)), '2019-09-15')
        self.assertEqual(local_date.encode('2019-09-15', Conversion(format_=tokyo)), '15.09.2019')


class KeyStyleTests(unittest.TestCase):
    def test_foundation_snake_case(self):
        cases = {'createdAt': 'created_at', 'myURLProperty': 'my_url_property', 'URL': 'u_rl', 'htmlURL': 'html_url',
                 'userID': 'user_id', 'profileImageURLHTTPS': 'profile_image_urlhttps'}
        for name, key in cases.items():
            self.assertEqual(convert(name, 'snake_case'), key)
        self.assertEqual(convert('htmlURL', 'kebab-case'), 'html-url')
        self.assertEqual(convert('createdAt', 'SCREAMING_SNAKE_CASE'), 'CREATED_AT')

    def test_camel_and_pascal_case(self):
        self.assertEqual(convert('CreatedAt', 'camelCase'), 'createdAt')
        self.assertEqual(convert('my_url', 'camelCase'), 'myUrl')
        self.assertEqual(convert('createdAt', 'PascalCase'), 'CreatedAt')


class URLTests(unittest.TestCase):
    def test_rfc_3986_references(self):
        for good in ('https://user@[2001:db8::1]:8080/a%20b?q#f', '../a?x', '', '#top', 'mailto:a@b.c'):
            self.assertTrue(is_uri_reference(good), good)
        for bad in ('not a valid URL', 'https://x/a%zz', '1http://x', 'https://x/a#b#c', 'https://x/{id}', 'https://x/é'):
            self.assertFalse(is_uri_reference(bad), bad)


class NumberFormatTests(unittest.TestCase):
    def test_exact_both_ways(self):
        decimal, percent, scientific = NumberFormat('decimal'), NumberFormat('percent'), NumberFormat('scientific')
        self.assertEqual(decimal.parse('12,345.678'), Decimal('12345.678'))
        self.assertIsNone(decimal.parse('1,2,3'))
        self.assertEqual(decimal.format(Decimal('-1234567')), '-1,234,567')
        self.assertEqual(percent.parse('12.5%'), Decimal('0.125'))
        self.assertEqual(percent.format(Decimal('0.125')), '12.5%')
        self.assertEqual(scientific.format(Decimal('12345')), '1.2345E4')
        self.assertEqual(scientific.parse('1.50E-3'), Decimal('0.00150'))


if __name__ == '__main__':
    unittest.main()
