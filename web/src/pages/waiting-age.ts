import type { Lang } from '../i18n/translate';

/**
 * How long a record has waited, in the UI language ("3 hari yang lalu", "3 days ago"): the
 * largest whole unit, so a list read at a glance sorts itself (minutes, hours, days, weeks, months).
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['month', 30 * 86_400], ['week', 7 * 86_400], ['day', 86_400], ['hour', 3_600], ['minute', 60]];

export function waitingAge(since: string, lang: Lang, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(since)) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang === 'id' ? 'id' : 'en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
  return rtf.format(0, 'minute');
}
