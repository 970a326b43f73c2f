import { putSetting } from '../../libs/db/settings.repository';
import { loginAgent, type Agent } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The catalogue identity is read once per public generation (libs/response-cache/generation-memo.ts),
 * not on every uncached answer: a stored identity that nobody announced (written straight into
 * `settings`, no generation bump) is not shown; saving it through the administration API bumps
 * the generation, and the next answer of every protocol shows it.
 */
const IDENTITY = {
  title: 'Katalog Uji Memo', providerName: 'Penyedia Uji', abstract: 'Abstrak uji', individualName: '', positionName: '',
  voice: '', electronicMailAddress: 'uji@contoh.go.id', hoursOfService: '', contactInstructions: '', role: 'pointOfContact',
};

describe.each(['server', 'embedded'] as const)('catalogue identity read once per generation (%s)', (mode) => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await startTestApp(mode);
    admin = await loginAgent(t, t.config.adminUsername, 'admin-password-123');
  }, 300_000);
  afterAll(async () => t?.close());

  const capabilitiesTitle = async (): Promise<string> => {
    const res = await t.agent().get('/metadata/csw?service=CSW&request=GetCapabilities');
    expect(res.status).toBe(200);
    return res.text.match(/<ows:Title>([^<]*)<\/ows:Title>/)![1]!;
  };
  // a new query string each time: the search page is not answered from the response cache
  let n = 0;
  const searchPage = async (): Promise<string> => {
    const res = await t.agent().get(`/collections/metadata/items?f=html&q=memo${++n}`);
    expect(res.status).toBe(200);
    return res.text;
  };

  it('a saved identity shows at once; one written behind the service waits for the next generation', async () => {
    const put = await admin.put('/api/admin/csw/settings').send(IDENTITY);
    expect(put.status).toBe(200);
    expect(await capabilitiesTitle()).toBe('Katalog Uji Memo');
    expect(await searchPage()).toContain('Katalog Uji Memo');

    // no bump: the remembered identity is still the one shown
    await putSetting(t.db, 'csw.identity', { ...IDENTITY, title: 'Tanpa Pengumuman' });
    expect(await searchPage()).toContain('Katalog Uji Memo');
    expect(await searchPage()).not.toContain('Tanpa Pengumuman');

    // saved through the API: the generation moves and every answer shows the new one
    const again = await admin.put('/api/admin/csw/settings').send({ ...IDENTITY, title: 'Katalog Uji Baru' });
    expect(again.status).toBe(200);
    expect(await searchPage()).toContain('Katalog Uji Baru');
    expect(await capabilitiesTitle()).toBe('Katalog Uji Baru');
  }, 120_000);
});
