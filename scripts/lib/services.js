'use strict';
// Postgres and Redis for n8n's queue mode: Debian's packages, run from a temporary folder, on
// 127.0.0.1 only, as an unprivileged user (root runs them as their system users: Postgres
// refuses root). Run as root, the missing packages are installed with apt-get; otherwise the
// error says what to install.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { start, run, stop } = require('./proc');
const { freePort } = require('./n8n');
const { SetupError } = require('../n8n-runtime');

const PG_ROOT = '/usr/lib/postgresql';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The bin/ folder of the newest Postgres Debian installed (it keeps them in /usr/lib/postgresql/<major>). */
function postgresBin() {
	if (!fs.existsSync(PG_ROOT)) return undefined;
	const majors = fs
		.readdirSync(PG_ROOT)
		.filter((v) => fs.existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')) && fs.existsSync(path.join(PG_ROOT, v, 'bin', 'psql')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? path.join(PG_ROOT, majors[0], 'bin') : undefined;
}

function onPath(cmd) {
	return (process.env.PATH ?? '').split(':').map((d) => path.join(d || '.', cmd)).find((p) => fs.existsSync(p));
}

const redisBin = () => onPath('redis-server') ?? (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);

/** uid and gid of a system user from /etc/passwd, or undefined. */
function systemUser(name) {
	try {
		const line = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
		if (!line) return undefined;
		const [, , uid, gid] = line.split(':');
		return { name, uid: Number(uid), gid: Number(gid) };
	} catch {
		return undefined;
	}
}

function missingPackages() {
	const missing = [];
	if (!postgresBin()) missing.push('postgresql');
	if (!redisBin()) missing.push('redis-server');
	return missing;
}

/**
 * Postgres and Redis are installed afterwards, or this throws saying what to install. As root it
 * runs apt-get (an `apt-get update` first only when the plain install fails on stale lists).
 */
async function ensureServicePackages(log = () => {}) {
	const missing = missingPackages();
	if (!missing.length) return [];
	const command = `apt-get install -y ${missing.join(' ')}`;
	if (!isRoot()) throw new SetupError(`queue mode needs Debian's ${missing.join(' and ')}: run  sudo ${command}  (or as root: ${command}) and try again`);
	if (!fs.existsSync('/usr/bin/apt-get')) throw new SetupError(`queue mode needs ${missing.join(' and ')} (Debian packages); this machine has no apt-get: install them by hand`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	// The packages would start system-wide services on their usual ports; ours run from temporary
	// folders. Debian's way to keep an install from starting services: a policy-rc.d answering 101.
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !fs.existsSync(policy);
	if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	log(`installing ${missing.join(', ')} (${command})`);
	let res;
	try {
		res = await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, timeoutMs: 15 * 60_000 });
		if (res.code !== 0) {
			log('apt-get install failed; running apt-get update and trying again');
			const upd = await run('apt-get', ['update'], { env, timeoutMs: 10 * 60_000 });
			if (upd.code !== 0) throw new SetupError(`apt-get update failed:\n${upd.output.slice(-2000)}`);
			res = await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, timeoutMs: 15 * 60_000 });
		}
	} finally {
		if (ownPolicy) fs.rmSync(policy, { force: true });
	}
	if (res.code !== 0) throw new SetupError(`${command} failed:\n${res.output.slice(-2000)}`);
	const still = missingPackages();
	if (still.length) throw new SetupError(`${command} finished but ${still.join(', ')} is still missing`);
	return missing;
}

/** The user a service runs as: its system user when we are root, ourselves otherwise. */
function runAs(name) {
	if (!isRoot()) return {};
	const user = systemUser(name) ?? systemUser('nobody');
	if (!user) throw new SetupError(`running as root, but there is no "${name}" user to run ${name} as`);
	return { uid: user.uid, gid: user.gid, user };
}

