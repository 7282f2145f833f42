// `npm start`'s banner tells how to make a watched supplier's risk change: its command, run as
// printed, changes that RUT at the sandbox the banner names (the e2e then sees the Monitor's
// example run with it). The sandbox's known RUTs are monitored from the start, for free.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { KNOWN_RUTS, startSandbox } from '../../sandbox';

const demo = require('../../scripts/lib/demo') as {
	banner: (o: Record<string, unknown>) => string;
	monitorKnownRuts: (sb: unknown) => void;
	ACTIVE_ROLES: string[];
};
const { exampleWorkflows } = require('../../scripts/lib/setup') as { exampleWorkflows: (o?: unknown) => Record<string, { json: { name: string } }> };

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
		expect(answer).toMatchObject({ rut: KNOWN_RUTS.clean, change: 'criticalRisk' });
		const summary = await (await fetch(`${sb.url}/api/clients/v2/helper/resumen?rut=${KNOWN_RUTS.clean}`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } })).json();
		expect(summary.data.compliance.riesgo).toBe('critical');
	} finally {
		await sb.close();
	}
});
