// Paid must look paid wherever money can be spent: the action list and the Operation list say
// "Paid: " first for every operation whose entry is paid (derived from the entry, so a new paid
// operation is marked by construction), a notice on each paid operation and on Load RUT If Not
// Loaded (while it is on) says what caps the run, and no description in a dropdown carries an
// HTTP path. What the editor shows is reproduced with n8n's own displayParameter.
import { NodeHelpers, type INodeParameters, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

import { NODE, freshRiskInfo } from '../helpers/isolated';
import { RESOURCES } from '../../nodes/RiskInfo/actions/registry';

const properties = () => freshRiskInfo().description.properties;
const all = (['v2', 'v1'] as const).flatMap((version) => RESOURCES[version].flatMap((r) => r.operations.map((o) => ({ version, resource: r.value, op: o }))));
const paid = all.filter((o) => o.op.paid);
const free = all.filter((o) => !o.op.paid);

/** The Operation list's option of an operation, as the panel builds it. */
function option(props: INodeProperties[], version: string, resource: string, operation: string): INodePropertyOptions {
	const list = props.find((p) => p.name === 'operation' && p.displayOptions?.show?.apiVersion?.[0] === version && p.displayOptions?.show?.resource?.[0] === resource)!;
	return (list.options as INodePropertyOptions[]).find((o) => o.value === operation)!;
}

/** The texts of the notices n8n's editor shows for these parameter values. */
function noticesShown(props: INodeProperties[], values: Record<string, unknown>): string[] {
	return props
		.filter((p) => p.type === 'notice' && NodeHelpers.displayParameter(values as INodeParameters, p, NODE, null))
		.map((p) => p.displayName);
}

test('every paid operation (RUT Load and Compliance Load Profile, on both versions) says "Paid: " first in its action and its description', () => {
	expect(paid.map((o) => `${o.version} ${o.resource} ${o.op.value}`)).toEqual(
		expect.arrayContaining(['v2 rut load', 'v2 compliance loadProfile', 'v1 v1Rut load', 'v1 v1Compliance loadProfile']),
	);
	const props = properties();
	for (const { version, resource, op } of paid) {
		const shown = option(props, version, resource, op.value);
		expect([op.value, shown.action?.slice(0, 6), shown.description?.slice(0, 6)]).toEqual([op.value, 'Paid: ', 'Paid: ']);
	}
	expect(option(props, 'v2', 'rut', 'load').action).toBe('Paid: Load a RUT');
});

test('no free operation says "Paid", so the marker means something', () => {
	const props = properties();
	for (const { version, resource, op } of free) {
		const shown = option(props, version, resource, op.value);
		expect([op.value, /paid:/i.test(`${shown.action} ${shown.description}`)]).toEqual([op.value, false]);
	}
});

test('no description in the API Version, Resource or Operation lists holds an HTTP path or method', () => {
	const lists = properties().filter((p) => ['apiVersion', 'resource', 'operation'].includes(p.name));
	const texts = lists.flatMap((p) => (p.options as INodePropertyOptions[]).flatMap((o) => [o.name, o.description ?? '', o.action ?? '']));
	expect(texts.length).toBeGreaterThan(60);
	expect(texts.filter((t) => /\b(GET|POST) \//.test(t) || /\/api\b|\/helper\b|\{rut\}|\/[a-z]+\/[a-z]/i.test(t))).toEqual([]);
});

describe('the notice on a paid operation', () => {
	test.each(paid.map((o) => [`${o.version} ${o.resource} ${o.op.value}`, o] as const))('%s: one notice, saying it pays and naming the cap, whether the cap is set or not', (_, { version, resource, op }) => {
		const props = properties();
		const at = { apiVersion: version, resource, operation: op.value };
		const uncapped = noticesShown(props, at);
		const capped = noticesShown(props, { ...at, requestOptions: { maxPaidLoads: 20 } });
		const byExpression = noticesShown(props, { ...at, requestOptions: { maxPaidLoads: '={{ $json.cap }}' } });
		expect([uncapped.length, capped.length, byExpression.length]).toEqual([1, 1, 1]);
		for (const text of [...uncapped, ...capped]) {
			expect(text).toMatch(/^Paid: /);
			expect(text).toContain('Maximum Paid Loads per Run');
		}
		expect(uncapped[0]).toMatch(/No cap is set/);
		expect(capped[0]).toMatch(/stops before it makes more paid calls than Maximum Paid Loads per Run/);
		expect(byExpression).toEqual(capped);
		// A cap of 0 is a cap: it allows no paid call.
		expect(noticesShown(props, { ...at, requestOptions: { maxPaidLoads: 0 } })).toEqual(capped);
	});

	test.each(paid.filter((o) => o.op.paid === 'rutLoad').map((o) => [`${o.version} ${o.resource} ${o.op.value}`, o] as const))(
		"%s with Stop When the Plan Runs Out: the plan stops the run, unless a cap is set",
		(_, { version, resource, op }) => {
			const props = properties();
			const at = { apiVersion: version, resource, operation: op.value, stopAtPlan: true };
			const byPlan = noticesShown(props, at);
			expect(byPlan).toHaveLength(1);
			expect(byPlan[0]).toMatch(/^Paid: .*This run stops at the look-ups the plan has left \(Stop When the Plan Runs Out\)/);
			expect(noticesShown(props, { ...at, requestOptions: { maxPaidLoads: 5 } })).toEqual([expect.stringMatching(/stops before it makes more paid calls than Maximum Paid Loads per Run/)]);
		},
	);

	test('free reads show no paid notice while Load RUT If Not Loaded is off', () => {
		const props = properties();
		for (const { version, resource, op } of free) {
			const shown = noticesShown(props, { apiVersion: version, resource, operation: op.value, loadIfMissing: false });
			expect([op.value, shown.filter((t) => t.startsWith('Paid'))]).toEqual([op.value, []]);
		}
	});
});

test('every read with Load RUT If Not Loaded shows one paid notice naming the cap while the option is on, and none while it is off', () => {
	const props = properties();
	const withLoad = all.filter((o) => o.op.steps.some((s) => s.properties.some((p) => p.name === 'loadIfMissing')));
	expect(withLoad.length).toBeGreaterThan(15);
	for (const { version, resource, op } of withLoad) {
		const at = { apiVersion: version, resource, operation: op.value };
		const on = noticesShown(props, { ...at, loadIfMissing: true });
		const off = noticesShown(props, { ...at, loadIfMissing: false });
		expect([op.value, on.length, off.filter((t) => t.startsWith('Paid'))]).toEqual([op.value, 1, []]);
		expect(on[0]).toMatch(/^Paid: each RUT the account has not loaded yet is loaded first, a paid call.*Maximum Paid Loads per Run/);
		const byPlan = noticesShown(props, { ...at, loadIfMissing: true, stopAtPlan: true });
		expect([op.value, byPlan.length, /stops at the look-ups the plan has left/.test(byPlan[0])]).toEqual([op.value, 1, true]);
	}
});
