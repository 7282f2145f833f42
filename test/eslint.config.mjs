// Code that never ships (tests here; bench/, sandbox/ and harness/ use this file too) is not held
// to n8n's rules for code that runs inside n8n: it reads files, the environment and the clock,
// and prints. ESLint finds this file instead of the package's root eslint.config.mjs (n8n's
// default, which strict mode keeps unchanged) because `npm run lint:n8n` turns on ESLint's config
// lookup from each file's folder (ESLINT_FLAGS); see docs/development.md. tsc type-checks it all.
import tseslint from 'typescript-eslint';

export default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }];
