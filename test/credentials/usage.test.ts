// The credential's Test reads GET /usage, which stays free, and works with the answer the service
// documents (addendum A4): against the sandbox, whose plan the test sets, it passes, costs nothing
// and says how many paid look-ups the plan has left.
import { CredentialTestContext } from 'n8n-core';
import type { IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { testRiskInfoApi } from '../../nodes/shared/service/credentialTest';
import { formatRut } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';

const sb = useSandbox({ plan: { lookups: 40 } }, []);

async function press() {
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	const data = { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId };
	return await testRiskInfoApi.call(context, { id: '1', name: 'Risk Info', type: 'riskInfoApi', data: data as never });
}

test('passes on the documented answer, with the plan\'s look-ups left; one free read, nothing paid', async () => {
	for (const body of [41_000_000, 41_000_001, 41_000_002]) {
		await fetch(`${sb.url}/api/clients/v2/helper/cargarRut`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId, 'content-type': 'application/json' },
			body: JSON.stringify({ rut: formatRut(body) }),
		});
	}
	sb.resetLog();
	const before = sb.usage();
	expect(await press()).toEqual({
		status: 'OK',
		message: 'The service accepted the Access Token and the Client Identifier. The plan has 37 of 40 paid look-ups left.',
	});
	expect(sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /api/clients/v2/usage 200']);
	expect(sb.usage()).toEqual(before);
});
