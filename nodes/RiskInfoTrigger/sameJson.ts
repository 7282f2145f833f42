/**
 * Whether two values of a parsed delivery are the same JSON, walked with its own stack, never the
 * call stack: JSON.parse accepts nesting far deeper than the call stack, and a RangeError thrown
 * while reading a delivery is answered 500 by n8n.
 */
import type { PlainObject } from '../shared/objects';

/** Equal as JSON data: same values, same array order; the order of an object's keys does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
	const pairs: Array<[unknown, unknown]> = [[a, b]];
	while (pairs.length > 0) {
		const [x, y] = pairs.pop()!;
		if (x === y) continue;
		if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
		if (Array.isArray(x) !== Array.isArray(y)) return false;
		const xs = x as PlainObject;
		const ys = y as PlainObject;
		const keys = Object.keys(xs);
		if (keys.length !== Object.keys(ys).length) return false;
		for (const key of keys) {
			if (!Object.prototype.hasOwnProperty.call(ys, key)) return false;
			pairs.push([xs[key], ys[key]]);
		}
	}
	return true;
}