/** A folder the service's user owns; `parent` must let that user through (0711). */
function serviceFolder(dir, as) {
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	if (as.uid !== undefined) fs.chownSync(dir, as.uid, as.gid);
	return dir;
}

async function waitUntil(what, probe, handle, timeoutMs) {
	let exited;
	handle.done.then((r) => (exited = r));
	for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
		if (exited) throw new SetupError(`${what} exited (code ${exited.code}) before it was ready:\n${exited.output.slice(-2000)}`);
		if (await probe()) return;
	}
	await stop(handle, 3000);
	throw new SetupError(`${what} was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Postgres in `dir` (created), listening on 127.0.0.1 only, user `n8n` trusted, database `n8n`.
 * Durability is off (fsync): the database lives as long as the run.
 */
async function startPostgres(dir, { log = () => {} } = {}) {
	const bin = postgresBin();
	if (!bin) throw new SetupError('Postgres is not installed (apt-get install -y postgresql)');
	const as = runAs('postgres');
	serviceFolder(dir, as);
	const data = path.join(dir, 'data');
	const opts = { cwd: dir, uid: as.uid, gid: as.gid, env: { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: dir } };
	const init = await run(path.join(bin, 'initdb'), ['-D', data, '-U', 'n8n', '--auth=trust', '-E', 'UTF8', '--no-sync'], { ...opts, timeoutMs: 120_000 });
	if (init.code !== 0) throw new SetupError(`initdb failed:\n${init.output.slice(-2000)}`);
	const port = await freePort();
	const handle = start(
		path.join(bin, 'postgres'),
		['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=200'],
		{ ...opts, timeoutMs: 24 * 3600_000, tailLines: 100 },
	);
	const psql = (sql, db = 'postgres') => run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', '-d', db, '-Atqc', sql], { timeoutMs: 30_000, env: { PATH: process.env.PATH } });
	await waitUntil('postgres', async () => (await psql('select 1')).code === 0, handle, 60_000);
	const created = await psql('create database n8n');
	if (created.code !== 0) {
		await stop(handle, 5000, 'SIGINT');
		throw new SetupError(`creating the n8n database failed:\n${created.output}`);
	}
	log(`Postgres ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}${as.user ? ` as ${as.user.name}` : ''}, data in ${data}`);
	return {
		port,
		pid: handle.child.pid,
		env: { DB_TYPE: 'postgresdb', DB_POSTGRESDB_HOST: '127.0.0.1', DB_POSTGRESDB_PORT: String(port), DB_POSTGRESDB_DATABASE: 'n8n', DB_POSTGRESDB_USER: 'n8n', DB_POSTGRESDB_PASSWORD: '' },
		psql: (sql) => psql(sql, 'n8n'),
		// SIGINT is Postgres's fast shutdown: it ends its sessions and stops at once.
		stop: () => stop(handle, 15_000, 'SIGINT'),
	};
}

function redisPing(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		let answer = '';
		const done = (ok) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d;
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
	});
}

/** Redis in the foreground, 127.0.0.1 only, nothing saved to disk. */
async function startRedis(dir, { log = () => {} } = {}) {
	const bin = redisBin();
	if (!bin) throw new SetupError('Redis is not installed (apt-get install -y redis-server)');
	const as = runAs('redis');
	serviceFolder(dir, as);
	const port = await freePort();
	const handle = start(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir, '--protected-mode', 'yes'], {
		cwd: dir,
		uid: as.uid,
		gid: as.gid,
		env: { PATH: process.env.PATH },
		timeoutMs: 24 * 3600_000,
		tailLines: 100,
	});
	await waitUntil('redis-server', () => redisPing(port), handle, 30_000);
	log(`Redis on 127.0.0.1:${port}${as.user ? ` as ${as.user.name}` : ''}`);
	return {
		port,
		pid: handle.child.pid,
		env: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) },
		stop: () => stop(handle, 10_000),
	};
}

module.exports = { ensureServicePackages, startPostgres, startRedis, isRoot };
