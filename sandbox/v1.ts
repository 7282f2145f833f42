/**
 * The 13 V1 endpoints (spec §4.2) and all judicial cases in one read (addendum A7), below /api/v1;
 * the credit score and the list reads of addendum A6 also below /api/external/v1.
 */
import { iso } from './dates';
import { driftFor, driftV1Summary } from './drift';
import { HttpError } from './errors';
import { renderSummaryPdf } from './pdf';
import { loadRequest, memo, ok, readLoaded, rutFrom, type Route, type RouteContext } from './routes';
import { allJudicialCases, v1Lists, type V1Root } from './v1lists';
import { completeExtras, creditScore, download, identification, v1Malla, v1Summary } from './v1records';

const summary = memo(v1Summary);
const extras = memo(completeExtras);
const downloadJson = memo(download);
const RUT = '([^/]+)';

const read = <T>(build: (facts: ReturnType<typeof readLoaded>['facts']) => T) => (ctx: RouteContext) => ok(build(readLoaded(ctx, rutFrom(ctx.params[0])).facts));

/** The list reads of addendum A6, each under `root`; their errors are V1's under both roots. */
function listRoutes(root: V1Root): Route[] {
	return (Object.keys(v1Lists) as Array<keyof typeof v1Lists>).map((name) => ({
		method: 'GET',
		pattern: new RegExp(`^/helper/${RUT}/${name}$`),
		flavor: 'v1',
		handler: read((facts) => v1Lists[name](facts, root)),
	}));
}

function downloadSummary(ctx: RouteContext) {
	const format = ctx.query.format ?? 'pdf';
	if (format !== 'pdf' && format !== 'json') throw new HttpError(400, 'format debe ser json o pdf');
	const { facts, entry } = readLoaded(ctx, rutFrom(ctx.params[0]));
	const json = { ...downloadJson(facts, entry.includeBureau), fechaCarga: iso(entry.loadedAt) };
	if (format === 'json') return { json };
	return {
		raw: renderSummaryPdf(json),
		headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${facts.rut}.pdf"` },
	};
}

const creditScoreRoute: Route = {
	method: 'GET', pattern: new RegExp(`^/notification/creditScoring/${RUT}/getByRut$`), flavor: 'score',
	handler: read(creditScore),
};

const complianceLoad = (pattern: RegExp): Route => ({ method: 'POST', pattern, compliance: true, handler: (ctx) => ok(ctx.desk.accept(ctx.body)) });

export const v1Routes: Route[] = [
	{
		method: 'POST', pattern: /^\/helper\/loadRut$/, handler: (ctx) => {
			const req = loadRequest(ctx.body);
			const entry = ctx.account.load(req.rut, req.isMonitoring, req.includeBureau, true);
			return ok({ message: 'RUT cargado correctamente', rut: entry.rut, isMonitoring: entry.isMonitoring, includeBureau: entry.includeBureau, createdAt: iso(entry.loadedAt) });
		},
	},
	{
		method: 'GET', pattern: new RegExp(`^/helper/${RUT}/summary$`), handler: (ctx) => {
			const { facts, entry } = readLoaded(ctx, rutFrom(ctx.params[0]));
			const base = { ...summary(facts, entry.includeBureau), fechaCarga: iso(entry.loadedAt) };
			return ok(driftV1Summary(ctx.query.complete === 'true' ? { ...base, ...extras(facts, entry.includeBureau) } : base, driftFor(ctx.options(), facts.rut)));
		},
	},
	...listRoutes('v1'),
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/mallaSocietaria$`), handler: read(v1Malla) },
	creditScoreRoute,
	{ method: 'GET', pattern: new RegExp(`^/integration/${RUT}/downloadSummary$`), handler: downloadSummary },
	{ method: 'GET', pattern: new RegExp(`^/integration/helper/identification/${RUT}$`), handler: read(identification) },
	{ method: 'GET', pattern: new RegExp(`^/integration/helper/judicial/${RUT}$`), handler: read(allJudicialCases) },
	complianceLoad(/^\/webhook\/loadProfile$/),
	complianceLoad(/^\/integration\/compliance\/loadProfile$/),
];

export const externalV1Routes: Route[] = [creditScoreRoute, ...listRoutes('external')];
