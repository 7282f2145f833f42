// The small readers and shapers the action node's operations share, for the inputs the sandbox's
// answers never hold: blank and padded text where Simplify expects a value (values.ts), list answers
// with two lists or with entries that are not objects (output.ts), and the Simplify switch and
// field list of simplified.ts as n8n fills a new node. simplified.ts is loaded INSIDE its tests, so
// that mutation testing counts them as reaching its module-level list (test/MUTANTS.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NodeHelpers, type IDataObject, type IExecuteFunctions, type INode, type INodeParameters } from 'n8n-workflow';

import { findList, itemPerEntry } from '../../nodes/RiskInfo/actions/steps';
import type { SimplifiedSummary } from '../../nodes/shared/service/record';
import type { ItemRequest } from '../../nodes/RiskInfo/actions/types';
import { Reading, key } from '../../nodes/shared/service/keys';
import { num, str } from '../../nodes/shared/service/values';
import { isolated } from '../helpers/isolated';

type Simplified = typeof import('../../nodes/RiskInfo/actions/steps');

function loadSimplified(): Simplified {
	return isolated(() => require('../../nodes/RiskInfo/actions/steps') as Simplified);
}

describe('values read for Simplify', () => {
	test.each<[unknown, string | null]>([
		['', null],
		['   ', null],
		[' Comercial ', ' Comercial '],
		[5, '5'],
		[0, '0'],
		[true, null],
		[null, null],
	])('str(%p) is %p', (value, expected) => {
		expect(str(value)).toBe(expected);
	});

	test.each<[unknown, number | null]>([
		['', null],
		['  ', null],
		['12', 12],
		[' 3.5 ', 3.5],
		['abc', null],
		[7, 7],
		[Infinity, null],
	])('num(%p) is %p', (value, expected) => {
		expect(num(value)).toBe(expected);
	});

	test.each<[unknown, boolean | null]>([
		['SI', true],
		[' si ', true],
		['SÍ', true],
		['sí', true],
		[' No', false],
		['maybe', null],
		['', null],
		[true, true],
		[false, false],
		[1, null],
		[null, null],
	])('a yes/no field written %p reads %p', (value, expected) => {
		expect(new Reading({ identificacion: { presentaActividades: value } }).yesNo(key('hasActivities', 'yesNo', 'identificacion.presentaActividades'))).toBe(expected);
	});
});

describe('one item per entry', () => {
	test('an answer with two lists cannot tell which to split, so it is kept whole as one item', () => {
		const answer = { casos: [{ n: 1 }], consultas: [{ n: 2 }] };
		expect(findList(answer)).toBeUndefined();
		expect(itemPerEntry(answer)).toEqual([{ json: answer }]);
	});

	test('an answer with one list gives an item per entry; entries that are not objects go under value', () => {
		expect(itemPerEntry({ total: 4, lista: [{ n: 1 }, 'x', 2, null] })).toEqual([{ json: { n: 1 } }, { json: { value: 'x' } }, { json: { value: 2 } }, { json: { value: null } }]);
	});
});

describe('Simplify', () => {
	type Params = Record<string, unknown>;
	const NODE: INode = { id: '1', name: 'Risk Info', type: 'n8n-nodes-riskinfo.riskInfo', typeVersion: 1, position: [0, 0], parameters: {} };

	/** The data after the Simplify step, for a node whose panel has `set` filled in (the rest as n8n fills a new node). */
	function reshaped(set: Params): unknown {
		const step = loadSimplified().simplifyFlag('Whether to return the flat record', (data) => ({ simplified: data }) as unknown as SimplifiedSummary);
		const parameters = NodeHelpers.getNodeParameters(step.properties, set as INodeParameters, true, false, NODE, null) as IDataObject;
		const context = { getNodeParameter: (name: string, _i: number, fallback?: unknown) => (name in parameters ? parameters[name] : fallback), getNode: () => NODE };
		const plan: ItemRequest = { request: { method: 'GET', root: 'v2', path: '/summary' }, choices: {} };
		step.prepare!.call(context as unknown as IExecuteFunctions, 0, plan, NODE.typeVersion);
		return step.reshape!({ resumen: 1 }, plan, []);
	}

	test('a new node gives the service\'s answer as it is; Simplify on gives the flat record', () => {
		expect(reshaped({})).toEqual({ resumen: 1 });
		expect(reshaped({ simplify: true })).toEqual({ simplified: { resumen: 1 } });
	});

	test('the flat record\'s fields, in the order docs/simplified-summary.md lists them', () => {
		// That field table is the users' reference, written apart from the code.
		const page = readFileSync(join(__dirname, '../../docs/simplified-summary.md'), 'utf8');
		const table = page.slice(page.indexOf('| Field | Type | Meaning | V2 source | V1 source |'));
		const listed = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
		expect(listed).toHaveLength(35);
		expect(isolated(() => (require('../../nodes/shared/service/record') as typeof import('../../nodes/shared/service/record')).SIMPLIFIED_FIELDS)).toEqual(listed);
	});
});
