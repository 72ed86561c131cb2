/**
 * Time-zone abbreviations for `%Z`. Intl only knows letters for North American zones in English and
 * answers `GMT+9` for Tokyo, so common zones carry their standard and daylight abbreviations here.
 */
import type { DateTime } from 'luxon';

/** Zone → [standard, daylight]. */
const ABBREVIATIONS: Record<string, readonly [string, string]> = {
  UTC: ['UTC', 'UTC'],
  'Etc/UTC': ['UTC', 'UTC'],
  GMT: ['GMT', 'GMT'],
  'America/New_York': ['EST', 'EDT'],
  'America/Detroit': ['EST', 'EDT'],
  'America/Toronto': ['EST', 'EDT'],
  'America/Chicago': ['CST', 'CDT'],
  'America/Winnipeg': ['CST', 'CDT'],
  'America/Mexico_City': ['CST', 'CDT'],
  'America/Denver': ['MST', 'MDT'],
  'America/Edmonton': ['MST', 'MDT'],
  'America/Phoenix': ['MST', 'MST'],
  'America/Los_Angeles': ['PST', 'PDT'],
  'America/Vancouver': ['PST', 'PDT'],
  'America/Anchorage': ['AKST', 'AKDT'],
  'Pacific/Honolulu': ['HST', 'HST'],
  'America/Halifax': ['AST', 'ADT'],
  'America/Puerto_Rico': ['AST', 'AST'],
  'America/St_Johns': ['NST', 'NDT'],
  'Europe/London': ['GMT', 'BST'],
  'Europe/Dublin': ['GMT', 'IST'],
  'Europe/Lisbon': ['WET', 'WEST'],
  'Atlantic/Canary': ['WET', 'WEST'],
  'Europe/Paris': ['CET', 'CEST'],
  'Europe/Berlin': ['CET', 'CEST'],
  'Europe/Madrid': ['CET', 'CEST'],
  'Europe/Rome': ['CET', 'CEST'],
  'Europe/Amsterdam': ['CET', 'CEST'],
  'Europe/Brussels': ['CET', 'CEST'],
  'Europe/Vienna': ['CET', 'CEST'],
  'Europe/Zurich': ['CET', 'CEST'],
  'Europe/Stockholm': ['CET', 'CEST'],
  'Europe/Oslo': ['CET', 'CEST'],
  'Europe/Copenhagen': ['CET', 'CEST'],
  'Europe/Warsaw': ['CET', 'CEST'],
  'Europe/Prague': ['CET', 'CEST'],
  'Europe/Budapest': ['CET', 'CEST'],
  'Europe/Athens': ['EET', 'EEST'],
  'Europe/Helsinki': ['EET', 'EEST'],
  'Europe/Kiev': ['EET', 'EEST'],
  'Europe/Kyiv': ['EET', 'EEST'],
  'Europe/Bucharest': ['EET', 'EEST'],
  'Europe/Moscow': ['MSK', 'MSK'],
  'Asia/Tokyo': ['JST', 'JST'],
  'Asia/Seoul': ['KST', 'KST'],
  'Asia/Shanghai': ['CST', 'CST'],
  'Asia/Hong_Kong': ['HKT', 'HKT'],
  'Asia/Taipei': ['CST', 'CST'],
  'Asia/Kolkata': ['IST', 'IST'],
  'Asia/Calcutta': ['IST', 'IST'],
  'Asia/Manila': ['PST', 'PST'],
  'Asia/Jakarta': ['WIB', 'WIB'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Melbourne': ['AEST', 'AEDT'],
  'Australia/Brisbane': ['AEST', 'AEST'],
  'Australia/Adelaide': ['ACST', 'ACDT'],
  'Australia/Darwin': ['ACST', 'ACST'],
  'Australia/Perth': ['AWST', 'AWST'],
  'Pacific/Auckland': ['NZST', 'NZDT'],
  'Africa/Johannesburg': ['SAST', 'SAST'],
};

/** Intl's numeric form `GMT+5:45`, for a zone with no letters. */
const GMT_OFFSET = /^GMT([+-])(\d{1,2})(?::(\d\d))?$/;

/**
 * The abbreviation of `dt`'s zone at that instant: the table, else Intl's letters, else the time-zone
 * database's numeric form (`+03`, `-10`, `+0545`) that the platform prints for zones without letters.
 */
export function zoneAbbreviation(dt: DateTime): string {
  const known = ABBREVIATIONS[dt.zoneName ?? ''];
  if (known !== undefined) return dt.isInDST ? known[1] : known[0];
  const name = dt.offsetNameShort ?? 'UTC';
  const m = GMT_OFFSET.exec(name);
  if (m === null) return name;
  const minutes = m[3] === undefined || m[3] === '00' ? '' : m[3];
  return m[1]! + m[2]!.padStart(2, '0') + minutes;
}
