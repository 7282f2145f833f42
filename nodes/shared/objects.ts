/**
 * The one test for "a JSON object": what the service's answers and the trigger's deliveries
 * are read as before their keys are looked at. Arrays and null are not.
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
