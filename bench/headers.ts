// The headers the node really sends, read back from the sandbox's log, so the plain undici loop
// can send exactly the same ones (including `connection: close`: n8n opens a connection per request).
import type { RecordedRequest } from '../sandbox';

/** Set by the transport layer itself, not part of what a client chooses to send. */
const PER_CONNECTION = new Set(['host', 'content-length']);

export function headersOf(requests: RecordedRequest[]): Record<string, string> {
	if (requests.length === 0) throw new Error('the node sent nothing to copy headers from');
	const strip = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => !PER_CONNECTION.has(k)).sort());
	const first = strip(requests[0].headers);
	const differing = requests.find((r) => JSON.stringify(strip(r.headers)) !== JSON.stringify(first));
	if (differing) throw new Error(`the node's requests do not all carry the same headers: ${JSON.stringify(differing.headers)}`);
	return first;
}
