import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordsBatchOn } from '../../libs/assembly/use-case-assembly';
import type { Database } from '../../libs/db/database';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createSearchStore } from '../../libs/db/search.repository';
import { createUser } from '../../libs/db/user.repository';
import { importFiles, type ImportSummary } from '../../libs/import/batch-import';
import { findXmlFiles } from '../../libs/import/xml-files';
import { qFilter } from '../../libs/oarec/request/item-query';
import { buildGmd } from '../../libs/render/gmd-builder';
import { createSearchCore } from '../../libs/search/search-core';
import { ISO_CORPUS_DIR } from '../../test/helpers/test-data';
import { bilingualRecords } from './bilingual-records';
import type { RelevanceQuery } from './queries';

/**
 * The relevance set loaded and measured (bench/relevance.bench.ts and the jest test
 * test/integration/relevance-core.test.ts share it): the synthetic records written as ISO 19139
 * and the real corpus, both imported through the batch import (parse, map, write as PUBLISHED),
 * then every query asked as OGC API – Records `q` is (libs/oarec qFilter → the search core,
 * relevance order, the typo-tolerant fallback).
 */
/** the whole real corpus: every file the tests read (ISO 19139, 19115-2 and 19115-3) */
export const CORPUS_DIR = ISO_CORPUS_DIR;

/** the corpus files, as the import finds them (what "all of the corpus" is counted against) */
export const corpusFiles = (): string[] => findXmlFiles([CORPUS_DIR]);

export async function loadRelevanceSet(db: Database, opts: { realCorpus?: boolean } = {}): Promise<{ synthetic: ImportSummary; real?: ImportSummary }> {
  const org = await createOrganisation(db, { name: 'Organisasi uji relevansi' });
  const admin = await createUser(db, { username: `relevansi-${org.id.slice(0, 8)}`, passwordHash: 'x', role: 'ADMIN', organisationId: org.id });
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-relevance-'));
  try {
    mkdirSync(path.join(dir, 'sintetis'));
    for (const rec of bilingualRecords()) writeFileSync(path.join(dir, 'sintetis', `${rec.fileIdentifier}.xml`), buildGmd(rec));
    const batch = recordsBatchOn(db);
    const common = { organisationId: org.id, ownerId: admin.id, publish: true, threads: 0 };
    const synthetic = await importFiles(batch, findXmlFiles([path.join(dir, 'sintetis')]), common);
    if (opts.realCorpus === false) return { synthetic };
    const real = await importFiles(batch, corpusFiles(), common);
    return { synthetic, real };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface QueryOutcome {
  query: RelevanceQuery;
  /** file identifiers of the first 10 answers */
  top: string[];
  /** 1-based rank of the first expected record in the top 10; undefined if none is there */
  rank: number | undefined;
  /** share of the expected records (at most 10 of them) in the top 10 */
  recall: number;
  zero: boolean;
  typoTolerant: boolean;
  suggestion?: string;
}

export interface RelevanceFigures {
  queries: number;
  mrr: number;
  recallAt10: number;
  zeroResultRate: number;
  outcomes: QueryOutcome[];
}

export async function measureRelevance(db: Database, queries: readonly RelevanceQuery[]): Promise<RelevanceFigures> {
  const core = createSearchCore(createSearchStore(db));
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const page = await core.page(qFilter(query.q), [], 0, 10);
    const top = page.records.map((r) => r.fileIdentifier ?? r.id);
    const at = top.findIndex((id) => query.expect.includes(id));
    const found = query.expect.filter((id) => top.includes(id)).length;
    outcomes.push({
      query, top, rank: at >= 0 ? at + 1 : undefined, recall: found / Math.min(10, query.expect.length),
      zero: top.length === 0, typoTolerant: page.typoTolerant !== undefined, ...(page.suggestion !== undefined ? { suggestion: page.suggestion } : {}),
    });
  }
  const n = outcomes.length;
  const sum = (f: (o: QueryOutcome) => number): number => outcomes.reduce((s, o) => s + f(o), 0);
  return {
    queries: n,
    mrr: sum((o) => (o.rank ? 1 / o.rank : 0)) / n,
    recallAt10: sum((o) => o.recall) / n,
    zeroResultRate: sum((o) => (o.zero ? 1 : 0)) / n,
    outcomes,
  };
}
