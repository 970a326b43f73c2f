import { invalid } from '../../search/search-error';

/**
 * The only way a value enters compiled SQL: pushed to `params`, referenced as `$n`.
 * PostgreSQL refuses NUL characters in text, so a value carrying one is a client error
 * (reported as such) rather than a database error.
 */
export function bind(params: unknown[], value: string | number | string[]): string {
  const values = Array.isArray(value) ? value : [value];
  for (const v of values) {
    if (typeof v === 'string' && v.includes('\u0000')) throw invalid('constraint', 'Nilai filter tidak boleh mengandung karakter NUL.');
    if (typeof v === 'number' && !Number.isFinite(v)) throw invalid('constraint', 'Nilai angka pada filter tidak valid.');
  }
  params.push(value);
  return `$${params.length}`;
}

/** `true`/`false`/`1`/`0` (any case) → the SQL boolean literal text, bound as a parameter */
export function bindBoolean(params: unknown[], value: string): string {
  const v = value.trim().toLowerCase();
  if (v !== 'true' && v !== 'false' && v !== '1' && v !== '0') {
    throw invalid('constraint', `Nilai "${value.slice(0, 40)}" bukan boolean (gunakan true, false, 1 atau 0).`);
  }
  return `${bind(params, v === 'true' || v === '1' ? 'true' : 'false')}::boolean`;
}
