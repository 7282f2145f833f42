/** The downloadable summary: a real PDF for format=pdf, the §2.4 JSON for format=json. */
import { KNOWN_RUTS, startSandbox, type Sandbox } from '../../sandbox';
import { v1Download } from '../../sandbox/schemas';
import { call, V1 } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ preloadedRuts: [KNOWN_RUTS.indebted, KNOWN_RUTS.naturalPerson] });
});
afterAll(() => sb.close());

/** The text shown by Tj operators, unescaped: enough to read a hand-written PDF. */
function shownText(pdf: Buffer): string {
	const s = pdf.toString('latin1');
	return [...s.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((m) => m[1].replace(/\\(.)/g, '$1')).join('\n');
}

describe.each([KNOWN_RUTS.indebted, KNOWN_RUTS.naturalPerson])('PDF of %s', (rut) => {
	let pdf: Buffer;
	let headers: Headers;
	beforeAll(async () => {
		const res = await call(sb, 'GET', `${V1}/integration/${rut}/downloadSummary`, { headers: { accept: 'application/pdf' } });
		expect(res.status).toBe(200);
		pdf = res.buffer;
		headers = res.headers;
	});

	test('is the default format, application/pdf, an attachment named <rut>.pdf', () => {
		expect(headers.get('content-type')).toBe('application/pdf');
		expect(headers.get('content-disposition')).toBe(`attachment; filename="${rut}.pdf"`);
		expect(Number(headers.get('content-length'))).toBe(pdf.length);
	});

	test('is structurally valid PDF 1.4: header, objects at the xref offsets, trailer, startxref, %%EOF', () => {
		const s = pdf.toString('latin1');
		expect(s.startsWith('%PDF-1.4\n')).toBe(true);
		expect(s.trimEnd().endsWith('%%EOF')).toBe(true);
		const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(s)?.[1]);
		expect(s.slice(startxref, startxref + 4)).toBe('xref');
		const [, first, count] = /^xref\s+(\d+) (\d+)\s/.exec(s.slice(startxref)) ?? [];
		expect(Number(first)).toBe(0);
		const entries = s.slice(startxref).split('\n').slice(2, 2 + Number(count));
		expect(entries[0]).toBe('0000000000 65535 f ');
		entries.slice(1).forEach((entry, i) => {
			expect(entry).toMatch(/^\d{10} 00000 n $/);
			const offset = Number(entry.slice(0, 10));
			expect(s.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
		});
		expect(s).toMatch(new RegExp(`trailer\\s*<< /Size ${count} /Root 1 0 R`));
		const stream = /<< \/Length (\d+) >>\nstream\n/.exec(s);
		expect(stream).not.toBeNull();
		const start = stream!.index + stream![0].length;
		expect(s.slice(start + Number(stream![1]), start + Number(stream![1]) + '\nendstream'.length)).toBe('\nendstream');
	});

	test('its text holds the RUT and the company name (taken from the identification read)', async () => {
		const id = await call(sb, 'GET', `${V1}/integration/helper/identification/${rut}`);
		const text = shownText(pdf);
		expect(text).toContain(rut);
		expect(text).toContain(id.json.data.razonSocial);
	});
});

test('format=json is the §2.4 record without a success/data wrapper', async () => {
	const res = await call(sb, 'GET', `${V1}/integration/${KNOWN_RUTS.indebted}/downloadSummary?format=json`);
	expect(res.status).toBe(200);
	expect(res.headers.get('content-type')).toMatch(/^application\/json/);
	expect(res.json).not.toHaveProperty('success');
	expect(res.json).not.toHaveProperty('data');
	expect(v1Download.safeParse(res.json).error?.issues ?? []).toEqual([]);
	expect(res.json.rut).toBe(KNOWN_RUTS.indebted);
	expect(typeof res.json.isJuridicalPerson).toBe('boolean');
	expect(res.json.boletinConcursalSummary).toHaveProperty('lastUpdate');
	expect(Object.keys(res.json.diarioOficial).every((k) => k === 'lastUpdate' || /^\d+$/.test(k))).toBe(true);
});

test('format=pdf explicitly, and an unknown format is 400 in the V1 body', async () => {
	const pdf = await call(sb, 'GET', `${V1}/integration/${KNOWN_RUTS.indebted}/downloadSummary?format=pdf`);
	expect(pdf.headers.get('content-type')).toBe('application/pdf');
	const bad = await call(sb, 'GET', `${V1}/integration/${KNOWN_RUTS.indebted}/downloadSummary?format=docx`);
	expect([bad.status, bad.json]).toEqual([400, { success: false, message: 'Data enviada es incorrecta o inexistente.' }]);
});
