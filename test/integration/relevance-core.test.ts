import type { Database } from '../../libs/db/database';
import { QUERIES } from '../../bench/relevance/queries';
import { corpusFiles, loadRelevanceSet, measureRelevance } from '../../bench/relevance/relevance-run';
import { openModeDatabase, SEARCH_MODES, type ModeDatabase } from '../helpers/search-modes';

/**
 * The core cases of `npm run bench:relevance` (issue 21) kept from regressing: the relevance set
 * (synthetic bilingual records and the real ISO corpus, through the batch import) in both run
 * modes, and for each core query its best record first — exact words, other word forms, the
 * other language, typos, several words, the real corpus. Per query, not an average, so a
 * regression names the query.
 */
const CORE = QUERIES.filter((q) => q.core);

describe.each(SEARCH_MODES)('relevance core cases on %s', (mode) => {
  let m: ModeDatabase;
  let db: Database;

  beforeAll(async () => {
    m = await openModeDatabase(mode);
    db = m.db;
    const loaded = await loadRelevanceSet(db);
    expect(loaded.synthetic.failed).toBe(0);
    // the whole real corpus (177 files), not the part an older importer accepted
    expect(loaded.real?.imported).toBe(corpusFiles().length);
    expect(corpusFiles().length).toBe(177);
  }, 900_000);

  afterAll(async () => {
    await m?.close();
  });

  it('has a few dozen core cases of every kind', () => {
    expect(CORE.length).toBeGreaterThanOrEqual(24);
    expect(new Set(CORE.map((q) => q.kind))).toEqual(new Set(['exact', 'form', 'cross', 'typo', 'multi', 'real']));
  });

  it('each core query has an expected record at rank 1', async () => {
    const r = await measureRelevance(db, CORE);
    const wrong = r.outcomes.filter((o) => o.rank !== 1).map((o) => ({ q: o.query.q, rank: o.rank ?? null, top: o.top.slice(0, 3) }));
    expect(wrong).toEqual([]);
    expect(r.zeroResultRate).toBe(0);
  }, 600_000);
});
