import { hasInvalidXmlChar } from '../../xml/xml-chars';
import { invalid } from '../csw-error';

/**
 * KVP parameters with case-insensitive names (OGC 06-121: names are case-insensitive,
 * values case-sensitive). Repeated names keep all their values. Whatever a query parser
 * produced that is not a string (nested objects from `a[b]=c`) is ignored, like any
 * unknown parameter. A value that is read and holds a character XML 1.0 forbids (`id=%00`)
 * is an InvalidParameterValue for that parameter: such a value can match nothing, cannot be
 * echoed in XML and PostgreSQL refuses NUL in text. Unread (unknown) parameters are ignored.
 */
export type RawQuery = Record<string, unknown>;

export class KvpParams {
  private readonly values = new Map<string, string[]>();

  constructor(query: RawQuery) {
    for (const [name, raw] of Object.entries(query)) {
      const list = Array.isArray(raw) ? raw : [raw];
      const strings = list.filter((v): v is string => typeof v === 'string');
      if (strings.length === 0) continue;
      const key = name.toLowerCase();
      this.values.set(key, [...(this.values.get(key) ?? []), ...strings]);
    }
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The first value; an empty value counts as absent (`maxrecords=` → the default). */
  get(name: string): string | undefined {
    const v = this.all(name)?.[0];
    return v === undefined || v.trim() === '' ? undefined : v;
  }

  /** The first value as sent, even when empty (for `sections=`). */
  raw(name: string): string | undefined {
    return this.all(name)?.[0];
  }

  /** A list parameter: every occurrence, each split at commas, trimmed, empties dropped. */
  list(name: string, separator: RegExp = /,/): string[] | undefined {
    const all = this.all(name);
    if (!all) return undefined;
    const items = all.flatMap((v) => v.split(separator)).map((s) => s.trim()).filter((s) => s !== '');
    return items.length ? items : undefined;
  }

  private all(name: string): string[] | undefined {
    const values = this.values.get(name);
    if (values?.some(hasInvalidXmlChar)) {
      throw invalid(name, `Nilai parameter ${name} memuat karakter yang tidak diizinkan (mis. NUL atau karakter kendali).`);
    }
    return values;
  }

  get size(): number {
    return this.values.size;
  }
}
