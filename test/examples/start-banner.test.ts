// `npm start`'s banner tells how to make a watched supplier's risk change: its command, run as
// printed, changes that RUT at the sandbox the banner names (the e2e then sees the Monitor's
// example run with it). The sandbox's known RUTs are monitored from the start, for free.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import fs from 'node:fs';
import path from 'node:path';

import { CHANGE_KINDS, KNOWN_RUTS, startSandbox } from '../../sandbox';

const demo = require('../../scripts/lib/demo') as {
	banner: (o: Record<string, unknown>) => string;
	monitorKnownRuts: (sb: unknown) => void;
	ACTIVE_ROLES: string[];
};
const { exampleWorkflows } = require('../../scripts/lib/setup') as { exampleWorkflows: (o?: unknown) => Record<string, { json: { name: string } }> };

const screeningNote = () => {
	const wf = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../examples/supplier-screening.json'), 'utf8')) as { nodes: Array<{ type: string; parameters: { content?: string } }> };
	return wf.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote').map((n) => n.parameters.content).join('\n');
};

test('the banner names the Monitor\'s example as active and prints a change command that works', async () => {
	const sb = await startSandbox();
	try {
		demo.monitorKnownRuts(sb);
		expect(sb.usage()).toMatchObject({ paidLoads: 0, loadedRuts: Object.keys(KNOWN_RUTS).length });
		const wfs = exampleWorkflows({ required: demo.ACTIVE_ROLES });
		const text = demo.banner({ startedAt: Date.now(), url: 'http://127.0.0.1:5678', wfs, receiver: 'onboarding', role: 'onboarding', hookUrl: 'http://127.0.0.1:5678/webhook/x', sandbox: sb, stop: 'Press Ctrl-C' });
		const lines = text.split('\n');
		expect(lines.find((l) => l.trim().startsWith('Active:'))).toContain(`"${wfs.supplierMonitoring.json.name}"`);
		const command = lines.map((l) => l.trim()).find((l) => l.startsWith('curl ') && l.includes('/_sandbox/'))!;
		expect(command).toContain(sb.url);
		// Not execFileSync: the sandbox answers from this process, whose event loop must keep running.
		const answer = JSON.parse((await promisify(execFile)('sh', ['-c', command], { encoding: 'utf8', timeout: 20_000 })).stdout);
		const rut = /\/_sandbox\/ruts\/([^/]+)\/changes/.exec(command)![1];
		expect(answer).toMatchObject({ rut, change: 'criticalRisk' });
		const risk = async (r: string) => (await (await fetch(`${sb.url}/api/clients/v2/helper/resumen?rut=${r}`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } })).json()).data.compliance.riesgo;
		expect(await risk(rut)).toBe('critical');
		// The supplier-screening example's note promises the clean supplier approved: the banner's change leaves it so.
		expect(screeningNote()).toMatch(/clean \(approved\)/);
		expect(await risk(KNOWN_RUTS.clean)).toBe('free');
		// Every other change the sandbox can make is listed, by the name the command takes.
		const others = lines.slice(lines.findIndex((l) => l.includes('Other changes')));
		for (const kind of CHANGE_KINDS.filter((k) => k !== 'criticalRisk')) expect(others.some((l) => l.trim().startsWith(`${kind} `))).toBe(true);
	} finally {
		await sb.close();
	}
});
