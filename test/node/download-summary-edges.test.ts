// V1 Download Summary at its edges (issue 21 point 6, mutation survivors): the exact words of
// its input errors, a PDF request the service answers with JSON, which fields each format reads,
// and Convert Dates to ISO 8601 on the JSON form (unusual Content-Disposition file names are in
// v1-download.test.ts's tables).
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';

import { KNOWN_RUTS } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, downloadSummaryParams, rawGet, runNode, runNodeError } from './context';

const sandbox = useSandbox();

const rut = KNOWN_RUTS.indebted;
const PATH = `/api/v1/integration/${rut}/downloadSummary`;

const download = (extra: Record<string, unknown> = {}) => downloadSummaryParams(rut, extra);

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
