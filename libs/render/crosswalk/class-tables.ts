import { ISO139_CLASS_TABLE, ISO3_CLASS_TABLE, type ClassTableRow } from './tables';

/**
 * The generated class tables (tables.ts) as look-ups, built once per process: what the
 * stylesheets' cw:iso3-classes / cw:iso139-classes maps and cw:order give.
 */
export interface ClassRow {
  readonly name: string;
  /** the module (namespace prefix) that declares the class */
  readonly module: string;
  /** property → module of the class that declares it (inherited properties keep their own) */
  readonly propModule: ReadonlyMap<string, string>;
  /** property → its first position in schema order, from 1 (cw:order) */
  readonly position: ReadonlyMap<string, number>;
}

function rows(table: readonly ClassTableRow[]): ReadonlyMap<string, ClassRow> {
  const out = new Map<string, ClassRow>();
  for (const [name, module, props] of table) {
    const words = props ? props.split(' ') : [];
    const propModule = new Map<string, string>();
    const position = new Map<string, number>();
    for (let i = 0; i < words.length; i += 2) {
      const prop = words[i] as string;
      // the first one wins, as index-of(…)[1] and $row/p[@n = $n][1] do
      if (!position.has(prop)) {
        position.set(prop, i / 2 + 1);
        propModule.set(prop, words[i + 1] as string);
      }
    }
    if (!out.has(name)) out.set(name, { name, module, propModule, position });
  }
  return out;
}

export const ISO3_CLASSES: ReadonlyMap<string, ClassRow> = rows(ISO3_CLASS_TABLE);
export const ISO139_CLASSES: ReadonlyMap<string, ClassRow> = rows(ISO139_CLASS_TABLE);

/** cw:order: a property's place in its class's schema order; 9999 for one the class does not have. */
export const UNORDERED = 9999;
export function propertyOrder(row: ClassRow | undefined, local: string): number {
  return row?.position.get(local) ?? UNORDERED;
}
