// The errors users see (README, "Errors"), built from a failure as the transport records it: for
// each status, the message, the description with the service's words, the code and the item.
// The transport tests reach the common cases over HTTP; this covers every branch, each message
// written out here.
import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

import {
	type ApiFailure,
	PaidCapReached,
	PlanLookupsUsedUp,
	PlanUnreadable,
	ServiceError,
	apiError,
	inputError,
	isNotLoaded,
	isNotLoadedError,
	leavingError,
	shown,
} from '../../nodes/shared/errors';
import { isLoopback, unexpectedError } from '../../nodes/shared/connection';

const NODE = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 2, position: [0, 0], parameters: {} } as INode;

const failure = (f: Partial<ApiFailure>): ApiFailure => ({ status: 500, attempts: 1, method: 'GET', path: '/summary/12345678-5', ...f });
/** The message alone, as where no item is concerned (a trigger's poll, the RUT picker). */
const message = (f: Partial<ApiFailure>) => apiError(NODE, undefined, failure(f)).message;

const TRY_LATER = 'Try again later; if it keeps failing, raise the retry options of the node.';
const PAID_UNSURE =
	'The load may have run and been charged, so the node did not repeat it: check the account (Account → Get Usage or List Profiles) before running it again.';

describe('the message for each answer', () => {
	test.each<[string, Partial<ApiFailure>, string]>([
		['400 about a RUT', { status: 400, rut: '12345678-5' }, 'The service rejected the request as invalid. Check the RUT and the other fields of this item.'],
		['400 without a RUT', { status: 400 }, 'The service rejected the request as invalid. Check the other fields of this item.'],
		['401', { status: 401 }, 'The service did not accept the credentials. Check the Access Token and the Client Identifier in the Risk Info credential.'],
		[
			'403',
			{ status: 403 },
			'This account lacks permission for this operation (compliance loads need API permission for both the user and the corporation). Ask the service to enable it.',
		],
		['404 on a read of a RUT', { status: 404, rut: '12345678-5' }, 'RUT 12345678-5 is not loaded in this account. Loading it is a paid call: load it first (RUT → Load), or turn on "Load RUT If Not Loaded" to load each RUT that needs it.'],
		[
			'404 on a read right after loading',
			{ status: 404, rut: '12345678-5', afterLoad: true },
			'RUT 12345678-5 was loaded just now, but the service has no data for it here yet. Try again in a few minutes; reading a loaded RUT costs nothing.',
		],
		['404 on a read marked not after a load', { status: 404, rut: '12345678-5', afterLoad: false }, 'RUT 12345678-5 is not loaded in this account. Loading it is a paid call: load it first (RUT → Load), or turn on "Load RUT If Not Loaded" to load each RUT that needs it.'],
		['a 5xx on a read right after loading is a failure, not "no data yet"', { status: 500, rut: '12345678-5', afterLoad: true }, `The service failed (HTTP 500). ${TRY_LATER}`],
		['404 without a RUT', { status: 404, method: 'POST', path: '/profiles' }, 'The service has no such resource (POST /profiles).'],
		['404 without a RUT, even after a load', { status: 404, afterLoad: true, path: '/x' }, 'The service has no such resource (GET /x).'],
		['408 once', { status: 408 }, `The service timed out. ${TRY_LATER}`],
		['408 after retries', { status: 408, attempts: 3 }, `The service timed out (tried 3 times). ${TRY_LATER}`],
		['408 of a paid load', { status: 408, mayHaveCharged: true }, `The service timed out. ${PAID_UNSURE}`],
		['409', { status: 409 }, 'The service refused the request because the profile is already active; its results are available at no extra cost.'],
		['413', { status: 413 }, 'The request is too large for the service.'],
		['429 after retries', { status: 429, attempts: 4 }, 'The service rate-limited these requests (tried 4 times). Lower "Requests in Parallel" or try again later.'],
		['429 once', { status: 429 }, 'The service rate-limited these requests. Lower "Requests in Parallel" or try again later.'],
		['500', { status: 500 }, `The service failed (HTTP 500). ${TRY_LATER}`],
		['503 after retries', { status: 503, attempts: 2 }, `The service failed (HTTP 503) (tried 2 times). ${TRY_LATER}`],
		['502 of a paid load', { status: 502, mayHaveCharged: true }, `The service failed (HTTP 502). ${PAID_UNSURE}`],
		['an unlisted 4xx', { status: 418 }, 'The service answered HTTP 418.'],
		['a status below the redirects', { status: 299 }, 'The service answered HTTP 299.'],
		[
			'a redirect with its address',
			{ status: 301, location: 'https://elsewhere.example/api' },
			'The service answered with a redirect to https://elsewhere.example/api (HTTP 301). The node does not follow redirects, so the access token never goes to another address: set the Base URL in the Risk Info credential to the address the service answers on (for example https:// instead of http://).',
		],
		[
			'the last redirect status, without an address',
			{ status: 399 },
			'The service answered with a redirect (HTTP 399). The node does not follow redirects, so the access token never goes to another address: set the Base URL in the Risk Info credential to the address the service answers on (for example https:// instead of http://).',
		],
		['the first status after the redirects', { status: 400 }, 'The service rejected the request as invalid. Check the other fields of this item.'],
		['a connection error', { status: 'ECONNREFUSED' }, 'Could not reach the Risk Info service (ECONNREFUSED). Check the Base URL in the credential and that the service is up.'],
		[
			'a connection error to a Base URL on n8n\'s own machine',
			{ status: 'ECONNREFUSED', loopback: true },
			'Could not reach the Risk Info service (ECONNREFUSED). Check the Base URL in the credential and that the service is up. The Base URL points at the machine n8n runs on. If n8n runs in Docker, 127.0.0.1 (or localhost) is n8n\'s own container, not the computer it runs on: use that computer\'s address, e.g. http://host.docker.internal:4010 on Docker Desktop. The local sandbox of a clone of this package\'s repository listens on http://127.0.0.1:4010 while npm start or npm run sandbox runs.',
		],
		[
			'a connection error after retries',
			{ status: 'ECONNRESET', attempts: 3 },
			'Could not reach the Risk Info service (ECONNRESET) (tried 3 times). Check the Base URL in the credential and that the service is up.',
		],
		[
			'a broken connection on a paid load',
			{ status: 'ECONNRESET', mayHaveCharged: true },
			`Could not reach the Risk Info service (ECONNRESET). Check the Base URL in the credential and that the service is up. ${PAID_UNSURE}`,
		],
		['"success": false under 200', { status: 200, reportedFailure: true }, 'The service reported a failure ("success": false) although the request was accepted.'],
		['"success": false under 299', { status: 299, reportedFailure: true }, 'The service reported a failure ("success": false) although the request was accepted.'],
		[
			'"success": false with the service\'s own code 300 is read as that status',
			{ status: 300, reportedFailure: true },
			'The service answered with a redirect (HTTP 300). The node does not follow redirects, so the access token never goes to another address: set the Base URL in the Risk Info credential to the address the service answers on (for example https:// instead of http://).',
		],
		['"success": false with the service\'s own code 403', { status: 403, reportedFailure: true }, 'This account lacks permission for this operation (compliance loads need API permission for both the user and the corporation). Ask the service to enable it.'],
	])('%s', (_case, f, expected) => {
		expect(message(f)).toBe(expected);
	});
});

