/**
 * A unified line diff (issue 19 point 5: the XML changes next to the field changes). Myers'
 * O((N+M)·D) algorithm on lines, so two versions of a large document that differ in a few lines
 * cost little; the output is the familiar `@@ -a,b +c,d @@` hunks with `context` lines around each
 * change. Empty string when the texts are equal.
 */
type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function editScript(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d += 1) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
        ? (v[offset + k + 1] as number)
        : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) { x += 1; y += 1; }
      v[offset + k] = x;
      if (x >= n && y >= m) { found = true; break; }
    }
  }
  // walk back through the saved frontiers
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const vd = trace[d] as Int32Array;
    const k = x - y;
    const prevK = k === -d || (k !== d && (vd[offset + k - 1] as number) < (vd[offset + k + 1] as number)) ? k + 1 : k - 1;
    const prevX = vd[offset + prevK] as number;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) { ops.push({ kind: ' ', line: a[x - 1] as string }); x -= 1; y -= 1; }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: '+', line: b[y - 1] as string });
      else ops.push({ kind: '-', line: a[x - 1] as string });
    }
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

export function unifiedLineDiff(before: string, after: string, labels = { before: 'a', after: 'b' }, context = 3): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = editScript(a, b);
  if (!ops.some((o) => o.kind !== ' ')) return '';
  const out = [`--- ${labels.before}`, `+++ ${labels.after}`];
  // positions (1-based) of each op in a and b
  let ai = 0;
  let bi = 0;
  const pos = ops.map((o) => {
    const p = { a: ai, b: bi };
    if (o.kind !== '+') ai += 1;
    if (o.kind !== '-') bi += 1;
    return p;
  });
  let i = 0;
  while (i < ops.length) {
    if ((ops[i] as Op).kind === ' ') { i += 1; continue; }
    // a hunk: from `context` lines before this change to `context` lines after the last change
    // that is within 2·context lines of the previous one
    const start = Math.max(0, i - context);
    let end = i;
    let j = i;
    while (j < ops.length) {
      if ((ops[j] as Op).kind !== ' ') { end = j; j += 1; continue; }
      if (j - end > 2 * context) break;
      j += 1;
    }
    const stop = Math.min(ops.length, end + context + 1);
    const hunk = ops.slice(start, stop);
    const aCount = hunk.filter((o) => o.kind !== '+').length;
    const bCount = hunk.filter((o) => o.kind !== '-').length;
    const first = pos[start] as { a: number; b: number };
    out.push(`@@ -${aCount ? first.a + 1 : first.a},${aCount} +${bCount ? first.b + 1 : first.b},${bCount} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
    i = stop;
  }
  return `${out.join('\n')}\n`;
}
