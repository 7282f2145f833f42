// The node's parameters for API version 1: every V1 endpoint of spec §4.2 is an operation, under
// the same resource and operation values as V2 where the thing is the same, so switching the
// API version keeps the user's choice.
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

test('every V1 endpoint of spec §4.2 (13) is an operation with a name, an action and a description', () => {
	const all = operations('v1');
	expect(all.map((o) => `${o.resource}.${o.value}`).sort()).toEqual(
		[
			'rut.load',
			'rut.getSummary',
			'rut.downloadSummary',
			'rut.getIdentification',
			'judicial.getCivilCases',
			'judicial.getLaborCases',
			'judicial.getCollectionCases',
			'laborCollection.getPensionArrears',
			'laborCollection.getLaborFines',
			'legal.getOfficialGazette',
			'legal.getCorporateMesh',
			'creditScore.get',
			'compliance.loadProfile',
		].sort(),
	);
	for (const o of all) {
		expect([o.value, typeof o.action, typeof o.description]).toEqual([o.value, 'string', 'string']);
		expect(o.name).toMatch(/^[A-Z]/);
	}
});

test('what both versions have keeps the same resource, operation and display name, so switching versions keeps the choice', () => {
	const v2 = new Map(operations('v2').map((o) => [`${o.resource}.${o.value}`, o.name]));
	const v1 = new Map(operations('v1').map((o) => [`${o.resource}.${o.value}`, o.name]));
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
	expect(resources('v1')).toEqual(resources('v2').filter((r) => r !== 'account'));
});

test('every V1 parameter has a display name and a description', () => {
	const v1Params = properties.filter((p) => shownFor(p, 'apiVersion')?.includes('v1') && p.name !== 'resource' && p.name !== 'operation');
	expect(v1Params.length).toBeGreaterThan(15);
	for (const p of v1Params) {
		expect([p.name, typeof p.displayName, typeof p.description]).toEqual([p.name, 'string', 'string']);
	}
});

test('the options issue 6 asks for are there, with the documented defaults', () => {
	const byName = (ps: INodeProperties[], name: string) => ps.find((p) => p.name === name);
	const summary = paramsOf('rut', 'getSummary');
	expect(byName(summary, 'complete')?.displayName).toBe('Include Corporate Mesh and Gazette Data');
	expect(summary.map((p) => p.name)).toEqual(expect.arrayContaining(['rut', 'simplify', 'loadIfMissing', 'isoDates']));

	const download = paramsOf('rut', 'downloadSummary');
	expect(byName(download, 'format')?.default).toBe('pdf');
	expect(byName(download, 'binaryPropertyName')?.default).toBe('data');

	expect(byName(paramsOf('creditScore', 'get'), 'creditScoreRoot')?.default).toBe('v1External');
	expect(byName(paramsOf('compliance', 'loadProfile'), 'loadProfilePath')?.default).toBe('webhook');
	for (const [resource, op] of [
		['judicial', 'getCivilCases'],
		['laborCollection', 'getLaborFines'],
		['legal', 'getOfficialGazette'],
	]) {
		expect(paramsOf(resource, op).map((p) => p.name)).toContain('split');
	}
});
