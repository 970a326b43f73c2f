import type { Element } from '@xmldom/xmldom';
import type { ReferenceListName } from '../catalogue/reference-lists';
import { propCode, qpath } from './dom';
import { ImportMappingError } from './import-error';
import { normaliseCode } from './normalise-code';

/** What every mapper carries: the warnings it collects and the code-list rule. */
export class MapContext {
  readonly warnings: string[] = [];

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /**
   * A code-list property → our `kode`. A value that is not in the list and cannot be normalised
   * is a mapping error naming the element (issue 3: "what cannot be mapped is a 422").
   */
  code(list: ReferenceListName, prop: Element | undefined): string | undefined {
    const raw = propCode(prop);
    if (raw === undefined || !prop) return undefined;
    return this.codeValue(list, raw, prop);
  }

  codeValue(list: ReferenceListName, raw: string, at: Element | string): string {
    const kode = normaliseCode(list, raw);
    if (kode === undefined) {
      throw new ImportMappingError(typeof at === 'string' ? at : qpath(at), `Kode "${raw}" tidak ada dalam daftar ${list} dan tidak dapat dinormalkan.`);
    }
    return kode;
  }
}
