/**
 * Walks over parsed JSON with their own stacks, never the call stack: JSON.parse accepts nesting
 * far deeper than the call stack, and a RangeError thrown while reading a delivery is answered
 * 500 by n8n.
 */

/**
 * How deeply a delivery may nest objects and arrays. A screening result nests about 6 levels.
 * n8n copies and serialises items with recursive code (structuredClone overflows about 1,600
 * levels down on Node 24, JSON.stringify about 4,400), so a deeper event would be answered 200
 * and then fail or vanish inside n8n; it is refused before anything starts instead.
 */
export const MAX_DEPTH = 100;

/**
 * Sets an own data property. A plain assignment of "__proto__" taken from a JSON key would replace
 * the prototype instead, so that one key is defined; every other key is assigned, which is the same
 * for a plain object (Object.prototype has no other setter) and several times cheaper than
 * defineProperty on the tens of thousands of records a large delivery holds.
 */
export function put(target: Record<string, unknown>, key: string, value: unknown): void {
	if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
	else target[key] = value;
}

function children(value: unknown): unknown[] | undefined {
	if (Array.isArray(value)) return value;
	if (typeof value === 'object' && value !== null) return Object.values(value);
	return undefined;
}

/** Whether objects and arrays nest more than `limit` levels (the outermost one is level 1). */
export function deeperThan(root: unknown, limit: number): boolean {
	const top = children(root);
	if (!top) return false;
	if (limit < 1) return true;
	// One entry per open level, so the stack never holds more than `limit` entries.
	const open = [{ items: top, next: 0 }];
	while (open.length > 0) {
		const level = open[open.length - 1];
		if (level.next === level.items.length) {
			open.pop();
			continue;
		}
		const inner = children(level.items[level.next++]);
		if (!inner) continue;
		if (open.length >= limit) return true;
		open.push({ items: inner, next: 0 });
	}
	return false;
}

/** Equal as JSON data: same values, same array order; the order of an object's keys does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
	const pairs: Array<[unknown, unknown]> = [[a, b]];
	while (pairs.length > 0) {
		const [x, y] = pairs.pop()!;
		if (x === y) continue;
		if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
		if (Array.isArray(x) !== Array.isArray(y)) return false;
		const xs = x as Record<string, unknown>;
		const ys = y as Record<string, unknown>;
		const keys = Object.keys(xs);
		if (keys.length !== Object.keys(ys).length) return false;
		for (const key of keys) {
			if (!Object.prototype.hasOwnProperty.call(ys, key)) return false;
			pairs.push([xs[key], ys[key]]);
		}
	}
	return true;
}
