// Convert Dates' one home (nodes/shared/dates.ts) on the forms the service's documentation adds:
// the pension infractions' DD/MM/YYYY, and the V1 lists' ISO 8601 (under /api/v1) and
// DD-MM-YYYY HH:MM:SS (under /api/external/v1), which must end up in one comparable form.
import { convertDatesToIso, toIsoDate } from '../../nodes/shared/dates';

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
