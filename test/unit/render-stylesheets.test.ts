import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { RenderError, createRenderer } from '../../libs/render';
import { mdb2018ToMdb2016 } from '../../libs/render/mdb2016';
import { RENDER_PLAN, planOrder, planStylesheets } from '../../libs/render/render-plan';
import { StylesheetCompileError, compileStylesheets, defaultXsltDir } from '../../libs/render/stylesheet-compiler';

/**
 * Stylesheets are compiled once and cached by content; a stylesheet that does not compile, or
 * fails on the start-up test record, makes createRenderer reject (the deploy fails, not a request).
 */
const XSLT = defaultXsltDir();
let work: string;

/** A copy of xslt/ plus a cache already holding the SEF files of the real stylesheets. */
function sandbox(): { xsltDir: string; cacheDir: string } {
  const xsltDir = path.join(work, `xslt-${Math.random().toString(36).slice(2)}`);
  const cacheDir = path.join(xsltDir, 'compiled');
  for (const dir of [xsltDir, cacheDir]) mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(XSLT).filter((n) => n.endsWith('.xsl'))) copyFileSync(path.join(XSLT, f), path.join(xsltDir, f));
  for (const f of readdirSync(path.join(XSLT, 'compiled')).filter((n) => n.endsWith('.sef.json'))) {
    copyFileSync(path.join(XSLT, 'compiled', f), path.join(cacheDir, f));
  }
  return { xsltDir, cacheDir };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'gk-render-xslt-'));
  await createRenderer(); // makes sure the real cache is complete before sandboxes copy it
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('render plan', () => {
  it('derives every form except gmd, sources first', () => {
    expect(Object.keys(RENDER_PLAN).sort()).toEqual(RENDER_FORMATS.filter((f) => f !== 'gmd').sort());
    expect(planOrder(['mdb2016'])).toEqual(['gmd', 'mdb2018', 'mdb2016']);
    expect(planOrder(['dc-brief', 'gmd'])).toEqual(['gmd', 'dc-brief']);
    for (const f of planStylesheets()) expect(readdirSync(XSLT)).toContain(f);
  });
});

describe('compile cache', () => {
  it('compiles once; the second start reads the cached SEF', async () => {
    const { xsltDir } = sandbox();
    const cacheDir = path.join(work, `cache-${Date.now()}`);
    const first = await compileStylesheets(['gmd-to-mdb2018.xsl'], { xsltDir, cacheDir });
    expect(first.compiled).toEqual(['gmd-to-mdb2018.xsl']);
    const second = await compileStylesheets(['gmd-to-mdb2018.xsl'], { xsltDir, cacheDir });
    expect(second.compiled).toEqual([]);
    expect(second.sef.get('gmd-to-mdb2018.xsl')).toEqual(first.sef.get('gmd-to-mdb2018.xsl'));
    // a changed stylesheet gets a new SEF and the old one is removed
    const file = path.join(xsltDir, 'gmd-to-mdb2018.xsl');
    writeFileSync(file, readFileSync(file, 'utf8').replace('<xsl:output', '<!-- changed -->\n  <xsl:output'));
    const third = await compileStylesheets(['gmd-to-mdb2018.xsl'], { xsltDir, cacheDir });
    expect(third.compiled).toEqual(['gmd-to-mdb2018.xsl']);
    expect(readdirSync(cacheDir).filter((f) => f.startsWith('gmd-to-mdb2018.'))).toHaveLength(1);
  }, 300_000);

  it('a change in an included module recompiles the stylesheet that includes it', async () => {
    const { xsltDir, cacheDir } = sandbox();
    expect((await compileStylesheets(['gmd-to-mdb2018.xsl'], { xsltDir, cacheDir })).compiled).toEqual([]);
    const mod = path.join(xsltDir, 'gmd-to-mdb2018-properties.xsl');
    writeFileSync(mod, `${readFileSync(mod, 'utf8')}<!-- changed -->\n`);
    expect((await compileStylesheets(['gmd-to-mdb2018.xsl'], { xsltDir, cacheDir })).compiled).toEqual(['gmd-to-mdb2018.xsl']);
  }, 300_000);
});

describe('a broken stylesheet fails the start', () => {
  it('one that does not compile: StylesheetCompileError naming it', async () => {
    const dirs = sandbox();
    writeFileSync(path.join(dirs.xsltDir, 'gmd-to-mdb2018.xsl'),
      '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:value-of select="(("/></xsl:template></xsl:stylesheet>');
    const err = await createRenderer(dirs).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StylesheetCompileError);
    expect((err as StylesheetCompileError).stylesheet).toBe('gmd-to-mdb2018.xsl');
  }, 300_000);

  it('one that compiles but fails at run time: RenderError from the start-up test record', async () => {
    const dirs = sandbox();
    writeFileSync(path.join(dirs.xsltDir, 'gmd-to-mdb2018.xsl'),
      '<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:sequence select="error((), \'rusak\')"/></xsl:template></xsl:stylesheet>');
    const err = await createRenderer(dirs).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect((err as RenderError).format).toBe('mdb2018');
    expect((err as Error).message).toMatch(/rusak/);
  }, 300_000);

  it('a missing stylesheet', async () => {
    const dirs = sandbox();
    rmSync(path.join(dirs.xsltDir, 'gmd-to-mdb2018.xsl'));
    await expect(createRenderer(dirs)).rejects.toThrow(/gmd-to-mdb2018\.xsl/);
  }, 300_000);
});

describe('mdb2018 → mdb2016', () => {
  const head = '<mdb:MD_Metadata xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0" xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0" '
    + 'xmlns:srv="http://standards.iso.org/iso/19115/-3/srv/2.0" xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0">';
  it('moves only the root declarations of the changed modules', () => {
    const body = '<mri:x>http://standards.iso.org/iso/19115/-3/cit/2.0</mri:x></mdb:MD_Metadata>';
    const out = mdb2018ToMdb2016(head + body);
    expect(out).toBe('<mdb:MD_Metadata xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/1.0" xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/1.0" '
      + 'xmlns:srv="http://standards.iso.org/iso/19115/-3/srv/2.0" xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0">' + body);
  });
  it('refuses anything but an mdb:MD_Metadata render', () => {
    expect(() => mdb2018ToMdb2016('<gmd:MD_Metadata/>')).toThrow();
  });
});
