import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';
import jsonParser from 'jsonc-eslint-parser';

const community = n8nCommunityNodesPlugin.configs.recommended;

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.runtime/**', 'coverage/**', '*.js', '**/*.js', '*.mjs'] },
	{
		...community,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: { parser: tseslint.parser },
	},
	{
		...community,
		files: ['package.json'],
		languageOptions: { parser: jsonParser },
	},
	{
		files: ['sandbox/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
		languageOptions: { parser: tseslint.parser },
		rules: {},
	},
];
