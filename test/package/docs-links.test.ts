// Every link the nodes' descriptions give (the Docs links n8n shows) lands on a section that exists.
import { DOCS, PACKAGE_DESCRIPTION } from '../../nodes/shared/docs';
import { readmeAnchors } from '../helpers/readme';

test('the Docs links go to README sections that exist', () => {
	const anchors = readmeAnchors();
	expect(Object.keys(DOCS).sort()).toEqual(['operations', 'trigger', 'tryTheTrigger']);
	for (const link of Object.values(DOCS)) {
		const url = new URL(link);
		expect(`${url.origin}${url.pathname}`).toBe('https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo');
		expect({ link, section: anchors.has(url.hash.slice(1)) }).toEqual({ link, section: true });
	}
	// The node panel's description of the package (both nodes carry it).
	expect(PACKAGE_DESCRIPTION).toMatch(/^Risk and due-diligence information on Chilean taxpayers by RUT/);
	expect(DOCS.tryTheTrigger).toBe('https://github.com/n8n-nodes-riskinfo/n8n-nodes-riskinfo#try-it-without-the-service');
});
