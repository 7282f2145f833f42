// Every link people follow lands where it says: the Docs links and help texts of both nodes and
// both credentials open a page of the repository at a heading it has, and every link between the
// README, the docs/ pages and the sandbox's and bench's READMEs reaches a file that exists, at a
// heading that exists. Renaming or
// moving a heading that something links to fails here.
import { existsSync } from 'node:fs';
import path from 'node:path';

import { RiskInfoApi } from '../../credentials/RiskInfoApi.credentials';
import { RiskInfoWebhookAuthApi } from '../../credentials/RiskInfoWebhookAuthApi.credentials';
import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';
import { RiskInfoMonitor } from '../../nodes/RiskInfoMonitor/RiskInfoMonitor.node';
import { DOCS } from '../../nodes/shared/builderHints';
import { REPOSITORY, ROOT, anchors, docPages, landsOnHeading, pageOf, readDoc, slug } from '../helpers/docs';

describe('GitHub anchors, as this test computes them', () => {
	it.each([
		['Trigger', 'trigger'],
		['Try it without the service', 'try-it-without-the-service'],
		['What `npm start` gives you', 'what-npm-start-gives-you'],
		['Trigger webhook() CPU per large delivery (5.00 MB JSON, in process)', 'trigger-webhook-cpu-per-large-delivery-500-mb-json-in-process'],
		['Moving from V1 to V2', 'moving-from-v1-to-v2'],
		['Try it: `npm start -- --queue`', 'try-it-npm-start------queue'],
	])('%s → #%s', (heading, anchor) => {
		expect(slug(heading)).toBe(anchor);
	});

	it('a repeated heading gets -1, and a "# comment" inside a code block is no heading', () => {
		const readme = anchors('README.md');
		expect(readme.has('install')).toBe(true);
		expect(readme.has('restart-n8n')).toBe(false);
		expect(readDoc('README.md')).toMatch(/^# restart n8n$/m);
	});
});

/** Every text inside a description, however deep. */
function texts(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(texts);
	if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
	return [];
}

/** Every link to the repository that a node or credential shows: Docs links, and links in its texts. */
function linksShownInN8n(): Array<[string, string]> {
	const shown: Array<[string, unknown]> = [
		['Risk Info', new RiskInfo().description],
		['Risk Info Trigger', new RiskInfoTrigger().description],
		['Risk Info Monitor', new RiskInfoMonitor().description],
		['Risk Info API credential', new RiskInfoApi()],
		['Risk Info Webhook Auth credential', new RiskInfoWebhookAuthApi()],
	];
	return shown.flatMap(([who, what]) =>
		texts(what).flatMap((text) => [...text.matchAll(/https:\/\/github\.com\/[^"'\s<>)]*/g)].map((m): [string, string] => [who, m[0]])),
	);
}

describe('links the nodes and credentials show in n8n', () => {
	const links = linksShownInN8n();

	it('are every DOCS link and both credentials\' Docs links, and all of them are found', () => {
		const urls = new Set(links.map(([, url]) => url));
		for (const url of [...Object.values(DOCS), new RiskInfoApi().documentationUrl, new RiskInfoWebhookAuthApi().documentationUrl]) {
			expect([url, urls.has(url)]).toEqual([url, true]);
		}
		expect(links.length).toBeGreaterThanOrEqual(6);
	});

	it('each opens a page of the repository at a heading that page has', () => {
		for (const [who, url] of links) {
			expect({ who, url, page: pageOf(url), lands: landsOnHeading(url) }).toEqual({ who, url, page: expect.anything(), lands: true });
			expect(pageOf(url)!.anchor).not.toBe('');
		}
	});

	it('Docs go to the README\'s sections for each node and credential; the trigger\'s test how-to to the trigger page', () => {
		expect(DOCS.operations).toBe(`${REPOSITORY}#operations`);
		expect(DOCS.trigger).toBe(`${REPOSITORY}#trigger`);
		expect(new RiskInfoApi().documentationUrl).toBe(`${REPOSITORY}#credentials`);
		expect(pageOf(DOCS.tryTheTrigger)).toEqual({ file: 'docs/trigger.md', anchor: 'try-it-without-the-service' });
	});

	it('a renamed heading is caught: a link to a heading no page has does not land', () => {
		expect(landsOnHeading(`${REPOSITORY}#operations-renamed`)).toBe(false);
		expect(landsOnHeading(`${REPOSITORY}/blob/main/docs/trigger.md#no-such-heading`)).toBe(false);
		expect(landsOnHeading(`${REPOSITORY}/blob/main/docs/no-such-page.md#trigger`)).toBe(false);
	});
});

describe.each([...docPages(), 'sandbox/README.md', 'bench/README.md'])('%s', (file) => {
	const text = readDoc(file).replace(/```[\s\S]*?```/g, '');
	const dir = path.dirname(file);
	const targets = [
		...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]),
		...[...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
	].filter((t) => !/^[a-z]+:/i.test(t));

	it('every relative link reaches a file of the repository, and a heading it has', () => {
		for (const target of targets) {
			const [to, anchor = ''] = target.split('#');
			const linked = to === '' ? file : path.normalize(path.join(dir, to));
			expect({ target, exists: existsSync(path.join(ROOT, linked)) }).toEqual({ target, exists: true });
			if (anchor) expect({ target, heading: linked.endsWith('.md') && anchors(linked).has(anchor) }).toEqual({ target, heading: true });
		}
	});
});

test('every docs/ page is linked from the README', () => {
	const readme = readDoc('README.md');
	for (const page of docPages().filter((p) => p !== 'README.md')) expect({ page, linked: readme.includes(`](${page}`) }).toEqual({ page, linked: true });
});
