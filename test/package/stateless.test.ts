/**
 * Stateless nodes. In queue mode an execution may run on any worker and a
 * delivery may reach any webhook process, and one process runs many executions: whatever node
 * code keeps in module memory is missing on the next process and leaks into the next execution
 * on the same one. So node code (nodes/, credentials/) may keep nothing outside n8n's own stores:
 * no module-level `let`/`var`, no module-level WeakMap/WeakSet/WeakRef, no module-level Map,
 * Set, array or object (or static class field) that any file writes to, no timers, no
 * `process`, `global` or `globalThis`; constant lookup tables are fine. The checker resolves names with TypeScript's type checker, so a
 * local of the same name does not count and a module-level object imported and mutated in
 * another file does. Not seen: mutation through an alias (`const a = TABLE.list; a.push(x)`).
 *
 * The queue-mode e2e shows the other half: the same workflow on two workers gives identical output.
 *
 * Two exceptions, named below: a per-process lock that only orders concurrent work and holds
 * nothing once idle, where an n8n store needs it (the architecture guide allows it); and the
 * account's pace, which issue 68 asks for: bounded, no secret, only an optimisation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Ignore Repeated Deliveries' recordings, one at a time per workflow and trigger node in a process,
 * since n8n's store reads, then writes back; test/trigger/repeated-deliveries.test.ts checks that it
 * is empty once the recordings have ended, failed ones too.
 */
const PER_PROCESS_LOCKS = [
	/^nodes\/RiskInfoTrigger\/repeats\.ts:\d+ calls \.(set|delete)\(\) on module-level recording \(recording\)$/,
	// Issue 68: the account's pace, a bounded per-process optimisation that holds no secret and no result (transport/accounts.ts).
	/^nodes\/shared\/transport\/accounts\.ts:\d+ calls \.(set|delete|clear)\(\) on module-level paces \(paces\)$/,
];

const MUTATING_METHODS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear']);
const MUTATING_STATICS = new Set(['Object.assign', 'Object.defineProperty', 'Object.defineProperties', 'Object.setPrototypeOf', 'Reflect.set', 'Reflect.defineProperty', 'Reflect.deleteProperty']);
// Only ever useful as a cache; a Map or Set counts when something writes to it, like an array.
const CACHE_CONSTRUCTORS = new Set(['WeakMap', 'WeakSet', 'WeakRef']);
const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask']);
const GLOBALS = new Set(['process', 'global', 'globalThis']);
const ASSIGNMENTS = new Set([
	ts.SyntaxKind.EqualsToken,
	ts.SyntaxKind.PlusEqualsToken,
	ts.SyntaxKind.MinusEqualsToken,
	ts.SyntaxKind.AsteriskEqualsToken,
	ts.SyntaxKind.SlashEqualsToken,
	ts.SyntaxKind.PercentEqualsToken,
	ts.SyntaxKind.AmpersandAmpersandEqualsToken,
	ts.SyntaxKind.BarBarEqualsToken,
	ts.SyntaxKind.QuestionQuestionEqualsToken,
	ts.SyntaxKind.BarEqualsToken,
	ts.SyntaxKind.AmpersandEqualsToken,
	ts.SyntaxKind.CaretEqualsToken,
	ts.SyntaxKind.LessThanLessThanEqualsToken,
	ts.SyntaxKind.GreaterThanGreaterThanEqualsToken,
	ts.SyntaxKind.AsteriskAsteriskEqualsToken,
]);

function sourceFiles(dir: string): string[] {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		if (e.isDirectory()) return sourceFiles(p);
		return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
	});
}

/** The identifier a property/element access chain starts from (`a` in `a.b[c].d`), if any. */
function rootOf(expr: ts.Expression): ts.Identifier | undefined {
	let e: ts.Expression = expr;
	for (;;) {
		if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
		else if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
		else return ts.isIdentifier(e) ? e : undefined;
	}
}

const isTopLevel = (decl: ts.Node) => ts.isVariableDeclaration(decl) && ts.isVariableDeclarationList(decl.parent) && ts.isVariableStatement(decl.parent.parent) && ts.isSourceFile(decl.parent.parent.parent);
const isStaticField = (decl: ts.Node) => ts.isPropertyDeclaration(decl) && !!ts.getModifiers(decl)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);

