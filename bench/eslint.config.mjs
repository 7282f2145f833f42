// Not shipped: linted like the tests (test/eslint.config.mjs says why).
export { default } from '../test/eslint.config.mjs';
