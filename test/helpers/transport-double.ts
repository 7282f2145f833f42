// A stand-in for the transport in unit tests: the parts a test gives, plus what the service's home
// asks of every transport (its credential, here without Answer Key Names, and its per-run memo).
import type { Transport } from '../../nodes/shared/transport';

export function transportDouble(parts: object): Transport {
	const memos = new Map<string, unknown>();
	const memo = (key: string, make: () => unknown) => {
		if (!memos.has(key)) memos.set(key, make());
		return memos.get(key);
	};
	return { credential: async () => ({}), memo, ...parts } as unknown as Transport;
}
