// Runs of the action node against the sandbox for what the router and the operation runner do
// with some answers: items that shared a PDF download get files of their own, a dry run of a
// paged read for a RUT that is not loaded estimates the load without reading pages, and an
// operation the node does not have is an error for its item, whose details hold only what its error has.
import { KNOWN_RUTS, formatRut } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { credentialsOf, runNode, runNodeError } from '../action/context';

const sb = useSandbox({}, [KNOWN_RUTS.indebted]);

test('items that shared a PDF download each get the file, and editing one leaves the other as it was', async () => {
	const download = { apiVersion: 'v1', resource: 'v1Rut', operation: 'downloadSummary', rut: KNOWN_RUTS.indebted };
	const { items } = await runNode({ ...credentialsOf(sb), params: [download, download] });
	expect(sb.requests).toHaveLength(1);
	expect(items).toHaveLength(2);
	const file = items[0].binary?.data;
	expect(file?.mimeType).toBe('application/pdf');
	expect(items[1].binary).toEqual(items[0].binary);
	// A later node that takes the first item's file away, in place, must not take the second's.
	delete items[0].binary!.data;
	expect(items[1].binary?.data).toEqual(file);
});

test('a dry run of a paged read (Dicom queries) for a RUT that is not loaded estimates the load and reads no further page', async () => {
	const rut = formatRut(33_000_001);
	const { items } = await runNode({
		...credentialsOf(sb),
		params: { apiVersion: 'v2', resource: 'commercialBulletin', operation: 'getDicomQueries', rut, returnAll: true, loadIfMissing: true, dryRun: true },
	});
	// The sandbox's default plan has 1000 look-ups; the run would use one of them.
	const plan = { planLookupsRemaining: 1000 - sb.usage().paidLoads, lookupsNeeded: 1, wouldExceedPlan: false, loadsOverMonitoringPlan: 0 };
	expect(items.map((item) => item.json)).toEqual([{ rut, dryRun: true, wouldPay: true, wouldPayFor: 'RUT load', ...plan }]);
	expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/clients/v2/usage', `GET /api/clients/v2/helper/boletin/${rut}/consultasDicom`]);
});

test('an operation the node does not have (a workflow edited by hand) stops the node with an error naming it and its item', async () => {
	const error = await runNodeError({ ...credentialsOf(sb), params: { apiVersion: 'v3', resource: 'rut', operation: 'load' } });
	expect(error.message).toBe('Unknown operation v3 rut load');
	expect(error.context?.itemIndex).toBe(0);
	expect(sb.requests).toEqual([]);
});

test('under Continue On Fail, the unknown operation is the error item of its own item only', async () => {
	const summary = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary', rut: KNOWN_RUTS.indebted };
	const { items } = await runNode({ ...credentialsOf(sb), params: [summary, { ...summary, operation: 'delete' }], continueOnFail: true });
	expect(items[1]).toEqual({ json: { error: 'Unknown operation v2 rut delete', details: { itemIndex: 1 } }, pairedItem: { item: 1 } });
	expect(items[0].json.error).toBeUndefined();
});

test('under Continue On Fail, an error item holds only the details its error has', async () => {
	const summary = { apiVersion: 'v2', resource: 'rut', operation: 'getSummary' };
	const { items } = await runNode({ ...credentialsOf(sb), params: [{ ...summary, operation: 'delete' }, { ...summary, rut: formatRut(33_000_002) }], continueOnFail: true });
	expect(Object.keys(items[0].json.details as object)).toEqual(['itemIndex']);
	// The RUT is not loaded: the service's answer has a code and the error says what to do.
	expect(Object.keys(items[1].json.details as object)).toEqual(['itemIndex', 'httpCode', 'description']);
});
