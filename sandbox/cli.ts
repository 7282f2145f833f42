/** `npm run sandbox`: the sandbox on 127.0.0.1 until SIGINT/SIGTERM. Flags: see cli-options.ts. */
import { CHANGE_TEXT } from './changes';
import { parseCli, USAGE } from './cli-options';
import { KNOWN_NAMES, KNOWN_RUTS } from './known';
import { startSandbox } from './server';
import { DEFAULT_PLAN } from './usage';

async function main() {
	const { help, options, changes } = parseCli(process.argv.slice(2), process.env);
	if (help) {
		console.log(USAGE);
		return;
	}
	const sandbox = await startSandbox(options);
	// Handlers first: whoever reads the banner may signal at once.
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`${signal} received, stopping the sandbox`);
		sandbox.close().then(
			() => {
				console.log('Sandbox stopped.');
				process.exit(0);
			},
			(error: unknown) => {
				console.error('Sandbox did not stop cleanly:', error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	for (const { rut, kind, afterSeconds } of changes) {
		setTimeout(() => {
			try {
				sandbox.changeRut(rut, kind);
				console.log(`Changed RUT ${rut}: ${CHANGE_TEXT[kind]}`);
			} catch (error) {
				console.error(`--change ${rut}:${kind}: ${error instanceof Error ? error.message : String(error)}`);
			}
		}, afterSeconds * 1000).unref();
	}
	console.log(`Risk-information sandbox listening on ${sandbox.url}`);
	console.log(`  Base URL:          ${sandbox.url}   (V2 ${sandbox.url}/api/clients/v2, V1 ${sandbox.url}/api/v1)`);
	console.log(`  Access token:      ${sandbox.token}`);
	console.log(`  Client identifier: ${sandbox.clientId}`);
	console.log(`  Webhook:           ${options.webhook?.url ?? '(none: compliance results are only recorded)'}`);
	console.log(`  Plan (GET /usage): ${options.plan?.lookups ?? DEFAULT_PLAN.lookups} paid look-ups, ${options.plan?.monitoringPlaces ?? DEFAULT_PLAN.monitoringPlaces} monitoring places`);
	console.log(`  Known RUTs:        ${Object.entries(KNOWN_RUTS).map(([k, v]) => `${k} ${v}`).join(', ')}`);
	console.log(`  Known names:       ${Object.entries(KNOWN_NAMES).map(([k, v]) => `${k} "${v}"`).join(', ')}`);
	console.log(`  Change a record:   curl -sS -X POST ${sandbox.url}/_sandbox/ruts/<rut>/changes -H 'Content-Type: application/json' -d '{"change":"criticalRisk"}'`);
	if (options.answerDrift) console.log(`  Answer drift:      ${options.answerDrift} (${options.answerDriftRuts?.join(', ') ?? 'every RUT'}); back to normal: POST ${sandbox.url}/_sandbox/drift {"drift":null}`);
	for (const c of changes) console.log(`  Scheduled change:  in ${c.afterSeconds} s, RUT ${c.rut} ${CHANGE_TEXT[c.kind]}`);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
