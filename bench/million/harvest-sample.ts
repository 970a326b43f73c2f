import { harvestPath } from '../csw/cases';

/**
 * The full-harvest rate at a million records: GetRecords gmd full, 500 per page, as a
 * harvester pages (startPosition), either through every page or through `pages` pages spread
 * evenly over the whole result (the first, the last and those between), so that deep pages —
 * where OFFSET makes PostgreSQL skip more rows — weigh as much as in a full harvest. The rate
 * of a sample is its records over its time: what the full harvest would take at that rate.
 */
export interface HarvestSample {
  pagesFetched: number;
  pagesTotal: number;
  records: number;
  bytes: number;
  seconds: number;
  matched: number;
  firstPageMs: number;
  lastPageMs: number;
}

export async function harvestSample(baseUrl: string, total: number, pages: number, requestId: string): Promise<HarvestSample> {
  const pagesTotal = Math.ceil(total / 500);
  const count = pages <= 0 || pages >= pagesTotal ? pagesTotal : pages;
  const starts = [...new Set(Array.from({ length: count }, (_, j) => 1 + Math.round((j * (pagesTotal - 1)) / Math.max(1, count - 1)) * 500))];
  let records = 0;
  let bytes = 0;
  let matched = 0;
  let seconds = 0;
  const times: number[] = [];
  for (const start of starts) {
    const t0 = performance.now();
    const res = await fetch(baseUrl + harvestPath(start, requestId));
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200 || body.includes('ExceptionReport')) throw new Error(`panen gagal pada ${start}: ${body.slice(0, 300)}`);
    const returned = Number(/numberOfRecordsReturned="(\d+)"/.exec(body)?.[1] ?? NaN);
    matched = Number(/numberOfRecordsMatched="(\d+)"/.exec(body)?.[1] ?? NaN);
    if (!Number.isFinite(returned) || returned <= 0) throw new Error(`halaman panen ${start} tanpa rekaman`);
    records += returned;
    bytes += Buffer.byteLength(body);
    seconds += ms / 1000;
    times.push(ms);
  }
  return { pagesFetched: starts.length, pagesTotal, records, bytes, seconds, matched, firstPageMs: times[0] ?? 0, lastPageMs: times[times.length - 1] ?? 0 };
}
