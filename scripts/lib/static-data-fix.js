'use strict';
// Measurement aid for `npm run e2e:queue -- --static-data-fix`, loaded into the webhook
// processors with NODE_OPTIONS=--require: what Ignore Repeated Deliveries would do if n8n 2.40.7
// saved a webhook trigger's static data. n8n wraps the workflow's static-data object in an
// ObservableObject once for the webhook and again (WorkflowRunner.establishContextForPersistence)
// while queueing the execution; the second wrap sets `__dataChanged` back to false, so the change
// the trigger made is never saved. Here a wrap keeps a flag that is already true. Never used by
// the package or by `npm start`.
const path = require('node:path');

// Preloaded before n8n's own code: resolve n8n-workflow from n8n's bin script, as n8n does.
const observable = require(require.resolve('n8n-workflow/dist/cjs/observable-object.js', { paths: [path.dirname(process.argv[1])] }));
const create = observable.create;
observable.create = function (target, ...rest) {
	const changed = target !== null && typeof target === 'object' && Object.prototype.hasOwnProperty.call(target, '__dataChanged') && target.__dataChanged === true;
	const proxy = create.call(this, target, ...rest);
	if (changed) target.__dataChanged = true;
	return proxy;
};
