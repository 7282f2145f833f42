// One naming style, n8n's (docs.n8n.io, "Design your node's user interface", UI text style, and
// the n8n-nodes-base ESLint rules n8n's lint applies to literal descriptions): an operation's
// `action`, the line n8n's node panel lists for it and the default name of a node added from it, is
// in sentence case ("Get account usage"; rule node-param-operation-option-action-miscased);
// a drop-down value (an option's `name`) and a parameter name (a collection option's
// `displayName`) are in title case ("Get Usage", "Requests in Parallel"). Our descriptions are
// built from the registry, so ESLint cannot see them: this walks every node's built description,
// every version, and holds each text to its rule.
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { RiskInfo } from '../../nodes/RiskInfo/RiskInfo.node';
import { RiskInfoMonitor } from '../../nodes/RiskInfoMonitor/RiskInfoMonitor.node';
import { RiskInfoTrigger } from '../../nodes/RiskInfoTrigger/RiskInfoTrigger.node';

/** Proper nouns that keep their capital inside a sentence. */
const PROPER_NOUNS = new Set(['Dicom']);
/** Words title case leaves in lower case unless they start the name (the title-case package's list, which n8n's display-name rule uses). */
const MINOR_WORDS = new Set('a an and as at because but by en for if in neither nor of on only or over per so some than that the to up upon v versus via vs when with without yet'.split(' '));
/** The marker registry.ts puts before a paid operation's action: a label, after which the sentence starts. */
const PAID = 'Paid: ';

const words = (text: string) => text.split(/\s+/).map((w) => w.replace(/^[("]+|[)",:.]+$/g, '')).filter((w) => /^[A-Za-z]/.test(w));
const isAcronym = (word: string) => word === word.toUpperCase();

/** Sentence case: the first word capitalised, every other in lower case unless it is an acronym (RUT, V1) or a proper noun. */
function sentenceCaseFaults(text: string): string[] {
	const [first, ...rest] = words(text.startsWith(PAID) ? text.slice(PAID.length) : text);
	const faults = first && first[0] === first[0].toUpperCase() ? [] : [`"${first}" starts it in lower case`];
	for (const word of rest) if (!isAcronym(word) && !PROPER_NOUNS.has(word) && word !== word.toLowerCase()) faults.push(`"${word}" is capitalised`);
	return faults;
}

/** Title case: every word capitalised except the minor ones after the first; paths and numbers are left as they are. */
function titleCaseFaults(text: string): string[] {
	if (text.startsWith('/')) return [];
	return words(text)
		.filter((word, i) => word[0] !== word[0].toUpperCase() && (i === 0 || !MINOR_WORDS.has(word.toLowerCase())))
		.map((word) => `"${word}" is in lower case`);
}

type Named = { where: string; text: string };

/** Every operation's action, every option's name and every collection option's display name of a description. */
function texts(description: INodeTypeDescription): { actions: Named[]; names: Named[] } {
	const actions: Named[] = [];
	const names: Named[] = [];
	const walk = (properties: INodeProperties[], path: string) => {
		for (const p of properties) {
			const here = `${path} → ${p.displayName}`;
			for (const o of p.options ?? []) {
				if ('value' in o) {
					const option = o as INodePropertyOptions;
					names.push({ where: here, text: option.name });
					// An operation's action is the panel's line; a trigger's Events options are listed as
					// "On " and their name title-cased (n8n's startCase), which their actions follow.
					if (option.action && p.name === 'operation') actions.push({ where: here, text: option.action });
				} else if ('values' in o) {
					const collection = o as INodePropertyCollection;
					names.push({ where: here, text: collection.displayName });
					walk(collection.values, `${here} → ${collection.displayName}`);
				} else {
					const field = o as INodeProperties;
					names.push({ where: here, text: field.displayName });
					walk([field], here);
				}
			}
		}
	};
	walk(description.properties, description.displayName);
	return { actions, names };
}

const descriptions: INodeTypeDescription[] = [new RiskInfo().description, new RiskInfoTrigger().description, new RiskInfoMonitor().description];
const all = descriptions.map(texts);
const actions = all.flatMap((t) => t.actions);
const names = all.flatMap((t) => t.names);

test('the walk reaches every operation (31 actions), every option and every collection option', () => {
	expect(actions.length).toBe(31);
	expect(names.map((n) => n.text)).toEqual(expect.arrayContaining(['Get Usage', 'Requests in Parallel', 'One Digest per Poll', 'Medium or Critical']));
	expect(names.length).toBeGreaterThan(80);
});

test('every operation\'s action is in sentence case, as the node panel lists n8n\'s own', () => {
	expect(actions.map((a) => ({ ...a, faults: sentenceCaseFaults(a.text) })).filter((a) => a.faults.length)).toEqual([]);
	expect(actions.map((a) => a.text)).toContain('Check answers');
});

test('every drop-down value and collection option is in title case, as n8n\'s own are', () => {
	expect(names.map((n) => ({ ...n, faults: titleCaseFaults(n.text) })).filter((n) => n.faults.length)).toEqual([]);
});

test('the two rules tell the styles apart', () => {
	expect(sentenceCaseFaults('Check Answers')).toEqual(['"Answers" is capitalised']);
	expect(sentenceCaseFaults('Paid: Load a RUT (V1)')).toEqual([]);
	expect(sentenceCaseFaults('Get Dicom cases')).toEqual([]);
	expect(titleCaseFaults('Check answers')).toEqual(['"answers" is in lower case']);
	expect(titleCaseFaults('When the Workflow Has Finished')).toEqual([]);
	expect(titleCaseFaults('/webhook/loadProfile')).toEqual([]);
});
