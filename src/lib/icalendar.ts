// A minimal RFC 5545 writer for the one object we publish: a VCALENDAR with one VEVENT.
// Hand-written because it is small and fixed (no recurrence, no time zones, no parsing);
// tests/int/booking-calendar.test.ts reads every file we make back with ical.js.
// RFC 5545 §3.1: lines end in CRLF and are folded at 75 octets (a CRLF and one space),
// never inside a UTF-8 character; §3.3.11: TEXT escapes backslash, semicolon, comma, newline.

/** A content line's name (with its parameters, `ATTENDEE;ROLE=REQ-PARTICIPANT`) and its value. */
export type Property = [name: string, value: string]

const LINE_OCTETS = 75

/** A TEXT value (SUMMARY, DESCRIPTION, UID): the four escapes of RFC 5545 §3.3.11. */
export const text = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** One content line, folded to 75 octets per physical line (continuations start with a space). */
export function foldLine(line: string): string {
  const lines: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    // A continuation line's leading space counts against its 75 octets.
    if (octets + size > LINE_OCTETS) {
      lines.push(current)
      current = ' '
      octets = 1
    }
    current += char
    octets += size
  }
  lines.push(current)
  return lines.join('\r\n')
}

/** A floating DATE-TIME (RFC 5545 §3.3.5 form #1: no `Z`, no TZID): the wall clock as it is. */
export const floating = (date: string, time: string): string => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`

/** A UTC DATE-TIME (DTSTAMP must be one). */
export const utc = (instant: Date): string =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

export function calendar(options: { method?: string; event: Property[] }): string {
  const lines: Property[] = [
    ['BEGIN', 'VCALENDAR'],
    ['VERSION', '2.0'],
    ['PRODID', '-//Community Platform//Bookings//EN'],
    ['CALSCALE', 'GREGORIAN'],
    ...(options.method ? ([['METHOD', options.method]] as Property[]) : []),
    ['BEGIN', 'VEVENT'],
    ...options.event,
    ['END', 'VEVENT'],
    ['END', 'VCALENDAR'],
  ]
  return `${lines.map(([name, value]) => foldLine(`${name}:${value}`)).join('\r\n')}\r\n`
}