/** Lines "file:line what" for every place in `files` where node code could keep state between executions. */
function findModuleState(files: string[], root: string): string[] {
	const program = ts.createProgram(files, { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, strict: true, noEmit: true, skipLibCheck: true, types: [] });
	const checker = program.getTypeChecker();
	const findings: string[] = [];
	const at = (node: ts.Node, what: string) => {
		const sf = node.getSourceFile();
		const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
		findings.push(`${path.relative(root, sf.fileName)}:${line + 1} ${what}`);
	};
	/** The declaration a name resolves to, through imports. */
	const declarationOf = (id: ts.Identifier | ts.PrivateIdentifier): ts.Declaration | undefined => {
		let symbol = checker.getSymbolAtLocation(id);
		if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
		return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
	};
	/**
	 * `target` (what an assignment, ++, delete or a mutating call changes) belongs to a
	 * module-level binding or a static field. `self` says the target itself is changed (a method
	 * call on it) rather than something below it, so `seen.push()` counts but `seen = []` is left
	 * to the let/var rule.
	 */
	const mutated = (target: ts.Expression, node: ts.Node, how: string, self: boolean) => {
		for (let e: ts.Expression = target; ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e); e = e.expression) {
			// `Class.field = …`, `Class.field++` and `Class.field.push(…)` change a static field.
			const field = ts.isPropertyAccessExpression(e) ? declarationOf(e.name) : undefined;
			if (field && isStaticField(field)) return at(node, `${how} static field ${e.getText()}`);
		}
		const id = rootOf(target);
		if (!id || (id === target && !self)) return;
		const decl = declarationOf(id);
		if (decl && (isTopLevel(decl) || isStaticField(decl))) at(node, `${how} module-level ${id.text} (${target.getText()})`);
	};
	const ours = new Set(files.map((f) => path.resolve(f)));
	/** A reference to the global `process`, `global` or `globalThis`, not a property or a local of that name. */
	const globalUse = (id: ts.Identifier) => {
		const parent = id.parent;
		if ((ts.isPropertyAccessExpression(parent) && parent.name === id) || (ts.isPropertyAssignment(parent) && parent.name === id)) return false;
		if ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent)) && parent.name === id) return false;
		const decl = declarationOf(id);
		return !decl || !ours.has(path.resolve(decl.getSourceFile().fileName));
	};

	for (const sf of program.getSourceFiles()) {
		if (!ours.has(path.resolve(sf.fileName))) continue;
		for (const statement of sf.statements) {
			if (ts.isVariableStatement(statement)) {
				const flags = statement.declarationList.flags;
				if (!(flags & ts.NodeFlags.Const)) at(statement, `module-level ${flags & ts.NodeFlags.Let ? 'let' : 'var'}`);
				for (const d of statement.declarationList.declarations) {
					let init = d.initializer;
					while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
					if (init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && CACHE_CONSTRUCTORS.has(init.expression.text))
						at(d, `module-level new ${init.expression.text}`);
				}
			} else if (ts.isExpressionStatement(statement)) {
				at(statement, 'statement run at module load');
			}
		}
		const visit = (node: ts.Node): void => {
			if (ts.isBinaryExpression(node) && ASSIGNMENTS.has(node.operatorToken.kind)) mutated(node.left, node, 'assigns to', false);
			else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken))
				mutated(node.operand, node, 'increments', false);
			else if (ts.isDeleteExpression(node)) mutated(node.expression, node, 'deletes from', false);
			else if (ts.isCallExpression(node)) {
				const callee = node.expression;
				if (ts.isPropertyAccessExpression(callee) && MUTATING_METHODS.has(callee.name.text)) mutated(callee.expression, node, `calls .${callee.name.text}() on`, true);
				if (MUTATING_STATICS.has(callee.getText()) && node.arguments[0]) mutated(node.arguments[0], node, `calls ${callee.getText()} on`, true);
				if (ts.isIdentifier(callee) && TIMERS.has(callee.text)) at(node, `starts a timer (${callee.text})`);
			} else if (ts.isIdentifier(node) && GLOBALS.has(node.text) && globalUse(node)) at(node, `uses ${node.text}`);
			ts.forEachChild(node, visit);
		};
		visit(sf);
	}
	return findings;
}

