// The node's parameters for API version 2 follow n8n's conventions and offer every V2
// endpoint of spec §4.1 under resources users recognise.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';

const description = new RiskInfo().description;
const properties = description.properties;

const shownFor = (p: INodeProperties, key: string) => p.displayOptions?.show?.[key] as unknown[] | undefined;
const v2Resources = properties.find((p) => p.name === 'resource' && shownFor(p, 'apiVersion')?.includes('v2'))!;
const v2OperationLists = properties.filter((p) => p.name === 'operation' && shownFor(p, 'apiVersion')?.includes('v2'));

function operationsOf(resource: string): INodePropertyOptions[] {
	const list = v2OperationLists.find((p) => shownFor(p, 'resource')?.includes(resource));
	return (list?.options ?? []) as INodePropertyOptions[];
}

test('API Version defaults to V2 and offers V1', () => {
	const version = properties.find((p) => p.name === 'apiVersion')!;
	expect(version.default).toBe('v2');
	expect((version.options as INodePropertyOptions[]).map((o) => o.value)).toEqual(['v2', 'v1']);
	expect(properties.indexOf(version)).toBe(0);
});

test('V2 resources are the ones users look for, RUT first', () => {
	const names = (v2Resources.options as INodePropertyOptions[]).map((o) => o.name);
	expect(names).toEqual(['RUT', 'Commercial Bulletin', 'Judicial', 'Labor Collection', 'Credit Score', 'Legal', 'Compliance', 'Account']);
	expect(v2Resources.default).toBe('rut');
});

test('every V2 endpoint of spec §4.1 (13) and of the addendum (3) is an operation, each with a plain-English name, an action and a description', () => {
	const all = (v2Resources.options as INodePropertyOptions[]).flatMap((r) =>
		operationsOf(String(r.value)).map((o) => ({ resource: String(r.value), ...o })),
	);
	expect(all.map((o) => `${o.resource}.${o.value}`).sort()).toEqual(
		[
			'rut.load',
			'rut.getSummary',
			'judicial.getCivilCases',
			'judicial.getLaborCases',
			'judicial.getCollectionCases',
			'laborCollection.getPensionArrears',
			'laborCollection.getLaborFines',
			'creditScore.get',
			'legal.getCorporateMesh',
			'compliance.loadProfile',
			'compliance.getByRut',
			'account.getUsage',
			'account.listProfiles',
			// Not an endpoint: the free reads above, set against what the package reads of them.
			'account.checkAnswers',
			// Addendum A1, A2, A5: documented by the service beyond the interface spec.
			'commercialBulletin.getDicomCases',
			'commercialBulletin.getDicomQueries',
			'laborCollection.getPensionInfractions',
		].sort(),
	);
	for (const o of all) {
		expect([o.value, typeof o.action, typeof o.description]).toEqual([o.value, 'string', 'string']);
		expect((o.action as string).length).toBeGreaterThan(3);
		expect(o.name).toMatch(/^[A-Z]/);
	}
	const names = new Map(all.map((o) => [o.value, o.name]));
	expect(names.get('getPensionArrears')).toBe('Get Pension Arrears (Mora Previsional)');
	expect(names.get('getLaborFines')).toBe('Get Labor Fines (Multa Laboral)');
	expect(names.get('getCorporateMesh')).toBe('Get Corporate Mesh (Malla Societaria)');
});

test('V1 operations are not offered under V2', () => {
	for (const p of properties) {
		if (p.name === 'apiVersion' || p.name === 'requestOptions') continue;
		expect([p.name, shownFor(p, 'apiVersion')?.length]).toEqual([p.name, 1]);
	}
});

test('every V2 parameter has a display name and a description; only the choosers forbid expressions', () => {
	// A notice is all display name: it has no description.
	const v2Params = properties.filter((p) => shownFor(p, 'apiVersion')?.includes('v2') && p.name !== 'resource' && p.name !== 'operation' && p.type !== 'notice');
	expect(v2Params.length).toBeGreaterThan(10);
	for (const p of v2Params) {
		expect([p.name, typeof p.displayName, typeof p.description, p.noDataExpression ?? false]).toEqual([
			p.name,
			'string',
			'string',
			false,
		]);
	}
});

test('Get Summary offers Simplify, Load RUT If Not Loaded and ISO dates; list reads offer Split Into Items', () => {
	const paramsOf = (resource: string, operation: string) =>
		properties
			.filter((p) => shownFor(p, 'apiVersion')?.includes('v2') && shownFor(p, 'resource')?.includes(resource) && shownFor(p, 'operation')?.includes(operation))
			.map((p) => p.name);
	expect(paramsOf('rut', 'getSummary')).toEqual(expect.arrayContaining(['rut', 'simplify', 'loadIfMissing', 'isoDates']));
	for (const op of ['getCivilCases', 'getLaborCases', 'getCollectionCases']) {
		expect(paramsOf('judicial', op)).toContain('split');
	}
	for (const op of ['getPensionArrears', 'getLaborFines']) expect(paramsOf('laborCollection', op)).toContain('split');
	expect(paramsOf('compliance', 'loadProfile')).toEqual(expect.arrayContaining(['fullName', 'personType', 'searchErrors', 'isMonitoring']));
	const personType = properties.find((p) => p.name === 'personType' && shownFor(p, 'apiVersion')?.includes('v2'))!;
	expect(personType.type).toBe('options');
});

test('usable as an AI tool, with light and dark icons and a codex file', () => {
	expect(description.usableAsTool).toBe(true);
	const icon = description.icon as { light: string; dark: string };
	const dir = path.resolve(__dirname, '../../nodes/RiskInfo');
	for (const file of [icon.light, icon.dark]) {
		expect(fs.existsSync(path.resolve(dir, file.replace(/^file:/, '')))).toBe(true);
	}
	expect(icon.light).not.toBe(icon.dark);
	const codex = JSON.parse(fs.readFileSync(path.join(dir, 'RiskInfo.node.json'), 'utf8'));
	expect(codex.node).toBe('n8n-nodes-riskinfo.riskInfo');
});
