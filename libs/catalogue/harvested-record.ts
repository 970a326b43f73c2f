import { AppError } from '../errors';
import { parsePatchBody } from './records-input';

/** Where a harvested record came from (libs/db harvest-record.repository.ts reads it). */
export interface Provenance {
  source: { id: string; name: string; url: string; protocol: string };
  sourceIdentifier: string;
  run: string;
  fetchedAt: string;
  withdrawnAt: string | null;
}

/**
 * A harvested record's content belongs to its source: a local edit would be overwritten by the
 * next run, so it is refused until an ADMIN detaches the record (status changes — the review —
 * stay allowed). Checked after the caller is known to see the record, so nothing leaks.
 */
export function refuseHarvestedEdit(harvested: Pick<Provenance, 'withdrawnAt'> | undefined, body: unknown, id: string): void {
  if (!harvested) return;
  if (parsePatchBody(body).kind === 'status') {
    // withdrawn at the source: it stays PRIVATE until the source lists it again or an ADMIN detaches it
    if (harvested.withdrawnAt === null) return;
    throw new AppError('CONFLICT', `Rekaman "${id}" sudah ditarik di sumbernya; statusnya tidak dapat diubah. `
      + `Rekaman kembali bila sumber mencantumkannya lagi, atau ADMIN dapat melepasnya dari sumber (POST /api/metadata/${encodeURIComponent(id)}/detach-harvest).`,
    { extras: { harvested: true, withdrawn: true } });
  }
  throw new AppError('CONFLICT', `Rekaman "${id}" dipanen dari sumber lain; isinya diperbarui oleh sumber. `
    + `ADMIN dapat melepasnya dari sumber dulu (POST /api/metadata/${encodeURIComponent(id)}/detach-harvest).`, { extras: { harvested: true } });
}
