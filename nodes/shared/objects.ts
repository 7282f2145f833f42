/**
 * Plain JSON records, as the service's answers and the trigger's deliveries are read: the one test
 * for "a JSON object", and the one way to set a key taken from one.
 */

/** A JSON object as the node reads it: the one name for such a record in node code. */
export type PlainObject = Record<string, unknown>;

/** Arrays and null are not JSON objects. */
export function isPlainObject(value: unknown): value is PlainObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets an own data property. A plain assignment of "__proto__" taken from a JSON key would replace
 * the prototype instead, so that one key is defined; every other key is assigned, which is the same
 * for a plain object (Object.prototype has no other setter) and several times cheaper than
 * defineProperty on the tens of thousands of records a large delivery holds.
 */
export function put(target: PlainObject, key: string, value: unknown): void {
	if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
	else target[key] = value;
}
