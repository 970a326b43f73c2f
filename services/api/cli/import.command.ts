import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as RecordsServiceModule from '../../../libs/catalogue/records.service';
import type { Organisation, User } from '../../../libs/catalogue/user.types';
import type * as BatchImportModule from '../../../libs/import/batch-import';
import type { ImportSummary } from '../../../libs/import/batch-import';
import { findXmlFiles, MissingPathError } from '../../../libs/import/xml-files';
import { CliFailure, UsageError, stringOption, type CliCommand, type CliContext, type ParsedArgs } from './cli-command';
import { createProgressReporter } from './import-progress';
import { resolveOrgOption } from './org-option';

/** Reasons printed per list in the summary; the full lists go to `--report`. */
const FIRST_N = 10;

function intOption(args: ParsedArgs, name: string, min: number, max: number): number | undefined {
  const v = stringOption(args, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} harus bilangan bulat ${min}–${max}`);
  return n;
}

/** `--owner <username>` (a PRODUSEN or ADMIN of the organisation), else its first active ADMIN. */
async function resolveOwner(ctx: CliContext, args: ParsedArgs, org: Organisation): Promise<User> {
  const users = await ctx.users();
  const username = stringOption(args, 'owner');
  if (username !== undefined) {
    const u = await users.findByUsername(username);
    if (!u) throw new CliFailure(`Pengguna "${username}" tidak ditemukan.`);
    if (u.organisationId !== org.id) throw new CliFailure(`Pengguna "${u.username}" bukan anggota organisasi "${org.name}".`);
    if (!u.active) throw new CliFailure(`Pengguna "${u.username}" tidak aktif.`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { CREATOR_ROLES } = require('../../../libs/catalogue/records.service') as typeof RecordsServiceModule;
    if (!CREATOR_ROLES.includes(u.role)) throw new CliFailure(`Pengguna "${u.username}" berperan ${u.role}; pemilik rekaman harus ${CREATOR_ROLES.join(' atau ')}.`);
    return u;
  }
  const admin = (await users.listIn(org.id)).find((u) => u.role === 'ADMIN' && u.active);
  if (!admin) throw new CliFailure(`Organisasi "${org.name}" tidak memiliki ADMIN aktif; berikan --owner <username>.`);
  return admin;
}

const shown = (file: string): string => path.relative(process.cwd(), file) || file;

function printSummary(ctx: CliContext, s: ImportSummary, update: boolean): void {
  const secs = (s.elapsedMs / 1000).toFixed(1);
  ctx.out(`Selesai dalam ${secs} detik (${s.recordsPerSecond} rekaman/detik, ${s.threads ? `${s.threads} thread parsing` : 'parsing di proses utama'}).`);
  ctx.out(`  diimpor:    ${s.imported}`);
  if (update) ctx.out(`  diperbarui: ${s.updated}`);
  ctx.out(`  dilewati:   ${s.skipped}`);
  ctx.out(`  gagal:      ${s.failed}`);
  // values the mapping normalised or dropped: counted here, listed per file in the report
  const warned = [...s.importedFiles, ...s.updatedFiles].filter((f) => f.warnings.length > 0).length;
  if (warned > 0) ctx.out(`  ${warned} berkas diimpor dengan peringatan (nilai dinormalkan atau diabaikan; rinciannya di --report)`);
  const list = (title: string, lines: string[]) => {
    if (lines.length === 0) return;
    ctx.out(`${title}${lines.length > FIRST_N ? ` (${FIRST_N} pertama dari ${lines.length})` : ''}:`);
    for (const l of lines.slice(0, FIRST_N)) ctx.out(`  ${l}`);
  };
  list('Gagal', s.failures.map((f) => `${shown(f.file)}: ${f.reason}`));
  list('Dilewati', s.skippedFiles.map((f) => `${shown(f.file)} (${f.id}): ${f.reason}`));
}

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'mengimpor berkas metadata XML (ISO 19139, ISO 19115-3, csw:Record) ke sebuah organisasi',
  usage: '<berkas|direktori>… --org <id|nama> [--publish] [--owner <username>] [--update] [--report <berkas.json>] [--threads <n>] [--batch-size <n>]',
  details: [
    'Direktori dibaca rekursif (*.xml). Rekaman baru berstatus DRAFT, pemilik: ADMIN pertama organisasi atau --owner.',
    '--publish      langsung PUBLISHED (tindakan operator), dengan riwayat DRAFT → PUBLISHED',
    '--update       pengenal yang sudah ada di organisasi ini: isinya diganti (versi + 1, status tetap);',
    '               tanpa --update rekaman itu dilewati ("sudah ada")',
    '--report       tulis laporan lengkap (diimpor, dilewati, gagal beserta alasannya) sebagai JSON',
    '--threads      jumlah thread parsing (0 = di proses utama; bawaan: satu per inti untuk ≥ 200 berkas)',
    '--batch-size   rekaman per transaksi (bawaan 500)',
    'Render XML dan cache CSW diperbarui oleh worker dari antrean peristiwa setelah impor.',
    'Kode keluar: 0 semua berhasil atau dilewati, 1 ada yang gagal, 2 penggunaan salah.',
  ],
  options: {
    org: { type: 'string' },
    owner: { type: 'string' },
    publish: { type: 'boolean' },
    update: { type: 'boolean' },
    report: { type: 'string' },
    threads: { type: 'string' },
    'batch-size': { type: 'string' },
  },
  positionals: { min: 1, max: 10_000, names: '<berkas|direktori>' },
  async run(ctx, args) {
    // every usage problem is found before the database is opened
    stringOption(args, 'org', true);
    const threads = intOption(args, 'threads', 0, 64);
    const batchSize = intOption(args, 'batch-size', 1, 5_000);
    const reportPath = stringOption(args, 'report');
    const publish = args.values.publish === true;
    const update = args.values.update === true;
    let files: string[];
    try {
      files = findXmlFiles(args.positionals);
    } catch (err) {
      if (err instanceof MissingPathError) throw new UsageError(err.message);
      throw err;
    }
    if (files.length === 0) throw new UsageError(`tidak ada berkas .xml di ${args.positionals.join(', ')}`);

    const org = await resolveOrgOption(ctx, args);
    const owner = await resolveOwner(ctx, args, org);
    ctx.out(`Mengimpor ${files.length} berkas ke organisasi "${org.name}" sebagai ${publish ? 'PUBLISHED' : 'DRAFT'} (pemilik: ${owner.username}).`);

    const progress = createProgressReporter(files.length, ctx.out);
    let summary: ImportSummary;
    try {
      // loaded when the command runs, not when the CLI lists its commands: every command paid for it before
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { importFiles } = require('../../../libs/import/batch-import') as typeof BatchImportModule;
      summary = await importFiles(await ctx.recordsBatch(), files, {
        organisationId: org.id,
        ownerId: owner.id,
        publish,
        update,
        ...(threads !== undefined ? { threads } : {}),
        ...(batchSize !== undefined ? { batchSize } : {}),
        onProgress: (p) => progress.update(p),
      });
    } finally {
      progress.stop();
    }
    if (summary.threadFallback) ctx.err(`Perhatian: ${summary.threadFallback}.`);
    printSummary(ctx, summary, update);

    if (reportPath) {
      const report = {
        organisation: { id: org.id, name: org.name },
        owner: { id: owner.id, username: owner.username },
        status: publish ? 'PUBLISHED' : 'DRAFT',
        update,
        ...summary,
      };
      writeFileSync(path.resolve(reportPath), `${JSON.stringify(report, null, 2)}\n`);
      ctx.out(`Laporan lengkap: ${reportPath}`);
    }
    if (summary.imported + summary.updated > 0) ctx.out('Render XML dan cache CSW akan diperbarui oleh worker.');
    if (summary.failed > 0) throw new CliFailure(`${summary.failed} dari ${summary.total} berkas gagal diimpor.`);
  },
};
