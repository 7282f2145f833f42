/**
 * The one test for "a JSON object": what the service's answers and the trigger's deliveries
 * are read as before their keys are looked at. Arrays and null are not.
 */

/** A JSON object as the node reads it: the one name for such a record in node code. */
export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
