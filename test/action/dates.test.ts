// The service's date forms (DD-MM-YYYY, DD/MM/YYYY, DD-MM-YYYY HH:mm:ss, MM/YYYY) as ISO 8601, and
// nothing else touched: Convert Dates to ISO 8601 on every read. The V1 lists' ISO 8601 (under
// /api/v1) and DD-MM-YYYY HH:MM:SS (under /api/external/v1) must end up in one comparable form.
import { convertDatesToIso, toIsoDate } from '../../nodes/RiskInfo/actions/steps';

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

describe('the forms the service\'s documentation adds', () => {
	test('DD/MM/YYYY, with slashes, is a date; MM/YYYY stays a period', () => {
		expect(toIsoDate('31/01/2024')).toBe('2024-01-31');
		expect(toIsoDate('01/2024')).toBe('2024-01');
		// Not dates: a RIT, a fine's resolution number, a text holding a number.
		for (const text of ['O-123-2024', '1234/2023/12', '10.5', '1/2/2024', '31/01/24']) expect(toIsoDate(text)).toBe(text);
	});

	test('the V1 lists\' two date forms name the same day and time once converted; ISO 8601 is left as it is', () => {
		const iso = '2024-06-29T08:15:00.000Z';
		const stamp = '29-06-2024 08:15:00';
		expect(toIsoDate(iso)).toBe(iso);
		expect(toIsoDate(stamp)).toBe('2024-06-29T08:15:00');
		expect(Date.parse(`${toIsoDate(stamp)}Z`)).toBe(Date.parse(toIsoDate(iso)));
	});

	test('a whole record of the addendum\'s pension infractions converts its date and nothing else', () => {
		const entry = { fecha: '05/11/2023', nombreInstitucion: 'AFP Modelo', montoMorosidad: 125000, mesesMorosidad: 3, cotizacionesMorosas: null, numeroInfraccion: 'DECLARACIONES SIN PAGO' };
		expect(convertDatesToIso(entry)).toEqual({ ...entry, fecha: '2023-11-05' });
	});
});
