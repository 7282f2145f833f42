/**
 * How deeply a delivery nests, measured recursing at most a fixed number of levels, never as deep
 * as the data: JSON.parse accepts nesting far deeper than the call stack, and a RangeError thrown
 * while reading a delivery is answered 500 by n8n.
 */
import type { PlainObject } from '../shared/objects';

/**
 * How deeply a delivery may nest objects and arrays. A screening result nests about 6 levels.
 * n8n copies and serialises items with recursive code (structuredClone overflows about 1,600
 * levels down on Node 24, JSON.stringify about 4,400), so a deeper event would be answered 200
 * and then fail or vanish inside n8n; it is refused before anything starts instead.
 */
export const MAX_DEPTH = 100;

/**
 * Whether objects and arrays nest more than `limit` levels (the outermost one is level 1). It
 * recurses once per level, so never more than `limit` calls deep (the trigger passes MAX_DEPTH),
 * and allocates nothing: for...in instead of a list of values per record, an array by index (its
 * other own keys, which no JSON body can give it, are not followed).
 */
export function deeperThan(value: unknown, limit: number): boolean {
	if (typeof value !== 'object' || value === null) return false;
	if (limit < 1) return true;
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) {
			const item: unknown = value[i];
			if (typeof item === 'object' && item !== null && deeperThan(item, limit - 1)) return true;
		}
		return false;
	}
	const record = value as PlainObject;
	for (const key in record) {
		const item = record[key];
		if (typeof item === 'object' && item !== null && Object.prototype.hasOwnProperty.call(record, key) && deeperThan(item, limit - 1)) return true;
	}
	return false;
}