describe('what the error carries besides its message', () => {
	test('the service\'s own words as the description, the status as the code, and the item', () => {
		const error = apiError(NODE, 2, failure({ status: 400, serviceText: 'rut invalido' }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.description).toBe('The service said: rut invalido');
		expect(error.httpCode).toBe('400');
		expect(error.context.itemIndex).toBe(2);
	});

	test('the item is its index, n8n\'s, not a number in the message', () => {
		expect(apiError(NODE, 0, failure({ status: 404, rut: '12345678-5' })).message).toBe(message({ status: 404, rut: '12345678-5' }));
		expect(apiError(NODE, 2, failure({ status: 404, rut: '12345678-5', afterLoad: true })).message).toMatch(/^RUT 12345678-5 was loaded just now/);
		const invalid = apiError(NODE, 1, failure({ status: 400 }));
		expect([invalid.message, invalid.context.itemIndex]).toEqual(['The service rejected the request as invalid. Check the other fields of this item.', 1]);
		// The Monitor's poll and the RUT picker have no item: no index.
		expect((leavingError(NODE, new ServiceError(failure({ status: 400, rut: '12345678-5' }))) as NodeApiError).context.itemIndex).toBeUndefined();
	});

	test('no service text: no description, not an empty one', () => {
		expect(apiError(NODE, 0, failure({ status: 500 })).description).toBeNull();
		expect(apiError(NODE, 0, failure({ status: 500, serviceText: '' })).description).toBeNull();
	});

	test('a connection code stays in the message (n8n would swap it for a generic text)', () => {
		const error = apiError(NODE, 0, failure({ status: 'ECONNREFUSED' }));
		expect(error.message).toMatch(/^Could not reach the Risk Info service \(ECONNREFUSED\)/);
		expect(error.httpCode).toBe('ECONNREFUSED');
	});
});

describe('an input error', () => {
	test('names the field and the problem, with the hint as description, and carries the item\'s index', () => {
		const error = inputError(NODE, 4, 'RUT "x"', 'is not a valid RUT', 'Write it as 12.345.678-5');
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('RUT "x" is not a valid RUT');
		expect(error.description).toBe('Write it as 12.345.678-5');
		expect(error.context.itemIndex).toBe(4);
	});
});

describe('"not loaded"', () => {
	test('is a 404 on a read about a RUT, and nothing else', () => {
		expect(isNotLoaded(failure({ status: 404, rut: '12345678-5' }))).toBe(true);
		expect(isNotLoaded(failure({ status: 404 }))).toBe(false);
		expect(isNotLoaded(failure({ status: 403, rut: '12345678-5' }))).toBe(false);
		expect(new ServiceError(failure({ status: 404, rut: '1-9' })).notLoaded).toBe(true);
		expect(new ServiceError(failure({ status: 400, rut: '1-9' })).notLoaded).toBe(false);
		expect(isNotLoadedError(new ServiceError(failure({ status: 404, rut: '1-9' })))).toBe(true);
		expect(isNotLoadedError(new ServiceError(failure({ status: 404 })))).toBe(false);
		expect(isNotLoadedError(Object.assign(new Error('404'), { notLoaded: true }))).toBe(false);
	});

	test('a service error names the call and its outcome for logs', () => {
		const error = new ServiceError(failure({ status: 503, method: 'POST', path: '/load' }));
		expect(error.message).toBe('The service call POST /load failed (503)');
		expect(error.name).toBe('ServiceError');
	});
});

describe('the error an item leaves the node with', () => {
	test('a service error becomes the user\'s message, for that item', () => {
		const error = leavingError(NODE, new ServiceError(failure({ status: 401 })), 3) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service did not accept the credentials. Check the Access Token and the Client Identifier in the Risk Info credential.');
		expect(error.context.itemIndex).toBe(3);
	});

	test('a reached cap says the cap and what to do, for that item', () => {
		const cap = new PaidCapReached(20);
		expect(cap.message).toBe('The run already paid for 20 loads, the Maximum Paid Loads per Run');
		expect(cap.name).toBe('PaidCapReached');
		const error = leavingError(NODE, cap, 6) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The run already paid for 20 loads, the Maximum Paid Loads per Run; raise it or split the list');
		expect(error.description).toMatch(/^This item needs a paid call \(a RUT load or a compliance profile load\); nothing was sent for it\. Raise Maximum Paid Loads per Run/);
		expect(error.context.itemIndex).toBe(6);
	});

	test('n8n\'s own errors keep their message and get the item', () => {
		const api = new NodeApiError(NODE, { message: 'x' }, { message: 'api' });
		const operation = new NodeOperationError(NODE, 'operation');
		expect(leavingError(NODE, api, 5)).toBe(api);
		expect(api.context.itemIndex).toBe(5);
		expect(leavingError(NODE, operation, 8)).toBe(operation);
		expect(operation.context.itemIndex).toBe(8);
	});

	test('any other error passes as it is; a thrown non-error becomes an error with its text', () => {
		const plain = new TypeError('boom');
		expect(leavingError(NODE, plain, 0)).toBe(plain);
		const fromText = leavingError(NODE, 'just text', 0);
		expect(fromText).toBeInstanceOf(Error);
		expect(fromText.message).toBe('just text');
	});
});

describe('any value as text', () => {
	test('ordinary values', () => {
		expect(shown(12)).toBe('12');
		expect(shown(null)).toBe('null');
	});

	test('an object without a prototype shows its tag', () => {
		expect(shown(Object.create(null))).toBe('[object Object]');
	});

	test('an object whose toString throws shows its tag', () => {
		expect(shown({ toString: () => { throw new Error('no'); } })).toBe('[object Object]');
	});

	test('a value even the tag cannot show is described, not thrown', () => {
		const hostile = new Proxy(
			{},
			{
				get: () => {
					throw new Error('no');
				},
			},
		);
		expect(shown(hostile)).toBe('(a value that cannot be shown as text)');
	});
});

describe('an unexpected failure of n8n\'s HTTP helper', () => {
	test('says the request failed, with the message only', () => {
		const error = unexpectedError(NODE, 'socket hang up');
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The request to the Risk Info service failed: socket hang up');
	});
});

test('the advice after a timeout or a 5xx: try later, or for a paid load, check the account first', () => {
	const node = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 2, position: [0, 0], parameters: {} } as INode;
	const base = { attempts: 1, method: 'POST', path: '/load' };
	expect(apiError(node, 0, { ...base, status: 500 }).message).toBe(
		'The service failed (HTTP 500). Try again later; if it keeps failing, raise the retry options of the node.',
	);
	expect(apiError(node, 0, { ...base, status: 408, mayHaveCharged: true }).message).toBe(
		'The service timed out. The load may have run and been charged, so the node did not repeat it: check the account (Account → Get Usage or List Profiles) before running it again.',
	);
});

