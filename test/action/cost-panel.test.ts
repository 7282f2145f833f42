// The cost guard in the node's panel: the cap under Request Options, and the Dry Run switch on exactly
// the operations that can pay (a paid operation, or a read with Load RUT If Not Loaded on).
import type { INodeProperties } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/RiskInfo/actions/registry';
import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';

const properties = new RiskInfo().description.properties;

test('Maximum Paid Loads per Run is a Request Option, off until added, with a hint for large lists', () => {
	const options = properties.find((p) => p.name === 'requestOptions')!;
	const cap = (options.options as INodeProperties[]).find((o) => o.name === 'maxPaidLoads')!;
	expect(cap.displayName).toBe('Maximum Paid Loads per Run');
	expect(cap.type).toBe('number');
	expect(cap.typeOptions).toMatchObject({ minValue: 0 });
	expect(cap.description).toMatch(/empty/);
	expect(cap.hint).toMatch(/large list/);
	// A collection option counts only once the user adds it: a new node has no cap.
	expect(options.default).toEqual({});
});

test('Dry Run (Estimate Cost) is offered on every operation that can pay, and on no other', () => {
	for (const [version, resources] of Object.entries(RESOURCES)) {
		for (const resource of resources) {
			for (const operation of resource.operations) {
				const shown = (p: INodeProperties) => {
					const show = p.displayOptions?.show ?? {};
					return show.apiVersion?.includes(version) && show.resource?.includes(resource.value) && show.operation?.includes(operation.value);
				};
				const dryRun = properties.filter((p) => p.name === 'dryRun' && shown(p));
				const loadIfMissing = properties.some((p) => p.name === 'loadIfMissing' && shown(p));
				const where = `${version} ${resource.value} ${operation.value}`;
				if (operation.paid) {
					expect([where, dryRun.map((p) => p.displayOptions?.show?.loadIfMissing)]).toEqual([where, [undefined]]);
				} else if (loadIfMissing) {
					expect([where, dryRun.map((p) => p.displayOptions?.show?.loadIfMissing)]).toEqual([where, [[true]]]);
				} else {
					expect([where, dryRun.length]).toEqual([where, 0]);
				}
				if (dryRun.length) expect(dryRun[0].displayName).toBe('Dry Run (Estimate Cost)');
			}
		}
	}
});
