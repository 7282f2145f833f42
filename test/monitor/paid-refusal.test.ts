// The Monitor makes no paid call, whatever asks its transport for one: its transport refuses a paid
// request before anything is sent, so the service sees no load and the account pays nothing. The
// Monitor never asks for one itself, so a stand-in for the transport (the real one, with one paid
// load attempted before the Monitor's first read of a RUT) asks on its behalf; everything else is
// the Monitor in n8n's engine against the sandbox.
import { KNOWN_RUTS, type Sandbox } from '../../sandbox';
import { monitorWorkflow, sandboxWith } from './helpers';

const mockPaidAttempts: Array<{ refused: boolean }> = [];
let mockAsked = false;

jest.mock('../../nodes/shared/transport', () => {
	const actual = jest.requireActual('../../nodes/shared/transport');
	class TransportAskedToPay extends actual.Transport {
		async request(req: { rut?: string; query?: { rut?: unknown } }) {
			const rut = req.rut ?? req.query?.rut;
			// Once, though reads run in parallel.
			if (typeof rut === 'string' && !mockAsked) {
				mockAsked = true;
				try {
					await super.request({ method: 'POST', root: 'v2', path: '/helper/cargarRut', body: { rut, isMonitoring: false, includeBureau: false }, paid: true });
					mockPaidAttempts.push({ refused: false });
				} catch {
					mockPaidAttempts.push({ refused: true });
				}
			}
			return await super.request(req);
		}
	}
	return { ...actual, Transport: TransportAskedToPay };
});

let sb: Sandbox;
beforeEach(async () => (sb = await sandboxWith([KNOWN_RUTS.clean, KNOWN_RUTS.indebted])));
afterEach(async () => await sb.close());

test('a paid request through the Monitor\'s transport is refused before it is sent; the Monitor goes on reading', async () => {
	const wf = monitorWorkflow(sb, { source: 'list', ruts: `${KNOWN_RUTS.clean}\n${KNOWN_RUTS.indebted}` });
	await wf.poll();
	sb.changeRut(KNOWN_RUTS.indebted, 'civilCase');
	const second = await wf.poll();
	expect(mockPaidAttempts).toEqual([{ refused: true }]);
	expect(sb.usage().paidLoads).toBe(0);
	expect(sb.requests.filter((r) => r.method === 'POST')).toEqual([]);
	// The refusal cost the Monitor nothing of its own work: the change is still reported.
	expect((second.items ?? []).map((i) => i.json.rut)).toEqual([KNOWN_RUTS.indebted]);
});
