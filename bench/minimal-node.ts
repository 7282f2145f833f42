// The least any n8n node must do to fetch one summary per item: read the RUT parameter, then call
// n8n's HTTP helper with the Risk Info credential, `parallel` at a time, each item's parameter read
// just before its request (no checking of every item first, no request sharing, no retries). The benchmark runs it
// beside the Risk Info node so the table can tell what n8n itself costs from what our node adds.
import type { ICredentialsDecrypted, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

export const MINIMAL_NODE = 'bench.minimalHttp';

export class MinimalHttpNode implements INodeType {
	description = {
		displayName: 'Minimal HTTP',
		name: 'minimalHttp',
		group: ['transform'],
		version: 1,
		description: 'One GET per item through n8n\'s helper, nothing else',
		defaults: { name: 'Minimal HTTP' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'riskInfoApi', required: true }],
		properties: [
			{ displayName: 'RUT', name: 'rut', type: 'string', default: '' },
			{ displayName: 'Parallel', name: 'parallel', type: 'number', default: 10 },
		],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const parallel = this.getNodeParameter('parallel', 0) as number;
		// Read once, as the Risk Info node does; n8n would otherwise decrypt it per request.
		const data = await this.getCredentials('riskInfoApi');
		const credentialsDecrypted = { id: '1', name: 'Risk Info', type: 'riskInfoApi', data } as ICredentialsDecrypted;
		const base = String(data.baseUrl).replace(/\/+$/, '');
		const out: INodeExecutionData[] = new Array(items.length);
		let next = 0;
		const worker = async () => {
			while (next < items.length) {
				const i = next++;
				const response = await this.helpers.httpRequestWithAuthentication.call(
					this,
					'riskInfoApi',
					{
						method: 'GET',
						url: `${base}/api/clients/v2/helper/resumen`,
						qs: { rut: this.getNodeParameter('rut', i) as string },
						headers: { accept: 'application/json' },
						json: true,
						ignoreHttpStatusErrors: true,
						returnFullResponse: true,
						disableFollowRedirect: true,
					},
					{ credentialsDecrypted },
				);
				out[i] = { json: response.body.data, pairedItem: { item: i } };
			}
		};
		await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
		return [out];
	}
}
