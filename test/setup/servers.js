'use strict';
// Every HTTP server the tests start (the sandbox, the relay, receivers of deliveries) keeps an idle
// kept-alive connection until the client closes it or the server is closed (close() and
// closeAllConnections() still end it at once). Node's default closes it after 5 s of real time,
// which races a request the client is sending on it when a busy machine has stalled a test that
// long: the request fails with ECONNRESET (seen on a loaded run, between Load If Not Loaded's read
// and its load). With the client deciding when an idle connection ends, no request meets one that
// is being closed.
const http = require('node:http');

const PATCHED = Symbol.for('riskinfo.test.keepAliveUntilClientCloses');
if (!http.createServer[PATCHED]) {
	const createServer = http.createServer;
	http.createServer = function keepAliveUntilClientCloses(...args) {
		const server = createServer.apply(this, args);
		server.keepAliveTimeout = 0;
		return server;
	};
	http.createServer[PATCHED] = true;
}
