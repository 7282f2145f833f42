// What people read comes first: n8n's Table view shows an item's keys in the item's order, so the
// screening examples' outcomes and the compliance trigger's items start with their short, human
// keys (the decision, the supplier, its RUT, the status and risk, the reason) and keep large nested
// objects last. Each item is made as n8n makes it: a Set node in manual mode writes its fields in
// the order of its assignments (and, with Include Other Fields, after the input's: n8n-nodes-base's
// Set v2 composeReturnItem); in JSON mode the object its expression gives, evaluated by n8n's own
// expression engine; the trigger's items by its own normalise step on the sandbox's deliveries.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Workflow, type IDataObject } from 'n8n-workflow';

import { NO_OP, NodeTypesRegistry } from '../../harness/workflow';
import { normaliseEvent } from '../../nodes/RiskInfoTrigger/normalise';
import { simplifiedFromApiV2 } from '../../nodes/shared/service/summaryV2';
import { KNOWN_NAMES, KNOWN_RUTS } from '../../sandbox';
import { buildComplianceEvent, type ComplianceOutcome } from '../../sandbox/events';
import { factsFor } from '../../sandbox/generate';
import { v2Summary } from '../../sandbox/v2records';

interface WfNode {
	name: string;
	type: string;
	parameters: IDataObject & { mode?: string; jsonOutput?: string; includeOtherFields?: boolean; assignments?: { assignments: Array<{ name: string; value: string; type: string }> } };
}
const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'examples', file), 'utf8')) as { nodes: WfNode[] };
const node = (file: string, name: string) => read(file).nodes.find((n) => n.name === name)!;

const nodeTypes = new NodeTypesRegistry();
/** A Set node in JSON mode: its expression evaluated by n8n's expression engine for one item, as JSON. */
function jsonMode(set: WfNode, json: IDataObject): IDataObject {
	expect([set.name, set.parameters.mode]).toEqual([set.name, 'raw']);
	const workflow = new Workflow({ nodes: [{ id: '1', name: 'Set', type: NO_OP, typeVersion: 1, position: [0, 0], parameters: {} }], connections: {}, active: false, nodeTypes });
	const value = workflow.expression.getParameterValue(String(set.parameters.jsonOutput), null, 0, 0, 'Set', [{ json }], 'manual', {});
	return JSON.parse(JSON.stringify(value)) as IDataObject;
}

/** A Set node in manual mode: the keys it writes, in order, after the input's when it keeps them. */
function manualModeKeys(set: WfNode, input: string[] = []): string[] {
	const own = set.parameters.assignments!.assignments.map((a) => a.name);
	return set.parameters.includeOtherFields ? [...input.filter((k) => !own.includes(k)), ...own] : own;
}

const isNested = (value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value)) || (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null));

/** The keys holding a nested object (or a list of them) that come before a key holding a short value. */
function nestedBeforeShort(item: IDataObject): string[] {
	const keys = Object.keys(item);
	const lastShort = keys.map((k) => !isNested(item[k])).lastIndexOf(true);
	return keys.slice(0, lastShort).filter((k) => isNested(item[k]));
}

describe('supplier screening: Review and Approve', () => {
	const record = (rut: string) => simplifiedFromApiV2(JSON.parse(JSON.stringify({ ...v2Summary(factsFor(rut), false), fechaCarga: '01-07-2025' }))) as unknown as IDataObject;
	const reasons = node('supplier-screening.json', 'Reasons to Review');

	test.each(['Review', 'Approve'])('%s: the decision, its reasons, the RUT and the name first; nothing nested before a short value', (name) => {
		for (const rut of Object.values(KNOWN_RUTS)) {
			const item = jsonMode(node('supplier-screening.json', name), jsonMode(reasons, record(rut)));
			expect(Object.keys(item).slice(0, 4)).toEqual(['decision', 'reasons', 'rut', 'name']);
			expect([rut, nestedBeforeShort(item)]).toEqual([rut, []]);
		}
	});
});

describe('compliance onboarding: the results workflow\'s Onboard and Compliance Review', () => {
	const FILE = 'compliance-onboarding-results.json';
	const join = node(FILE, 'Supplier with Result');
	// The joined item's keys in the order Supplier with Result writes them, with a value of each one's type.
	const sample: Record<string, unknown> = { string: 'text', number: 1001, array: ['pepChile'], boolean: false };
	const joined = Object.fromEntries(join.parameters.assignments!.assignments.map((a) => [a.name, sample[a.type]])) as IDataObject;

	test('Supplier with Result writes only its own fields, in its order', () => {
		expect(join.parameters.includeOtherFields).toBeFalsy();
		expect(Object.keys(joined)).toEqual(manualModeKeys(join));
	});

	test.each([
		['Onboard', 'onboard'],
		['Compliance Review', 'compliance review'],
	])('%s: its decision first, then the supplier, RUT, status, risk and the lookup\'s reason', (name, decision) => {
		const item = jsonMode(node(FILE, name), joined);
		expect(item.decision).toBe(decision);
		expect(Object.keys(item).slice(0, 6)).toEqual(['decision', 'supplier', 'rut', 'status', 'risk', 'supplierLookup']);
		expect(nestedBeforeShort(item)).toEqual([]);
	});

	test('the rule catches the old way: a decision added in manual mode with the other fields comes last', () => {
		const old = { ...node(FILE, 'Onboard'), parameters: { assignments: { assignments: [{ name: 'decision', value: 'onboard', type: 'string' }] }, includeOtherFields: true } };
		expect(manualModeKeys(old, Object.keys(joined)).at(-1)).toBe('decision');
	});
});

test('compliance onboarding: Could Not Screen starts with its decision, the supplier and the RUT', () => {
	const set = node('compliance-onboarding.json', 'Could Not Screen');
	expect(manualModeKeys(set).slice(0, 3)).toEqual(['decision', 'supplier', 'rut']);
});

describe("the compliance trigger's items, as its normalise step gives them", () => {
	const kinds: Array<[ComplianceOutcome, string]> = [
		['success', KNOWN_NAMES.critical],
		['nomatch', KNOWN_NAMES.noMatch],
		['failed', KNOWN_NAMES.failed],
	];
	test.each(kinds)('%s: webhookId, status and the name first; the summary, the lists and the details last', (kind, fullName) => {
		const result = normaliseEvent(buildComplianceEvent(kind, { webhookId: 5521, fullName, isJuridicalPerson: true, searchErrors: 0 }));
		if (!result.ok) throw new Error(result.message);
		const item = result.value.event as IDataObject;
		expect(Object.keys(item).slice(0, 3)).toEqual(['webhookId', 'status', 'fullName']);
		expect(nestedBeforeShort(item)).toEqual([]);
		// A result carries its summary and lists, nested; a failed one the service's words, short.
		expect(Object.keys(item).some((k) => isNested(item[k]))).toBe(kind !== 'failed');
	});
});

test('the rule itself: a nested object before a short value is named', () => {
	expect(nestedBeforeShort({ evidence: { a: 1 }, summary: 'text', list: [{ a: 1 }] })).toEqual(['evidence']);
	expect(nestedBeforeShort({ summary: 'text', tags: ['a'], evidence: { a: 1 } })).toEqual([]);
});
