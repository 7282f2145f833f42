/** The 13 V1 endpoints (spec §4.2), below /api/v1; the credit score also below /api/external/v1. */
import { iso } from './dates';
import { HttpError } from './errors';
import { renderSummaryPdf } from './pdf';
import { loadRequest, memo, ok, readLoaded, rutFrom, type Route, type RouteContext } from './routes';
import { completeExtras, creditScore, download, identification, v1Lists, v1Summary } from './v1records';

const summary = memo(v1Summary);
const extras = memo(completeExtras);
const downloadJson = memo(download);
const RUT = '([^/]+)';

function list(build: (typeof v1Lists)[keyof typeof v1Lists]) {
	return (ctx: RouteContext) => ok(build(readLoaded(ctx, rutFrom(ctx.params[0])).facts));
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

export const creditScoreRoute: Route = {
	method: 'GET', pattern: new RegExp(`^/notification/creditScoring/${RUT}/getByRut$`), flavor: 'score',
	handler: (ctx) => ok(creditScore(readLoaded(ctx, rutFrom(ctx.params[0])).facts)),
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
			return ok(ctx.query.complete === 'true' ? { ...base, ...extras(facts, entry.includeBureau) } : base);
		},
	},
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/getCivilCases$`), handler: list(v1Lists.getCivilCases) },
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/getLaboralCases$`), handler: list(v1Lists.getLaboralCases) },
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/getCobranzaCases$`), handler: list(v1Lists.getCobranzaCases) },
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/getMoraPrevisionalCases$`), handler: list(v1Lists.getMoraPrevisionalCases) },
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/getMultaLaboralCases$`), handler: list(v1Lists.getMultaLaboralCases) },
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/getOfficialDiary$`), handler: list(v1Lists.getOfficialDiary) },
	{ method: 'GET', pattern: new RegExp(`^/helper/${RUT}/mallaSocietaria$`), handler: list(v1Lists.mallaSocietaria) },
	creditScoreRoute,
	{ method: 'GET', pattern: new RegExp(`^/integration/${RUT}/downloadSummary$`), handler: downloadSummary },
	{ method: 'GET', pattern: new RegExp(`^/integration/helper/identification/${RUT}$`), handler: (ctx) => ok(identification(readLoaded(ctx, rutFrom(ctx.params[0])).facts)) },
	complianceLoad(/^\/webhook\/loadProfile$/),
	complianceLoad(/^\/integration\/compliance\/loadProfile$/),
];

export const externalV1Routes: Route[] = [creditScoreRoute];
