/** Scalar value checks shared by the importers: dates, URLs, e-mail addresses, numbers. */

const DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * An ISO date or date-time as our schema stores it (`YYYY`, `YYYY-MM`, `YYYY-MM-DD` or an RFC 3339
 * date-time). A date-time without a zone is cut to its date: its offset is unknown, and guessing
 * UTC would move it. Anything else → undefined.
 */
export function normaliseDate(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if (DATE.test(v)) return v;
  // `2009-10-09Z` / `2009-10-09+07:00`: a date with a zone is still just that date
  const dz = /^(\d{4}-\d{2}-\d{2})([Zz]|[+-]\d{2}:?\d{2})$/.exec(v);
  if (dz && DATE.test(dz[1]!)) return dz[1];
  const m = DATE_TIME.exec(v);
  if (!m || !DATE.test(m[1]!)) return undefined;
  const [, date, hh, mm, secs, , zone] = m;
  if (!zone) return date;
  const z = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${date}T${hh}:${mm}${secs ?? ':00'}${z}`;
}

/**
 * An absolute http(s)/ftp URL our schema accepts. Spaces and a few characters harvested URLs
 * carry unescaped are percent-encoded; anything that is still not a URL → undefined.
 */
export function normaliseUrl(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  if (!v || !/^(https?|ftp):\/\//i.test(v)) return undefined;
  const escaped = v.replace(/[\s"<>\\^`{|}]/g, (c) => encodeURIComponent(c));
  try {
    const u = new URL(escaped);
    return u.hostname ? escaped : undefined;
  } catch {
    return undefined;
  }
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function normaliseEmail(raw: string | undefined): string | undefined {
  const v = raw?.trim().replace(/^mailto:/i, '');
  return v && EMAIL.test(v) ? v : undefined;
}

/** A finite number from XML text; undefined otherwise. */
export function parseNumber(raw: string | undefined): number | undefined {
  const v = raw?.trim();
  if (!v || !/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export function parseBoolean(raw: string | undefined): boolean | undefined {
  const v = raw?.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

/** The JSON Schema's fileIdentifier rule: any non-blank identifier, trimmed, up to 2,000 characters. */
export const FILE_IDENTIFIER = /^\S(?:[\s\S]{0,1998}\S)?$/;