describe('stateless node code', () => {
	let dir: string;
	const write = (files: Record<string, string>) => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-stateless-'));
		for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
		return Object.keys(files).map((f) => path.join(dir, f));
	};
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	test.each([
		['a module-level let', 'let count = 0;\nexport function f() { return ++count; }\n', /module-level let/],
		['a module-level var', 'var seen = 0;\nexport function f() { return seen; }\n', /module-level var/],
		['a module-level Map used as a cache', 'const cache = new Map<string, number>();\nexport function f(k: string) { if (!cache.has(k)) cache.set(k, k.length); return cache.get(k); }\n', /calls \.set\(\) on module-level cache/],
		['a module-level Set added to', 'const ids = new Set<string>() as Set<string>;\nexport function f(id: string) { ids.add(id); }\n', /calls \.add\(\) on module-level ids/],
		['a module-level WeakMap, even never written here', 'const memo = new WeakMap<object, number>();\nexport function f(o: object) { return memo.get(o); }\n', /module-level new WeakMap/],
		['a module-level array pushed to', 'const seen: string[] = [];\nexport function f(k: string) { seen.push(k); return seen.length; }\n', /calls \.push\(\) on module-level seen/],
		['a module-level object written to', 'const TABLE: Record<string, number> = { a: 1 };\nexport function f() { TABLE.a = 2; }\n', /assigns to module-level TABLE/],
		['a nested write', 'const STATE = { last: { id: 0 } };\nexport function f(id: number) { STATE.last.id = id; }\n', /assigns to module-level STATE/],
		['a counter in an object', 'const stats = { calls: 0 };\nexport function f() { stats.calls++; }\n', /increments module-level stats/],
		['a delete', 'const TABLE: Record<string, number> = { a: 1 };\nexport function f() { delete TABLE.a; }\n', /deletes from module-level TABLE/],
		['Object.assign onto a module-level object', 'const opts = {};\nexport function f(o: object) { Object.assign(opts, o); }\n', /calls Object\.assign on module-level opts/],
		['a timer', 'export function f() { setTimeout(() => undefined, 10); }\n', /starts a timer \(setTimeout\)/],
		['process', 'export function f() { return process.env.HOME; }\n', /uses process/],
		['globalThis', 'export function f() { return (globalThis as Record<string, unknown>).x; }\n', /uses globalThis/],
		['a static field counted up', 'export class K { static calls = 0; run() { K.calls++; } }\n', /static field K\.calls/],
		['a statement run at load', 'const list: string[] = [];\nlist.push("x");\nexport const n = list.length;\n', /statement run at module load/],
	])('finds %s', (_name, text, expected) => {
		const findings = findModuleState(write({ 'a.ts': text }), dir);
		expect(findings.join('\n')).toMatch(expected);
	});

	test('finds a module-level array mutated from another file', () => {
		const files = write({
			'list.ts': 'export const LIST: string[] = [];\n',
			'use.ts': "import { LIST } from './list';\nexport function f(x: string) { LIST.push(x); }\n",
		});
		expect(findModuleState(files, dir).join('\n')).toMatch(/use\.ts:2 calls \.push\(\) on module-level LIST/);
	});

	test('leaves constant tables, locals and shadowing names alone', () => {
		const files = write({
			'ok.ts': [
				"const TABLE = { a: 1, b: [1, 2] } as const;",
				"const NAMES: readonly string[] = ['x', 'y'];",
				'const CODES = new Set([408, 429]);',
				'export const retryable = (n: number) => CODES.has(n);',
				'export function copy() { const t = { ...TABLE, b: [...TABLE.b] }; t.b.push(3); return t; }',
				'export function local() { const cache = new Map<number, number>(); cache.set(1, 2); return cache; }',
				"export function shadow() { const NAMES: string[] = []; NAMES.push('z'); return NAMES; }",
				'export function read() { return NAMES.filter((n) => n in TABLE).sort(); }',
				'export class Node { description = { name: "n" }; static readonly VERSION = 1; }',
				'export function param(items: string[]) { items.push("x"); return items; }',
				'',
			].join('\n'),
		});
		expect(findModuleState(files, dir)).toEqual([]);
	});

	test('node code (nodes/, credentials/) keeps nothing in module memory', () => {
		const files = [...sourceFiles(path.join(ROOT, 'nodes')), ...sourceFiles(path.join(ROOT, 'credentials'))];
		expect(files.length).toBeGreaterThan(10);
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'riskinfo-stateless-'));
		expect(findModuleState(files, ROOT).filter((found) => !PER_PROCESS_LOCKS.some((lock) => lock.test(found)))).toEqual([]);
	});
});
