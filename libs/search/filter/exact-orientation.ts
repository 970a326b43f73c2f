/**
 * The side of line a→b on which c lies: 1 left, -1 right, 0 on the line — exactly, for any
 * doubles. Validity must agree with PostGIS (GEOS decides with robust predicates), so a nearly
 * collinear triple must not be judged by rounded floating point: the fast float determinant
 * is trusted only outside its error bound (Shewchuk's orient2d filter), otherwise the
 * determinant is computed exactly on the doubles' binary values with BigInt (rare: collinear
 * or nearly collinear points).
 */
const EPSILON = 2 ** -53;
const ERROR_BOUND = (3 + 16 * EPSILON) * EPSILON;
/** below this the products may have lost bits to underflow, where the bound does not hold */
const TINY = 1e-280;

export function orientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): -1 | 0 | 1 {
  const left = (ax - cx) * (by - cy);
  const right = (ay - cy) * (bx - cx);
  const det = left - right;
  const sum = Math.abs(left) + Math.abs(right);
  if (sum > TINY && Math.abs(det) > ERROR_BOUND * sum) return det > 0 ? 1 : -1;
  return exactOrientation([ax, ay, bx, by, cx, cy]);
}

const view = new DataView(new ArrayBuffer(8));

/** x = mantissa · 2^exponent, both exact */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased !== 0) m |= 1n << 52n;
  return { mantissa: hi >>> 31 ? -m : m, exponent: (biased === 0 ? 1 : biased) - 1075 };
}

function exactOrientation(v: readonly number[]): -1 | 0 | 1 {
  const parts = v.map(decompose);
  const min = Math.min(...parts.map((p) => p.exponent));
  // every value as an integer multiple of 2^min: differences and products are then exact
  const [ax, ay, bx, by, cx, cy] = parts.map((p) => p.mantissa << BigInt(p.exponent - min)) as [bigint, bigint, bigint, bigint, bigint, bigint];
  const det = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}
