// The node's parameters for API version 1: every V1 endpoint of spec §4.2 is an operation, under
// the same resources and operation values and names as V2 where the thing is the same. The V1
// resource values are V2's with a `v1` prefix (`v1Rut`…) and their names say "(V1)": n8n's node
// panel needs them distinct (test/action/actions-list.test.ts).
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';

const properties = new RiskInfo().description.properties;
const shownFor = (p: INodeProperties, key: string) => p.displayOptions?.show?.[key] as unknown[] | undefined;

function operations(version: string): Array<INodePropertyOptions & { resource: string }> {
	const resources = properties.find((p) => p.name === 'resource' && shownFor(p, 'apiVersion')?.includes(version))!;
	return (resources.options as INodePropertyOptions[]).flatMap((r) => {
		const list = properties.find(
			(p) => p.name === 'operation' && shownFor(p, 'apiVersion')?.includes(version) && shownFor(p, 'resource')?.includes(r.value),
		);
		return ((list?.options ?? []) as INodePropertyOptions[]).map((o) => ({ ...o, resource: String(r.value) }));
	});
}

const paramsOf = (resource: string, operation: string) =>
	properties.filter(
		(p) =>
			shownFor(p, 'apiVersion')?.includes('v1') &&
			shownFor(p, 'resource')?.includes(resource) &&
			shownFor(p, 'operation')?.includes(operation),
	);

test('every V1 endpoint of spec §4.2 (13) and of the addendum (1) is an operation with a name, an action and a description', () => {
	const all = operations('v1');
	expect(all.map((o) => `${o.resource}.${o.value}`).sort()).toEqual(
		[
			'v1Rut.load',
			'v1Rut.getSummary',
			'v1Rut.downloadSummary',
			'v1Rut.getIdentification',
			'v1Judicial.getCivilCases',
			'v1Judicial.getLaborCases',
			'v1Judicial.getCollectionCases',
			// Addendum A7: documented by the service beyond the interface spec.
			'v1Judicial.getAllCases',
			'v1LaborCollection.getPensionArrears',
			'v1LaborCollection.getLaborFines',
			'v1Legal.getOfficialGazette',
			'v1Legal.getCorporateMesh',
			'v1CreditScore.get',
			'v1Compliance.loadProfile',
		].sort(),
	);
	for (const o of all) {
		expect([o.value, typeof o.action, typeof o.description]).toEqual([o.value, 'string', 'string']);
		expect(o.name).toMatch(/^[A-Z]/);
	}
});

test('what both versions have keeps the same operation value and display name under the V2 resource with a v1 prefix', () => {
	const unprefixed = (value: string) => value.replace(/^v1(.)/, (_, c: string) => c.toLowerCase());
	const v2 = new Map(operations('v2').map((o) => [`${o.resource}.${o.value}`, o.name]));
	const v1 = new Map(operations('v1').map((o) => [`${unprefixed(o.resource)}.${o.value}`, o.name]));
	// The spec §9 pairs (V1 → V2) that exist in both.
	const shared = [
		'rut.getSummary',
		'rut.load',
		'judicial.getCivilCases',
		'judicial.getLaborCases',
		'judicial.getCollectionCases',
		'laborCollection.getPensionArrears',
		'laborCollection.getLaborFines',
		'creditScore.get',
		'legal.getCorporateMesh',
		'compliance.loadProfile',
	];
	for (const key of shared) expect([key, v1.get(key)]).toEqual([key, v2.get(key)]);
	const resources = (version: string) => [...new Set(operations(version).map((o) => o.resource))];
	// V2 only: Account, and the Commercial Bulletin reads the service documents for V2 alone.
	const v2Only = ['account', 'commercialBulletin'];
	expect(resources('v1')).toEqual(resources('v2').filter((r) => !v2Only.includes(r)).map((r) => `v1${r[0].toUpperCase()}${r.slice(1)}`));
	const names = (version: string) =>
		(properties.find((p) => p.name === 'resource' && shownFor(p, 'apiVersion')?.includes(version))!.options as INodePropertyOptions[]).map((o) => o.name);
	expect(names('v1')).toEqual(names('v2').filter((n) => n !== 'Account' && n !== 'Commercial Bulletin').map((n) => `${n} (V1)`));
});

test('every V1 parameter has a display name and a description', () => {
	// A notice is all display name: it has no description.
	const v1Params = properties.filter((p) => shownFor(p, 'apiVersion')?.includes('v1') && p.name !== 'resource' && p.name !== 'operation' && p.type !== 'notice');
	expect(v1Params.length).toBeGreaterThan(15);
	for (const p of v1Params) {
		expect([p.name, typeof p.displayName, typeof p.description]).toEqual([p.name, 'string', 'string']);
	}
});

test('the V1 options are there, with the documented defaults', () => {
	const byName = (ps: INodeProperties[], name: string) => ps.find((p) => p.name === name);
	const summary = paramsOf('v1Rut', 'getSummary');
	expect(byName(summary, 'complete')?.displayName).toBe('Include Corporate Mesh and Gazette Data');
	expect(summary.map((p) => p.name)).toEqual(expect.arrayContaining(['rut', 'simplify', 'loadIfMissing', 'isoDates']));

	const download = paramsOf('v1Rut', 'downloadSummary');
	expect(byName(download, 'format')?.default).toBe('pdf');
	expect(byName(download, 'binaryPropertyName')?.default).toBe('data');

	expect(byName(paramsOf('v1CreditScore', 'get'), 'creditScoreRoot')?.default).toBe('v1External');
	expect(byName(paramsOf('v1Compliance', 'loadProfile'), 'loadProfilePath')?.default).toBe('webhook');
	for (const [resource, op] of [
		['v1Judicial', 'getCivilCases'],
		['v1LaborCollection', 'getLaborFines'],
		['v1Legal', 'getOfficialGazette'],
	]) {
		expect(paramsOf(resource, op).map((p) => p.name)).toContain('split');
	}
});
