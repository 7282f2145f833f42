#!/usr/bin/env node
// `npm run scan`: n8n's verification scanner (@n8n/scan-community-package) on this package, as it
// would be published, without the scanner's download step (it fetches a published version and its
// attested source from the internet). Its own analyzePackage() runs twice:
//   the packed tarball, unpacked: every .js, .ts and .json file in it (the scanner's default,
//     which is stricter than the .js + package.json it checks on a published tarball today)
//   the source, with the scanner's SOURCE_FILE_PATTERNS (package.json, nodes/ and credentials/)
// Exit 1 when either finds a problem. Options: --no-build (pack the dist/ already built).
// Runs in the current folder, so a test can scan a copy of the package.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const dir = process.cwd();
const tmp = mkdtempSync(path.join(tmpdir(), 'riskinfo-scan-'));
const say = (line) => process.stdout.write(`${line}\n`);

try {
	if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', '--silent', 'build'], { cwd: dir, stdio: 'inherit' });
	// --ignore-scripts: prepack would build again.
	const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], { cwd: dir, encoding: 'utf8' }));
	const unpacked = path.join(tmp, 'package');
	mkdirSync(unpacked);
	execFileSync('tar', ['-xzf', path.join(tmp, packed.filename), '-C', unpacked, '--strip-components=1']);

	const legs = [
		[`tarball ${packed.filename} (${packed.entryCount} files)`, await analyzePackage(unpacked)],
		[`source (${SOURCE_FILE_PATTERNS.join(', ')})`, await analyzePackage(dir, SOURCE_FILE_PATTERNS)],
	];
	for (const [what, result] of legs) {
		say(`scan: ${result.passed ? 'PASS' : 'FAIL'} ${what}${result.passed ? '' : `: ${result.message}`}`);
		if (result.details) say(result.details.replaceAll(unpacked, packed.filename));
	}
	process.exitCode = legs.every(([, result]) => result.passed) ? 0 : 1;
} finally {
	rmSync(tmp, { recursive: true, force: true });
}
