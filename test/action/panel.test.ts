// What the action node's panel offers: the node's own entry (name, group, input, credential), a
// label and a text that says something for every field and choice, the API Version / Resource /
// Operation lists, the yes/no fields' defaults, which fields show only when another is on (and
// Download Summary's for which format, as n8n's NodeHelpers lay them out), and the Request
// Options' bounds. The description is built when the module loads, so every test
// loads it anew inside itself: mutation testing counts only code that runs during a test as
// reached by it (test/MUTANTS.md). Expected values are written out here.
import { NodeHelpers, type INodeParameters, type INodeProperties, type INodePropertyOptions, type INodeTypeDescription } from 'n8n-workflow';

import { filledIn, NODE } from '../helpers/isolated';

/** The node's description, built inside the calling test. */
function description(): INodeTypeDescription {
	let built: INodeTypeDescription | undefined;
	jest.isolateModules(() => {
		const { RiskInfo } = require('../../nodes/RiskInfo/RiskInfo.node') as typeof import('../../nodes/RiskInfo/RiskInfo.node');
		built = new RiskInfo().description;
	});
	return built!;
}

type Show = Record<string, unknown[] | undefined>;
const showOf = (p: INodeProperties): Show => (p.displayOptions?.show ?? {}) as Show;

/** The fields shown for one operation, in panel order. */
function fieldsOf(properties: INodeProperties[], version: string, resource: string, operation: string): INodeProperties[] {
	return properties.filter((p) => {
		const show = showOf(p);
		return show.apiVersion?.includes(version) && show.resource?.includes(resource) && show.operation?.includes(operation);
	});
}

const isOption = (o: object): o is INodePropertyOptions => 'value' in o && !('displayName' in o);

test('the node shows as RUT Risk Info in the node panel, in the Transform group, named Risk Info on the canvas, with one main input and output', () => {
	const d = description();
	expect(d.displayName).toBe('RUT Risk Info');
	expect(d.group).toEqual(['transform']);
	expect(d.defaults).toEqual({ name: 'Risk Info' });
	expect(d.inputs).toEqual(['main']);
	expect(d.outputs).toEqual(['main']);
});

test('it cannot run without a Risk Info API credential, which its Test checks', () => {
	expect(description().credentials).toEqual([{ name: 'riskInfoApi', required: true, testedBy: 'riskInfoApiTest' }]);
});

test('every field has a name and a label, and every description, hint, placeholder, choice and action present says something', () => {
	const problems: string[] = [];
	const said = (where: string, what: string, value: unknown) => {
		if (typeof value !== 'string' || value.trim() === '') problems.push(`${where}: ${what} is ${JSON.stringify(value)}`);
	};
	const walk = (fields: INodeProperties[], at: string) => {
		for (const field of fields) {
			const where = `${at}${field.name}`;
			said(where, 'name', field.name);
			said(where, 'displayName', field.displayName);
			for (const key of ['description', 'hint', 'placeholder'] as const) if (key in field) said(where, key, field[key]);
			const nested: INodeProperties[] = [];
			for (const option of (field.options ?? []) as object[]) {
				if (!isOption(option)) {
					nested.push(option as INodeProperties);
					continue;
				}
				said(where, 'a choice', option.name);
				for (const key of ['description', 'action'] as const) if (key in option) said(`${where} → ${option.name}`, key, option[key]);
			}
			walk(nested, `${where}.`);
		}
	};
	walk(description().properties, '');
	expect(problems).toEqual([]);
});

test('API Version offers V2 (the default) and V1, and each shows a Resource list of its own', () => {
	const properties = description().properties;
	const apiVersion = properties.find((p) => p.name === 'apiVersion')!;
	expect((apiVersion.options as INodePropertyOptions[]).map((o) => o.value)).toEqual(['v2', 'v1']);
	expect(apiVersion.default).toBe('v2');
	const resourceLists = properties.filter((p) => p.name === 'resource');
	expect(resourceLists.map((p) => showOf(p))).toEqual([{ apiVersion: ['v2'] }, { apiVersion: ['v1'] }]);
});

test('API Version, Resource and Operation take no expressions (the node reads them per item, but they pick the panel)', () => {
	const lists = description().properties.filter((p) => ['apiVersion', 'resource', 'operation'].includes(p.name));
	expect(lists.length).toBeGreaterThan(3);
	expect(lists.filter((p) => p.noDataExpression !== true).map((p) => p.name)).toEqual([]);
});

test("every list's default is one of its choices, and RUT (V1) opens on Get Summary", () => {
	const properties = description().properties;
	const stray = properties
		.filter((p) => p.type === 'options')
		.filter((p) => !(p.options as INodePropertyOptions[]).some((o) => o.value === p.default))
		.map((p) => `${p.name} ${JSON.stringify(showOf(p))}: ${String(p.default)}`);
	expect(stray).toEqual([]);
	const v1RutOperation = properties.find((p) => p.name === 'operation' && showOf(p).apiVersion?.[0] === 'v1' && showOf(p).resource?.[0] === 'v1Rut');
	expect(v1RutOperation?.default).toBe('getSummary');
	// Not simply the first of the list: the resource names its default.
	expect((v1RutOperation?.options as INodePropertyOptions[])[0].value).not.toBe('getSummary');
});

test('every yes/no field is off until the user turns it on (a paid flag must never default to on), but Simplify from node version 2', () => {
	const on = description().properties.filter((p) => p.type === 'boolean' && p.default !== false);
	// Get Summary on both API versions, and Get Usage.
	expect(on.map((p) => [p.name, showOf(p).operation, showOf(p)['@version']])).toEqual([
		['simplify', ['getSummary'], [{ _cnd: { gte: 2 } }]],
		['simplify', ['getUsage'], [{ _cnd: { gte: 2 } }]],
		['simplify', ['getSummary'], [{ _cnd: { gte: 2 } }]],
	]);
});

