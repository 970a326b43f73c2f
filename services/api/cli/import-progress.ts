import { Presets, SingleBar } from 'cli-progress';
import type { ImportProgress } from '../../../libs/import/batch-import';

/**
 * Progress of `import`: a bar (cli-progress) on stderr when stderr is a terminal, otherwise a
 * plain line every few seconds through `line` (logs and CI keep something readable, and a
 * redirected stderr never fills with control characters).
 */
export interface ProgressReporter {
  update(p: ImportProgress): void;
  stop(): void;
}

const PLAIN_EVERY_MS = 3_000;

export const progressText = (p: ImportProgress): string =>
  `${p.processed}/${p.total} berkas (diimpor ${p.imported}${p.updated ? `, diperbarui ${p.updated}` : ''}, dilewati ${p.skipped}, gagal ${p.failed})`;

export function createProgressReporter(total: number, line: (text: string) => void, tty = process.stderr.isTTY === true): ProgressReporter {
  if (tty) {
    const bar = new SingleBar({
      format: 'Impor [{bar}] {percentage}% | {value}/{total} berkas | diimpor {imported} dilewati {skipped} gagal {failed} | {eta_formatted}',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
    }, Presets.shades_classic);
    bar.start(total, 0, { imported: 0, skipped: 0, failed: 0 });
    return {
      update: (p) => bar.update(p.processed, { imported: p.imported + p.updated, skipped: p.skipped, failed: p.failed }),
      stop: () => bar.stop(),
    };
  }
  let last = performance.now();
  return {
    update(p) {
      const now = performance.now();
      if (now - last < PLAIN_EVERY_MS) return;
      last = now;
      line(`… ${progressText(p)}`);
    },
    stop: () => undefined,
  };
}
