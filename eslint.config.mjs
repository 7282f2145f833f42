// The package's own files get exactly what n8n's verification runs on a published package
// (@n8n/scan-community-package, scanner/scanner.mjs `buildScanConfig`): the community-nodes
// rules, no console, and eslint-plugin-n8n-nodes-base's community, credentials and nodes rule sets
// with the scanner's own overrides, over package.json and nodes/ + credentials/ sources, and over
// the compiled dist/ it would find in the tarball. Tests, sandbox and bench only need to parse.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const community = n8nCommunityNodesPlugin.configs.recommended;
const shipped = ['package.json', 'nodes/**/*.ts', 'credentials/**/*.ts', 'dist/**/*.js'];

export default [
	{ ignores: ['node_modules/**', '.runtime/**', 'coverage/**', '.scratch/**', '.stryker-tmp/**', 'reports/**', '*.js', 'scripts/**', 'bench/**/*.js', '*.mjs'] },
	{ ...community, files: shipped },
	{ files: shipped, rules: { 'no-console': 'error' }, plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{ files: ['package.json'], rules: { ...n8nNodesBase.configs.community.rules } },
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	// The rules that read package.json walk a TypeScript syntax tree, which only this parser gives it.
	{ files: ['package.json', '**/*.ts'], languageOptions: { parser: tseslint.parser } },
];
