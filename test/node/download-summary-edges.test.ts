// V1 Download Summary at its edges (issue 21 point 6, mutation survivors): the exact words of
// its input errors, a PDF request the service answers with JSON, which fields each format reads,
// Convert Dates to ISO 8601 on the JSON form, and the file name a Content-Disposition header gives
// when it is unusual (spaces, quotes, an empty charset, a language tag, a bad percent-encoding).
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';

import { fileNameFrom } from '../../nodes/RiskInfo/actions/v1/downloadSummary';
import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, rawGet, runNode, runNodeError } from './context';

const sandbox = useSandbox();

const rut = KNOWN_RUTS.indebted;
const PATH = `/api/v1/integration/${rut}/downloadSummary`;

const download = (extra: Record<string, unknown> = {}) => ({
	apiVersion: 'v1',
	resource: 'v1Rut',
	operation: 'downloadSummary',
	rut,
	...extra,
});

describe('input errors say which field is wrong and how to fix it', () => {
	test('an unknown format: the item, the field, the value, "is not a format", and the two formats', async () => {
		const error = await runNodeError({ ...credentialsOf(sandbox), params: download({ format: 'docx' }) });
		expect(error.message).toBe('Item 1: Format "docx" is not a format');
		expect(error.description).toBe('Use "pdf" or "json".');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an empty binary field for the PDF: "is empty", with an example name', async () => {
		const error = await runNodeError({ ...credentialsOf(sandbox), params: [download(), download({ binaryPropertyName: ' ' })] });
		expect(error.message).toBe('Item 2: Put Output File in Field is empty');
		expect(error.description).toBe('Name the binary field, e.g. "data".');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('what each format reads', () => {
	test('JSON does not read the PDF\'s binary field: an empty one is no error', async () => {
		const { items, asked } = await runNode({ ...credentialsOf(sandbox), params: download({ format: 'json', binaryPropertyName: '' }) });
		expect(items).toHaveLength(1);
		expect(items[0].json.rut).toBe(rut);
		expect(asked[0].has('binaryPropertyName')).toBe(false);
	});

	test('JSON items that differ only in the (hidden) binary field share one request', async () => {
		const { items } = await runNode({
			...credentialsOf(sandbox),
			params: [download({ format: 'json', binaryPropertyName: 'a' }), download({ format: 'json', binaryPropertyName: 'b' })],
		});
		expect(sandbox.requests.map((r) => [r.path, r.query])).toEqual([[PATH, { format: 'json' }]]);
		expect(items.map((i) => i.json.rut)).toEqual([rut, rut]);
	});

	test('the PDF does not read Convert Dates to ISO 8601: a value that is not yes/no is no error', async () => {
		const { items, asked } = await runNode({ ...credentialsOf(sandbox), params: download({ isoDates: 'maybe' }) });
		expect(items[0].binary?.data.mimeType).toBe('application/pdf');
		expect(asked[0].has('isoDates')).toBe(false);
	});

	test('Convert Dates to ISO 8601 rewrites the JSON form\'s MM/YYYY periods as YYYY-MM', async () => {
		const direct = await rawGet(sandbox, `${PATH}?format=json`);
		const served = String(direct.body.deudaBancariaSummary.date);
		expect(served).toMatch(/^\d{2}\/\d{4}$/);
		const [month, year] = served.split('/');
		sandbox.resetLog();

		const { items } = await runNode({ ...credentialsOf(sandbox), params: download({ format: 'json', isoDates: true }) });
		expect((items[0].json.deudaBancariaSummary as { date: string }).date).toBe(`${year}-${month}`);
		const plain = await runNode({ ...credentialsOf(sandbox), params: download({ format: 'json' }) });
		expect((plain.items[0].json.deudaBancariaSummary as { date: string }).date).toBe(served);
	});
});

describe('a PDF request the service answers with JSON (a tiny server)', () => {
	let server: Server;
	let base = '';
	let answer = '';

	beforeAll(async () => {
		server = createServer((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(answer);
		});
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});

	afterAll(async () => {
		await new Promise((r) => server.close(r));
	});

	test('data instead of a file: "sent no PDF for RUT …", and what to try', async () => {
		answer = JSON.stringify({ success: true, data: { rut } });
		const error = await runNodeError({ baseUrl: base, token: 't', clientId: 'c', params: download() });
		expect(error.message).toBe(`The service sent no PDF for RUT ${rut}`);
		expect(error.description).toBe('It answered with data instead of a file. Try the JSON format, or try again later.');
	});

	test('a failure with status 200 is reported as the service\'s failure, in its own words, not as a missing PDF', async () => {
		answer = JSON.stringify({ success: false, message: 'Servicio de reportes no disponible' });
		const error = await runNodeError({ baseUrl: base, token: 't', clientId: 'c', params: download() });
		expect(`${error.message} ${error.description ?? ''}`).toContain('Servicio de reportes no disponible');
		expect(error.message).not.toContain('sent no PDF');
	});
});

describe('file name from an unusual Content-Disposition', () => {
	test.each([
		// Spaces around the = of filename* (RFC 6266 allows them): the extended name still wins.
		["attachment; filename=\"plain.pdf\"; filename* = UTF-8''Informe%20ext.pdf", 'Informe ext.pdf'],
		// An empty charset is read leniently rather than ignored.
		["attachment; filename=\"plain.pdf\"; filename*=''Informe%20ext.pdf", 'Informe ext.pdf'],
		// A language tag between the quotes.
		["attachment; filename=\"plain.pdf\"; filename*=UTF-8'es-CL'Informe%20%C3%91.pdf", 'Informe Ñ.pdf'],
		// A quoted extended value: the enclosing quotes go, also with spaces before the next parameter.
		["attachment; filename*=UTF-8''\"Informe%20ext.pdf\"", 'Informe ext.pdf'],
		["attachment; filename*=UTF-8''\"Informe%20ext.pdf\" ; size=10", 'Informe ext.pdf'],
		// Only the enclosing quotes: quotes inside the name stay.
		["attachment; filename*=UTF-8''Informe\"2024\".pdf", 'Informe"2024".pdf'],
		// An extended name that is only a folder names nothing: the plain name is used.
		["attachment; filename=\"plain.pdf\"; filename*=UTF-8''reportes%2F", 'plain.pdf'],
		// A malformed percent-encoding: the plain name after it, not the extended text.
		["attachment; filename*=UTF-8''Informe%E0%A4%A.pdf; filename=\"plain.pdf\"", 'plain.pdf'],
		// A space inside the name after a folder is trimmed with the folder.
		['attachment; filename="reportes/ Informe.pdf"', 'Informe.pdf'],
		['attachment; filename = informe.pdf', 'informe.pdf'],
	])('%s → %s', (header, name) => {
		expect(fileNameFrom(header)).toBe(name);
	});

	test.each([
		// Only a malformed extended name: none (the node then uses <rut>.pdf).
		["attachment; filename*=UTF-8''Informe%E0%A4%A.pdf"],
		// A header value that is not text is not read, even when its text would name a file.
		[[Buffer.from('attachment; filename="x.pdf"')]],
		[{ toString: (): string => 'attachment; filename="x.pdf"' }],
	])('%p gives none', (header) => {
		expect(fileNameFrom(header)).toBeUndefined();
	});
});
