import fc from 'fast-check';
import { applyMergePatch, jsonEqual } from '../../libs/catalogue/merge-patch';

describe('applyMergePatch (RFC 7396)', () => {
  // the test vectors of RFC 7396 Appendix A: [target, patch, result]
  const vectors: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];

  it.each(vectors)('%j + %j = %j', (target, patch, result) => {
    expect(applyMergePatch(target, patch)).toEqual(result);
  });

  it('never mutates its inputs', () => {
    const target = { a: { b: 1, c: [1, 2] }, d: 'x' };
    const patch = { a: { b: null, e: 2 }, d: null };
    const t = structuredClone(target);
    const p = structuredClone(patch);
    expect(applyMergePatch(target, patch)).toEqual({ a: { c: [1, 2], e: 2 } });
    expect(target).toEqual(t);
    expect(patch).toEqual(p);
  });

  it('treats "__proto__" as an ordinary member, not as the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown;
    const out = applyMergePatch({}, patch) as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(out, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('patching with a value\'s own members reproduces that value (no nulls inside)', () => {
    const noNulls = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('null'));
    fc.assert(fc.property(fc.dictionary(fc.string(), noNulls), fc.dictionary(fc.string(), noNulls), (target, patch) => {
      const merged = applyMergePatch(target, patch) as Record<string, unknown>;
      for (const [k, v] of Object.entries(patch)) {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) expect(jsonEqual(merged[k], v)).toBe(true);
      }
      for (const k of Object.keys(target)) expect(Object.prototype.hasOwnProperty.call(merged, k)).toBe(true);
    }));
  });
});

describe('jsonEqual', () => {
  it.each([
    [{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    [[1, 2], [2, 1], false],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: undefined }, {}, true],
    [null, {}, false],
    ['1', 1, false],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(jsonEqual(a, b)).toBe(expected);
  });
});
