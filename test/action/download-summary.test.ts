// V1 Download Summary against the sandbox: the PDF arrives byte for byte in the item's binary
// data (also through n8n's own engine and binary helpers), named and typed for the nodes that
// send or upload it; the JSON form is the §2.4 record without a wrapper. Also the exact words of
// its input errors, which fields each format reads, and a PDF request the service answers with JSON.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeExecutionData } from 'n8n-workflow';

import { fileNameFrom } from '../../nodes/RiskInfo/actions/api-v1/downloadSummary';
import { KNOWN_RUTS } from '../../sandbox';
import { MANUAL_TRIGGER, NO_OP, binaryBuffer, runWorkflow } from '../../harness/workflow';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, downloadSummaryParams, rawGet, runNode, runNodeError } from './context';

const sandbox = useSandbox();

const rut = KNOWN_RUTS.indebted;
const PATH = `/api/v1/integration/${rut}/downloadSummary`;

/** The PDF exactly as the service serves it, fetched without the node. */
async function servedPdf(forRut: string = rut) {
	const response = await fetch(`${sandbox.url}/api/v1/integration/${forRut}/downloadSummary?format=pdf`, {
		headers: { authorization: `Bearer ${sandbox.token}`, 'x-client-identifier': sandbox.clientId, accept: 'application/pdf' },
	});
	expect(response.status).toBe(200);
	const bytes = Buffer.from(await response.arrayBuffer());
	return { bytes, disposition: response.headers.get('content-disposition'), type: response.headers.get('content-type') };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function expectSamePdf(got: Buffer, served: Buffer) {
	expect(got.subarray(0, 5).toString('latin1')).toBe('%PDF-');
	expect(got.length).toBe(served.length);
	expect(sha256(got)).toBe(sha256(served));
}

const download = (extra: Record<string, unknown> = {}) => downloadSummaryParams(rut, extra);

test('PDF (the default): GET ...downloadSummary?format=pdf; the bytes arrive intact in binary "data" as <rut>.pdf', async () => {
	const { items } = await runNode({ ...credentialsOf(sandbox), params: download() });
	expect(sandbox.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([['GET', PATH, { format: 'pdf' }, undefined]]);
	expect(sandbox.requests[0].headers.accept).toBe('application/pdf');

	const served = await servedPdf();
	expect(served.type).toContain('application/pdf');
	const binary = items[0].binary?.data;
	expect(binary).toBeDefined();
	expectSamePdf(Buffer.from(binary!.data, 'base64'), served.bytes);
	expect(binary!.mimeType).toBe('application/pdf');
	expect(binary!.fileName).toBe(`${rut}.pdf`);
	expect(items[0].json).toMatchObject({ rut, fileName: `${rut}.pdf`, mimeType: 'application/pdf', fileSize: served.bytes.length });
	expect(items[0].pairedItem).toEqual({ item: 0 });
});

test('PDF into a binary field the user names; several RUTs, each its own file', async () => {
	const ruts = [KNOWN_RUTS.clean, KNOWN_RUTS.bankrupt, KNOWN_RUTS.naturalPerson];
	const { items } = await runNode({
		...credentialsOf(sandbox),
		params: ruts.map((r) => download({ rut: r, binaryPropertyName: 'report' })),
	});
	expect(items).toHaveLength(3);
	for (const [i, r] of ruts.entries()) {
		expect(Object.keys(items[i].binary ?? {})).toEqual(['report']);
		expect(items[i].binary!.report.fileName).toBe(`${r}.pdf`);
		expectSamePdf(Buffer.from(items[i].binary!.report.data, 'base64'), (await servedPdf(r)).bytes);
		expect(items[i].pairedItem).toEqual({ item: i });
	}
});

test('through n8n\'s engine: the PDF reaches the next node as binary data, bytes intact', async () => {
	const result = await runWorkflow({
		nodes: [
			{ id: '1', name: 'Start', type: MANUAL_TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: '2',
				name: 'Report',
				type: 'n8n-nodes-riskinfo.riskInfo',
				typeVersion: 1,
				position: [200, 0],
				parameters: download({ binaryPropertyName: 'attachment' }),
				credentials: { riskInfoApi: { id: '1', name: 'Risk Info (sandbox)' } },
			},
			{ id: '3', name: 'Send', type: NO_OP, typeVersion: 1, position: [400, 0], parameters: {} },
		],
		connections: {
			Start: { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
			Report: { main: [[{ node: 'Send', type: 'main', index: 0 }]] },
		},
		credentials: { riskInfoApi: { baseUrl: sandbox.url, accessToken: sandbox.token, clientIdentifier: sandbox.clientId } },
	});
	expect(result.error).toBeUndefined();
	const item: INodeExecutionData = result.items.Send[0];
	expect(item.binary?.attachment.mimeType).toBe('application/pdf');
	expect(item.binary?.attachment.fileName).toBe(`${rut}.pdf`);
	expect(item.binary?.attachment.fileExtension).toBe('pdf');
	expectSamePdf(binaryBuffer(item, 'attachment'), (await servedPdf()).bytes);
});

test('JSON: ?format=json, the §2.4 record as the item\'s JSON, without a wrapper', async () => {
	const { items } = await runNode({ ...credentialsOf(sandbox), params: download({ format: 'json' }) });
	expect(sandbox.requests.map((r) => [r.method, r.path, r.query])).toEqual([['GET', PATH, { format: 'json' }]]);
	expect(sandbox.requests[0].headers.accept).toBe('application/json');
	const direct = await rawGet(sandbox, `${PATH}?format=json`);
	expect(direct.body.success).toBeUndefined();
	expect(items.map((i) => i.json)).toEqual([direct.body]);
	expect(items[0].binary).toBeUndefined();
	expect(items[0].json).toHaveProperty('isJuridicalPerson');
	expect(items[0].json).toHaveProperty('isCompleted');
});

test('a RUT that is not loaded: a plain message and no file; with "Load RUT If Not Loaded" the PDF arrives after one load', async () => {
	const fresh = '22222222-2';
	const error = await runNodeError({ ...credentialsOf(sandbox), params: download({ rut: fresh }) });
	expect(error.message).toContain(`RUT ${fresh} is not loaded`);

	sandbox.resetLog();
	const { items } = await runNode({ ...credentialsOf(sandbox), params: download({ rut: fresh, loadIfMissing: true }) });
	expect(sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([
		['GET', `/api/v1/integration/${fresh}/downloadSummary`, 404],
		['POST', '/api/v1/helper/loadRut', 200],
		['GET', `/api/v1/integration/${fresh}/downloadSummary`, 200],
	]);
	expect(items[0].json.loadedNow).toBe(true);
	expectSamePdf(Buffer.from(items[0].binary!.data.data, 'base64'), (await servedPdf(fresh)).bytes);
});

test('an empty binary field name or an unknown format is refused before any request', async () => {
	const noName = await runNodeError({ ...credentialsOf(sandbox), params: download({ binaryPropertyName: '  ' }) });
	expect(noName.message).toContain('Put Output File in Field');
	const badFormat = await runNodeError({ ...credentialsOf(sandbox), params: download({ format: 'docx' }) });
	expect(badFormat.message).toContain('docx');
	expect(sandbox.requests).toHaveLength(0);
});

describe('file name from Content-Disposition', () => {
	test.each([
		['attachment; filename="76111111-6.pdf"', '76111111-6.pdf'],
		['attachment; filename=informe.pdf', 'informe.pdf'],
		['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
		["attachment; filename=\"fallback.pdf\"; filename*=UTF-8''Resumen%20%C3%91u%C3%B1oa.pdf", 'Resumen Ñuñoa.pdf'],
		['attachment; filename="../../etc/passwd"', 'passwd'],
		// Unusual headers.
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

	test.each<[unknown]>([
		[undefined],
		[''],
		['attachment'],
		['attachment; filename=""'],
		// Only a malformed extended name: none (the node then uses <rut>.pdf).
		["attachment; filename*=UTF-8''Informe%E0%A4%A.pdf"],
		// A header value that is not text is not read, even when its text would name a file.
		[[Buffer.from('attachment; filename="x.pdf"')]],
		[{ toString: (): string => 'attachment; filename="x.pdf"' }],
	])('%p gives none (the node then uses <rut>.pdf)', (header) => {
		expect(fileNameFrom(header)).toBeUndefined();
	});
});

describe('the node names the file as the service\'s header says (a tiny server, since the sandbox always sends <rut>.pdf)', () => {
	const pdf = Buffer.from('%PDF-1.4\n% tiny\n%%EOF\n', 'latin1');
	let server: import('node:http').Server;
	let base = '';
	let disposition: string | undefined;

	beforeAll(async () => {
		const http = await import('node:http');
		server = http.createServer((_req, res) => {
			const headers: Record<string, string> = { 'content-type': 'application/pdf' };
			if (disposition) headers['content-disposition'] = disposition;
			res.writeHead(200, headers);
			res.end(pdf);
		});
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
	});

	afterAll(async () => {
		await new Promise((r) => server.close(r));
	});

	test.each([
		['attachment; filename="Informe 2024.pdf"', 'Informe 2024.pdf'],
		[undefined, `${rut}.pdf`],
	])('Content-Disposition %p → %s', async (header, name) => {
		disposition = header;
		const { items } = await runNode({ baseUrl: base, token: 't', clientId: 'c', params: download() });
		expect(items[0].binary?.data.fileName).toBe(name);
		expect(items[0].json.fileName).toBe(name);
		expect(Buffer.from(items[0].binary!.data.data, 'base64')).toEqual(pdf);
	});
});

describe('input errors say which field is wrong and how to fix it', () => {
	test('an unknown format: the field, the value, "is not a format", and the two formats', async () => {
		const error = await runNodeError({ ...credentialsOf(sandbox), params: download({ format: 'docx' }) });
		expect(error.message).toBe('Format "docx" is not a format');
		expect(error.description).toBe('Use "pdf" or "json".');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an empty binary field for the PDF: "is empty", with an example name', async () => {
		const error = await runNodeError({ ...credentialsOf(sandbox), params: [download(), download({ binaryPropertyName: ' ' })] });
		expect([error.message, (error as Error & { context?: { itemIndex?: number } }).context?.itemIndex]).toEqual(['Put Output File in Field is empty', 1]);
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
