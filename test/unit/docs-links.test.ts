import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The front pages and docs/ link to each other by relative paths and #anchors. Every such link must point at a
 * file that exists and, for an anchor into a Markdown file, at a heading of that file (GitHub's anchor rules).
 */
const ROOT = path.resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const PAGES = [path.join(ROOT, 'README.md'), path.join(ROOT, 'README.id.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

/** the lines outside fenced code blocks */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2 … */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = new Set();
    const seen = new Map<string, number>();
    for (const line of proseLines(readFileSync(file, 'utf8'))) {
      const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    anchorCache.set(file, anchors);
  }
  return anchors;
}

interface Link { from: string; line: number; target: string }

function linksOf(file: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  readFileSync(file, 'utf8').split('\n').forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = raw.replace(/`[^`]*`/g, '');
    for (const m of line.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      links.push({ from: file, line: i + 1, target: m[1]! });
    }
  });
  return links;
}

/** why a link is broken, or null */
function problem(link: Link): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return null; // http:, https:, mailto: …
  const [rawPath, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const target = rawPath === '' ? link.from : path.resolve(path.dirname(link.from), decodeURIComponent(rawPath));
  if (!existsSync(target)) return `no file ${path.relative(ROOT, target)}`;
  if (anchor === undefined || anchor === '') return null;
  if (!target.endsWith('.md')) return `an anchor into ${path.relative(ROOT, target)}, which is not Markdown`;
  return anchorsOf(target).has(decodeURIComponent(anchor)) ? null : `no heading #${anchor} in ${path.relative(ROOT, target)}`;
}

describe('documentation links', () => {
  it('finds the front pages and the docs pages', () => {
    expect(PAGES.length).toBeGreaterThan(10);
    for (const page of PAGES) expect(existsSync(page)).toBe(true);
  });

  it('computes anchors as GitHub does', () => {
    expect(slug('OGC API – Records')).toBe('ogc-api--records');
    expect(slug('Harvest (`npm run bench:harvest`)')).toBe('harvest-npm-run-benchharvest');
    expect(slug('Security headers on `/app/`')).toBe('security-headers-on-app');
    expect(slug("Tests do not depend on the machine's speed")).toBe('tests-do-not-depend-on-the-machines-speed');
  });

  it('has links to check in every page but the smallest', () => {
    const all = PAGES.flatMap(linksOf);
    expect(all.length).toBeGreaterThan(50);
    expect(linksOf(path.join(ROOT, 'README.md')).some((l) => l.target.startsWith('docs/'))).toBe(true);
    expect(linksOf(path.join(ROOT, 'README.id.md')).some((l) => l.target.startsWith('docs/'))).toBe(true);
  });

  it.each(PAGES.map((p) => [path.relative(ROOT, p)]))('%s: every relative link resolves', (rel) => {
    const broken = linksOf(path.join(ROOT, rel))
      .map((link) => ({ link, why: problem(link) }))
      .filter((x) => x.why !== null)
      .map((x) => `${rel}:${x.link.line} (${x.link.target}): ${x.why}`);
    expect(broken).toEqual([]);
  });

  it('keeps the front pages short (at most 300 lines each)', () => {
    for (const name of ['README.md', 'README.id.md']) {
      const lines = readFileSync(path.join(ROOT, name), 'utf8').split('\n').length;
      expect({ name, short: lines <= 301 }).toEqual({ name, short: true });
    }
  });
});
