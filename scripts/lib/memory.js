'use strict';
// Memory of the processes a run started, read from /proc (Linux). Each child runs in its own
// process group (proc.js), so a group is one service: n8n with its task runner, Postgres with its
// backends. The figure is the proportional set size (PSS) summed over the group: shared pages
// (Postgres's shared buffers, libraries) are counted once, not once per process.
const fs = require('node:fs');

function readOr(file, fallback) {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return fallback;
	}
}

/** The pids whose process group is `pgid`. */
function groupPids(pgid) {
	const pids = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = readOr(`/proc/${entry}/stat`, '');
		// pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(fields[2]) === pgid) pids.push(Number(entry));
	}
	return pids;
}

/** kB of `field` (Pss, Rss) in a smaps_rollup or status text. */
function kb(text, field) {
	const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
	return m ? Number(m[1]) : undefined;
}

/** Bytes held by the process group `pgid`: PSS where readable, resident size otherwise. */
function groupMemory(pgid) {
	let total = 0;
	for (const pid of groupPids(pgid)) {
		const pss = kb(readOr(`/proc/${pid}/smaps_rollup`, ''), 'Pss');
		total += (pss ?? kb(readOr(`/proc/${pid}/status`, ''), 'VmRSS') ?? 0) * 1024;
	}
	return total;
}

/** Samples each target's group every `everyMs` and keeps the peak and the last value. */
class MemorySampler {
	/** @param {{ name: string, pid: () => number | undefined }[]} targets */
	constructor(targets) {
		this.targets = targets;
		this.peak = new Map();
		this.last = new Map();
		this.timer = null;
	}

	sample() {
		if (!fs.existsSync('/proc/self/stat')) return;
		for (const t of this.targets) {
			const pid = t.pid();
			if (!pid) continue;
			const bytes = groupMemory(pid);
			if (!bytes) continue;
			this.last.set(t.name, bytes);
			this.peak.set(t.name, Math.max(bytes, this.peak.get(t.name) ?? 0));
		}
	}

	start(everyMs = 2000) {
		this.sample();
		this.initial = new Map(this.last);
		this.timer = setInterval(() => this.sample(), everyMs);
		this.timer.unref();
		return this;
	}

	stop() {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
	}

	/** "main 402 MB, worker-1 265 MB, …": the peaks, or with `at: 'start'` the first sample. */
	summary({ at = 'peak' } = {}) {
		const values = at === 'start' ? this.initial ?? new Map() : this.peak;
		return this.targets
			.filter((t) => values.has(t.name))
			.map((t) => `${t.name} ${Math.round(values.get(t.name) / 2 ** 20)} MB`)
			.join(', ');
	}
}

module.exports = { MemorySampler };
