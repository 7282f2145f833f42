// Where the README and docs/ put a taxpayer's name beside a RUT (a company and its RUT as people
// write them, a JSON item's rut and name, the sandbox's table of known RUTs), the name is the one
// the sandbox answers for that RUT, so a reader trying the docs in `npm start` meets the same names.
import { startSandbox } from '../../sandbox';
import { docPages, readDoc } from '../helpers/docs';

const RUT = String.raw`\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]`;
const PAIRS = [
	// "Importadora Atacama S.A. (76.111.111-6)"
	new RegExp(String.raw`((?:[A-Z][a-z]+ ){1,3}(?:SpA|S\.A\.|Limitada|EIRL)) \((${RUT})\)`, 'g'),
	// "76.111.111-6 · Importadora Atacama S.A.", as the RUT picker lists it
	new RegExp(String.raw`(${RUT}) · ((?:[A-Z][a-z]+ ){1,3}(?:SpA|S\.A\.|Limitada|EIRL))`, 'g'),
	// "rut": "76111111-6", "name": "…" in a JSON example
	new RegExp(String.raw`"rut": "(${RUT})",\s*"name": "([^"]+)"`, 'g'),
	// | `clean` | 76111111-6 | Importadora Atacama S.A. | … in docs/sandbox.md
	new RegExp(String.raw`^\| \x60\w+\x60 \| (${RUT}) \| ([^|]+?) \|`, 'gm'),
];
const canonical = (rut: string) => rut.replace(/\./g, '').toUpperCase();

function pairsIn(text: string): Array<{ rut: string; name: string }> {
	const found: Array<{ rut: string; name: string }> = [];
	PAIRS.forEach((pattern, i) => {
		for (const m of text.matchAll(pattern)) found.push(i === 0 ? { name: m[1], rut: canonical(m[2]) } : { rut: canonical(m[1]), name: m[2].trim() });
	});
	return found;
}

test('every name the docs give a RUT is the sandbox\'s name for it', async () => {
	const pairs = docPages().flatMap((file) => pairsIn(readDoc(file)).map((p) => ({ file, ...p })));
	// The monitor's example item, operations' picker and the sandbox's table are all found.
	expect(new Set(pairs.map((p) => p.file))).toEqual(new Set(['docs/monitor.md', 'docs/operations.md', 'docs/sandbox.md']));
	const ruts = [...new Set(pairs.map((p) => p.rut))];
	const sb = await startSandbox({ preloadedRuts: ruts });
	try {
		const names = new Map<string, string>();
		for (const rut of ruts) {
			const res = await fetch(`${sb.url}/api/clients/v2/helper/resumen?rut=${rut}`, { headers: { authorization: `Bearer ${sb.token}`, 'x-client-identifier': sb.clientId } });
			names.set(rut, ((await res.json()) as { data: { identificacion: { razonSocial: string } } }).data.identificacion.razonSocial);
		}
		expect(pairs.filter((p) => p.name !== names.get(p.rut))).toEqual([]);
	} finally {
		await sb.close();
	}
});
