/**
 * The node answers refusals itself, through Node's own response methods (n8n's response is an
 * express Response, which extends them), then tells n8n not to answer again.
 */
import type { PlainObject } from '../shared/objects';

export interface DeliveryResponse {
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

export function sendJson(res: DeliveryResponse, status: number, body: PlainObject, headers: Record<string, string> = {}): void {
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
	res.end(JSON.stringify(body));
}
