// The service's date forms (DD-MM-YYYY, DD-MM-YYYY HH:mm:ss, MM/YYYY) as ISO 8601, and nothing else
// touched: Convert Dates to ISO 8601 on every read.
import { convertDatesToIso, toIsoDate } from '../../nodes/shared/dates';

describe('dates', () => {
	test('service forms become ISO 8601; anything else is left alone', () => {
		expect(toIsoDate('05-03-2024')).toBe('2024-03-05');
		expect(toIsoDate('05-03-2024 14:07:09')).toBe('2024-03-05T14:07:09');
		expect(toIsoDate('03/2024')).toBe('2024-03');
		expect(toIsoDate('2024-03-05')).toBe('2024-03-05');
		expect(toIsoDate('12345678-5')).toBe('12345678-5');
		expect(toIsoDate('5-3-2024')).toBe('5-3-2024');
	});

	test('walks nested records without touching other values', () => {
		const input = { a: '01-02-2023', b: [{ c: '02/2023', n: 4 }], d: null, e: true };
		expect(convertDatesToIso(input)).toEqual({ a: '2023-02-01', b: [{ c: '2023-02', n: 4 }], d: null, e: true });
		expect(input.a).toBe('01-02-2023');
	});
});

describe('service date patterns', () => {
	test.each([
		['05-03-2024', '2024-03-05'],
		['05-03-2024 14:07:09', '2024-03-05T14:07:09'],
		['03/2024', '2024-03'],
		['x05-03-2024', 'x05-03-2024'],
		['05-03-2024x', '05-03-2024x'],
		['105-03-2024', '105-03-2024'],
		['x05-03-2024 14:07:09', 'x05-03-2024 14:07:09'],
		['05-03-2024 14:07:09x', '05-03-2024 14:07:09x'],
		['05-03-2024 14:07:099', '05-03-2024 14:07:099'],
		['x03/2024', 'x03/2024'],
		['03/2024x', '03/2024x'],
		['003/2024', '003/2024'],
	])('%p → %p', (input, expected) => {
		expect(toIsoDate(input)).toBe(expected);
	});
});
