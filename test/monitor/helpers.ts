// The Monitor in a workflow as users build it (Risk Info Monitor → a node after it), polled as an
// active n8n polls it (harness/poll.ts), against a sandbox of its own over HTTP on 127.0.0.1.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { PolledWorkflow } from '../../harness/poll';
import { NO_OP } from '../../harness/workflow';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

const MONITOR = 'n8n-nodes-riskinfo.riskInfoMonitor';
export const V2_SUMMARY = '/api/clients/v2/helper/resumen';

export function monitorWorkflow(sb: Sandbox, parameters: IDataObject, o: { budgetMs?: number; name?: string } = {}): PolledWorkflow {
	const name = o.name ?? 'Risk Info Monitor';
	return new PolledWorkflow(
		{
			pollNode: name,
			nodes: [
				{ id: 'm', name, type: MONITOR, typeVersion: 1, position: [0, 0], parameters: parameters as never, credentials: { riskInfoApi: { id: '1', name: 'Risk Info' } } },
				{ id: 'n', name: 'After', type: NO_OP, typeVersion: 1, position: [200, 0], parameters: {} },
			],
			connections: { [name]: { main: [[{ node: 'After', type: 'main', index: 0 }]] } },
			credentials: { riskInfoApi: { baseUrl: sb.url, accessToken: sb.token, clientIdentifier: sb.clientId } },
		},
		o.budgetMs,
	);
}

/** A sandbox with these RUTs loaded (as test setup, not paid), closed after the test file. */
export async function sandboxWith(ruts: string[], options: SandboxOptions = {}, flags: { isMonitoring?: boolean } = {}): Promise<Sandbox> {
	const sb = await startSandbox(options);
	for (const rut of ruts) sb.loadRut(rut, flags);
	return sb;
}

/** The RUTs the sandbox was asked to read, in order (summary reads only). */
export function summaryReads(sb: Sandbox): string[] {
	return sb.requests.filter((r) => r.path === V2_SUMMARY).map((r) => r.query.rut);
}

export const jsonOf = (items: INodeExecutionData[] | null | undefined) => (items ?? []).map((i) => i.json);

/** RUTs with valid check digits, counting from `from`. */
export function rutsFrom(from: number, count: number): string[] {
	const out: string[] = [];
	for (let body = from; out.length < count; body++) out.push(`${body}-${checkDigit(body)}`);
	return out;
}

// Written again from the rule (modulo 11, weights 2..7 from the right), not taken from the node.
function checkDigit(body: number): string {
	let sum = 0;
	let weight = 2;
	for (const digit of String(body).split('').reverse()) {
		sum += Number(digit) * weight;
		weight = weight === 7 ? 2 : weight + 1;
	}
	const rest = 11 - (sum % 11);
	return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}