test('the RUT is a required field, empty until filled in: text before node version 3, a picker from it, From List for reads and By RUT for loads', () => {
	const ruts = description().properties.filter((p) => p.name === 'rut');
	expect(ruts.length).toBeGreaterThan(20);
	const form = (p: INodeProperties) => JSON.stringify([p.type, p.required, p.default, showOf(p)['@version'], p.type === 'string' || showOf(p).operation?.includes('load')]);
	expect(new Set(ruts.map(form))).toEqual(
		new Set([
			JSON.stringify(['string', true, '', [{ _cnd: { lt: 3 } }], true]),
			JSON.stringify(['resourceLocator', true, { mode: 'list', value: '' }, [{ _cnd: { gte: 3 } }], false]),
			JSON.stringify(['resourceLocator', true, { mode: 'id', value: '' }, [{ _cnd: { gte: 3 } }], true]),
		]),
	);
});

test.each([
	['v2', 'rut'],
	['v1', 'v1Rut'],
])('Load (%s) opens on its paid notice (one of the three shows), then asks for the RUT, Monitor the RUT, Include Bureau Data, Stop When the Plan Runs Out and Dry Run', (version, resource) => {
	const fields = fieldsOf(description().properties, version, resource, 'load');
	expect(fields.map((p) => [p.name, p.type === 'notice' ? p.displayName.slice(0, 6) : p.displayName])).toEqual([
		['paidNoticeCapped', 'Paid: '],
		['paidNoticePlan', 'Paid: '],
		['paidNoticeUncapped', 'Paid: '],
		['rut', 'RUT'],
		['rut', 'RUT'],
		['isMonitoring', 'Monitor the RUT'],
		['includeBureau', 'Include Bureau Data'],
		['stopAtPlan', 'Stop When the Plan Runs Out'],
		['dryRun', 'Dry Run (Estimate Cost)'],
	]);
});

test("Load RUT If Not Loaded's load choices, the plan's stop and Dry Run show only when it is on", () => {
	const properties = description().properties;
	const reads = properties.filter((p) => p.name === 'loadIfMissing').map((p) => showOf(p));
	expect(reads.length).toBeGreaterThan(10);
	for (const read of reads) {
		const fields = fieldsOf(properties, read.apiVersion![0] as string, read.resource![0] as string, read.operation![0] as string);
		const dependent = fields.filter((p) => p.name.startsWith('loadIfMissingNotice') || ['loadIsMonitoring', 'loadIncludeBureau', 'stopAtPlan', 'dryRun'].includes(p.name));
		expect(dependent.map((p) => [p.name, showOf(p).loadIfMissing])).toEqual([
			['loadIfMissingNoticeCapped', [true]],
			['loadIfMissingNoticePlan', [true]],
			['loadIfMissingNoticeUncapped', [true]],
			['loadIsMonitoring', [true]],
			['loadIncludeBureau', [true]],
			['stopAtPlan', [true]],
			['dryRun', [true]],
		]);
	}
});

test('List to Split shows only when Split Into Items is on', () => {
	const lists = description().properties.filter((p) => p.name === 'splitList');
	expect(lists.length).toBeGreaterThan(0);
	for (const list of lists) expect(showOf(list).split).toEqual([true]);
});

test('Split Into Items of the Dicom cases names the two lists it can split, as the list choices call them', () => {
	const split = fieldsOf(description().properties, 'v2', 'commercialBulletin', 'getDicomCases').find((p) => p.name === 'split');
	expect(split?.description).toContain('one item per entry of one list (cases or queries)');
});

describe('V1 Download Summary, as n8n lays out its panel', () => {
	const download = { apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary', rut: '76.222.222-1' };

	test('Put Output File in Field shows for the PDF only, Convert Dates for JSON only', () => {
		const { properties } = description();
		const [pdf, json] = ['pdf', 'json'].map((format) => Object.keys(filledIn(properties, { ...download, format })));
		expect(pdf).toContain('binaryPropertyName');
		expect(pdf).not.toContain('isoDates');
		expect(json).toContain('isoDates');
		expect(json).not.toContain('binaryPropertyName');
	});

	test('n8n flags an empty Put Output File in Field before the workflow runs, for the PDF only', () => {
		const d = description();
		const issues = (set: Record<string, unknown>) =>
			NodeHelpers.getNodeParametersIssues(d.properties, { ...NODE, parameters: filledIn(d.properties, { ...download, ...set }) as INodeParameters }, d)?.parameters ?? {};
		expect(Object.keys(issues({ format: 'pdf', binaryPropertyName: '' }))).toEqual(['binaryPropertyName']);
		expect(issues({ format: 'pdf', binaryPropertyName: 'data' })).toEqual({});
		expect(issues({ format: 'json', binaryPropertyName: '' })).toEqual({});
	});
});

test('Request Options keep their numbers within the bounds the node applies', () => {
	const options = description().properties.find((p) => p.name === 'requestOptions')?.options as INodeProperties[];
	expect(Object.fromEntries(options.map((o) => [o.name, o.typeOptions]))).toEqual({
		maxAttempts: { minValue: 1, maxValue: 10 },
		maxWaitSeconds: { minValue: 0, maxValue: 600 },
		maxPaidLoads: { minValue: 0, numberPrecision: 0 },
		requestsInParallel: { minValue: 1, maxValue: 50 },
	});
});