describe('which Base URLs are on n8n\'s own machine (only they are told about the sandbox and Docker)', () => {
	test.each(['http://127.0.0.1:4010', 'http://127.1.2.3', 'https://localhost:8443/x', 'http://[::1]:4010'])('%s is', (url) => {
		expect(isLoopback(url)).toBe(true);
	});
	test.each(['https://api.example.cl', 'http://10.0.0.1:4010', 'http://127.0.0.1.example.com', 'http://host.docker.internal:4010', 'not a url', undefined])('%s is not', (url) => {
		expect(isLoopback(url)).toBe(false);
	});
});

/**
 * How n8n's editor titles a node's error (NodeErrorView, n8n-editor-ui 2.40.7, its RunData chunk):
 * the message, then " [item N]" with the error's itemIndex, counted from 0, when the node had more
 * than one input item, unless the message already holds "item N" (n8n's own nodes write it so).
 */
function shownInEditor(error: { message: string; context: { itemIndex?: unknown } }, inputItems: number): string {
	const at = inputItems > 1 && error.context.itemIndex !== undefined ? `item ${String(error.context.itemIndex)}` : '';
	return error.message.includes(at) ? error.message : `${error.message} [${at}]`;
}

describe('one item number per message, as n8n\'s editor shows it', () => {
	const errors = () => [
		inputError(NODE, 1, 'RUT "12.345.678-9"', 'is not a valid RUT: the check digit does not match the number'),
		apiError(NODE, 1, failure({ status: 404, rut: '12345678-5' })),
		apiError(NODE, 1, failure({ status: 400 })),
		apiError(NODE, 1, failure({ status: 503 })),
		leavingError(NODE, new PaidCapReached(20), 1) as NodeOperationError,
		leavingError(NODE, new PlanLookupsUsedUp(0), 1) as NodeOperationError,
		leavingError(NODE, new PlanUnreadable('HTTP 503'), 1) as NodeOperationError,
	];
	const numbers = (text: string) => text.match(/\bitem \d+/gi) ?? [];

	test('several items: the one number is n8n\'s "[item 1]", after the message', () => {
		for (const error of errors()) expect([error.message, numbers(shownInEditor(error, 3))]).toEqual([error.message, ['item 1']]);
		for (const error of errors()) expect(shownInEditor(error, 3)).toBe(`${error.message} [item 1]`);
	});

	test('one item: no number at all', () => {
		for (const error of errors()) expect(numbers(shownInEditor(error, 1))).toEqual([]);
	});
});
