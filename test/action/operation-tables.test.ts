// The operation tables (actions/api-v1|api-v2/*.resource.ts) are module-level values, which mutation
// testing counts as reached only by tests that load them inside the test (test/MUTANTS.md). Here
// the node and its tables are loaded inside the test and every operation is sent to the sandbox:
// each answers 2xx at a path of the spec's endpoint list (copied from the spec, not the node),
// together they reach every endpoint, the operations on the addendum's endpoints say so, and every
// resource and operation has a name users can read; every read offers Convert Dates.
import type { INodeProperties } from 'n8n-workflow';

import { KNOWN_RUTS } from '../../sandbox';
import type { RiskInfo as RiskInfoClass } from '../../nodes/RiskInfo/RiskInfo.node';
import type { Resource } from '../../nodes/RiskInfo/actions/types';
import { isolated } from '../helpers/isolated';
import { useSandbox } from '../helpers/sandbox';
import { parametersFor, SPEC_ENDPOINTS, specEndpointOf } from '../helpers/spec-endpoints';
import { credentialsOf, runNode } from './context';

const RUT = KNOWN_RUTS.indebted;
const sb = useSandbox({ complianceDelayMs: 20 }, [RUT]);

interface Loaded {
	RiskInfo: typeof RiskInfoClass;
	RESOURCES: Record<string, Resource[]>;
	propertiesOf: (operation: Resource['operations'][number]) => INodeProperties[];
}

const load = () =>
	isolated<Loaded>(() => ({
		...require('../../nodes/RiskInfo/RiskInfo.node'),
		...require('../../nodes/RiskInfo/actions/registry'),
		...require('../../nodes/RiskInfo/actions/router'),
	}));

test('every operation of the tables, loaded inside the test, answers 2xx at a spec endpoint, together they reach them all, and those reading the addendum\'s endpoints say so', async () => {
	const { RiskInfo, RESOURCES, propertiesOf } = load();
	const reached = new Set<unknown>();
	const wrong: string[] = [];
	// [operation, reads an endpoint of the addendum, its description says it is beyond the spec]
	const sources: Array<[string, boolean, boolean]> = [];
	for (const [version, resources] of Object.entries(RESOURCES)) {
		for (const resource of resources) {
			for (const operation of resource.operations) {
				const params = parametersFor(version, resource.value, operation.value, propertiesOf(operation), RUT);
				sb.resetLog();
				const { items } = await runNode({ ...credentialsOf(sb), params, continueOnFail: true, node: RiskInfo });
				const name = `${version} ${resource.value} ${operation.value}`;
				if (!items.length || items.some((item) => item.json.error !== undefined)) wrong.push(`${name}: ${JSON.stringify(items[0]?.json)}`);
				if (!sb.requests.length) wrong.push(`${name}: sent nothing`);
				let addendum = false;
				for (const r of sb.requests) {
					const endpoint = specEndpointOf(r);
					if (!endpoint || r.status >= 300) wrong.push(`${name}: ${r.method} ${r.path} ${r.status}`);
					else reached.add(endpoint);
					addendum ||= endpoint?.addendum === true;
				}
				// Check Answers reads many endpoints, the addendum's among them, to check them: it is none of them.
				if (operation.value !== 'checkAnswers') sources.push([name, addendum, /beyond the interface spec/.test(operation.description)]);
			}
		}
	}
	expect(wrong).toEqual([]);
	expect(SPEC_ENDPOINTS.filter((e) => !reached.has(e))).toEqual([]);
	expect(sources.filter(([, addendum, said]) => addendum !== said)).toEqual([]);
	// A1, A2, A5 and A7.
	expect(sources.filter(([, addendum]) => addendum).length).toBe(4);
});

test('every read (GET) of the tables, loaded inside the test, offers Convert Dates, and no load (POST) does', () => {
	const { RESOURCES, propertiesOf } = load();
	const wrong: string[] = [];
	for (const [version, resources] of Object.entries(RESOURCES)) {
		for (const resource of resources) {
			for (const operation of resource.operations) {
				const offers = propertiesOf(operation).some((p) => p.name === 'isoDates');
				// Check Answers gives its own items, no answer with dates.
				if (offers !== (operation.method === 'GET' && operation.value !== 'checkAnswers')) wrong.push(`${version} ${resource.value} ${operation.value} (${operation.method})`);
			}
		}
	}
	expect(wrong).toEqual([]);
});

test('every resource and operation of the tables, loaded inside the test, has its own value and a name, action and description', () => {
	const { RESOURCES } = load();
	for (const resources of Object.values(RESOURCES)) {
		expect(new Set(resources.map((r) => r.value)).size).toBe(resources.length);
		for (const resource of resources) {
			expect([resource.value, resource.name, resource.description].filter((text) => !text?.trim())).toEqual([]);
			expect(new Set(resource.operations.map((o) => o.value)).size).toBe(resource.operations.length);
			for (const o of resource.operations) expect([o.value, o.name, o.action, o.description].filter((text) => !text?.trim())).toEqual([]);
		}
	}
});
