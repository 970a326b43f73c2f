import type { Element } from '@xmldom/xmldom';
import type { ReferenceListName } from '../catalogue/reference-lists';
import { propCode, qpath } from './dom';
import { normaliseCode } from './normalise-code';
import { schemaEnum } from './schema-at';

/** What every mapper carries: the warnings it collects and the code-list rule. */
export class MapContext {
  readonly warnings: string[] = [];

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /**
   * A code-list property → our `kode`. A value that is not in the list and cannot be normalised
   * stays in the record's document as written (issue 19: the lists drive the editor, they do not
   * decide what a record may carry); the JSON projection leaves the field out, with a warning.
   */
  code(list: ReferenceListName, prop: Element | undefined): string | undefined {
    const raw = propCode(prop);
    if (raw === undefined || !prop) return undefined;
    return this.codeValue(list, raw, prop);
  }

  codeValue(list: ReferenceListName, raw: string, at: Element | string): string | undefined {
    const kode = normaliseCode(list, raw);
    if (kode === undefined) {
      this.warn(`${typeof at === 'string' ? at : qpath(at)}: kode "${raw}" tidak ada dalam daftar ${list}; disimpan apa adanya di dokumen, tidak dipetakan ke kolom rekaman.`);
    }
    return kode;
  }

  /**
   * A code of an ISO code list the JSON Schema spells out as an enum (couplingType,
   * MD_RestrictionCode, DS_AssociationTypeCode, CI_OnLineFunctionCode, …), by the field's JSON
   * Pointer. The same leniency as the reference lists (case, spacing, a codeList URL's fragment);
   * a value outside the enum stays in the document only, with the same warning.
   */
  enumCode(pointer: string, prop: Element | undefined): string | undefined {
    const raw = propCode(prop);
    return raw === undefined || !prop ? undefined : this.enumValue(pointer, raw, prop);
  }

  enumValue(pointer: string, raw: string, at: Element | string): string | undefined {
    const values = schemaEnum(pointer);
    const tail = raw.includes('#') ? raw.slice(raw.lastIndexOf('#') + 1) : raw;
    const k = enumKey(tail);
    const found = values.find((v) => v === raw.trim()) ?? values.find((v) => enumKey(v) === k);
    if (found === undefined) {
      this.warn(`${typeof at === 'string' ? at : qpath(at)}: kode "${raw}" bukan nilai yang dikenal untuk ${pointer.replace(/\/\d+/g, '')}; disimpan apa adanya di dokumen, tidak dipetakan ke kolom rekaman.`);
    }
    return found;
  }
}

const enumKey = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
