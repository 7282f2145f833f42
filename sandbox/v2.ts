/** The 13 V2 endpoints (spec §4.1) and the three the service's documentation adds (addendum A1, A2, A5), below /api/clients/v2. */
import { v2Date, v2Stamp } from './dates';
import { boletinDicom, consultasDicom } from './dicom';
import { driftFor, driftV2Summary } from './drift';
import { HttpError } from './errors';
import { infraccionesPrevisionales } from './infractions';
import { loadRequest, memo, ok, readLoaded, rutFrom, type Route, type RouteContext } from './routes';
import { usageAnswer } from './usage';
import { mallaSocietaria, v2Compliance, v2CreditScore, v2Lists, v2Summary } from './v2records';

const summary = memo(v2Summary);
const RUT = '([^/]+)';

function read<T>(build: (f: ReturnType<typeof readLoaded>['facts']) => T) {
	return (ctx: RouteContext) => ok(build(readLoaded(ctx, rutFrom(ctx.params[0])).facts));
}

function profiles(ctx: RouteContext) {
	const iso = (ms: number | null) => (ms === null ? null : v2Stamp(ms));
	return ok({
		ruts: [...ctx.account.ruts.values()].map((r) => ({ rut: r.rut, isMonitoring: r.isMonitoring, includeBureau: r.includeBureau, fechaCarga: v2Date(r.loadedAt) })),
		compliance: ctx.account.visibleProfiles().map((p) => ({
			webhookId: p.webhookId, fullName: p.fullName, isJuridicalPerson: p.isJuridicalPerson, searchErrors: p.searchErrors,
			isMonitoring: p.isMonitoring, estado: p.status, fechaCreacion: v2Stamp(p.createdAt), fechaExpiracion: iso(p.expiresAt),
		})),
	});
}

export const v2Routes: Route[] = [
	{
		method: 'POST', pattern: /^\/helper\/cargarRut$/, handler: (ctx) => {
			const req = loadRequest(ctx.body);
			const entry = ctx.account.load(req.rut, req.isMonitoring, req.includeBureau, true);
			return ok({ message: 'RUT cargado correctamente', rut: entry.rut, isMonitoring: entry.isMonitoring, includeBureau: entry.includeBureau, fechaCarga: v2Date(entry.loadedAt) });
		},
	},
	{
		method: 'GET', pattern: /^\/helper\/resumen$/, handler: (ctx) => {
			if (ctx.query.rut === undefined) throw new HttpError(400, 'El parámetro rut es requerido');
			const { facts, entry } = readLoaded(ctx, rutFrom(ctx.query.rut));
			const answer = { ...summary(facts, entry.includeBureau), fechaCarga: v2Date(entry.loadedAt) };
			// Spec §2.2 bulletin rule 2: under a FULL integration a profile loaded without Bureau may have an empty bulletin.
			const empty = ctx.options().integration === 'FULL' && !entry.includeBureau ? { boletinComercial: {} } : {};
			return ok(driftV2Summary({ ...answer, ...empty }, driftFor(ctx.options(), facts.rut)));
		},
	},
	{ method: 'GET', pattern: new RegExp(`^/helper/judicial/${RUT}/civil$`), handler: read(v2Lists.civil) },
	{ method: 'GET', pattern: new RegExp(`^/helper/judicial/${RUT}/laboral$`), handler: read(v2Lists.laboral) },
	{ method: 'GET', pattern: new RegExp(`^/helper/judicial/${RUT}/cobranza$`), handler: read(v2Lists.cobranza) },
	{ method: 'GET', pattern: new RegExp(`^/helper/cobranzaLaboral/${RUT}/moraPrevisional$`), handler: read(v2Lists.moraPrevisional) },
	{ method: 'GET', pattern: new RegExp(`^/helper/cobranzaLaboral/${RUT}/multaLaboral$`), handler: read(v2Lists.multaLaboral) },
	{ method: 'GET', pattern: new RegExp(`^/helper/cobranzaLaboral/${RUT}/infraccionesPrevisionales$`), handler: infraccionesPrevisionales },
	{ method: 'GET', pattern: new RegExp(`^/creditScore/${RUT}$`), handler: read(v2CreditScore) },
	{ method: 'GET', pattern: new RegExp(`^/helper/legal/${RUT}/mallaSocietaria$`), handler: read((f) => ({ rut: f.rut, ...mallaSocietaria(f) })) },
	{ method: 'POST', pattern: /^\/webhook\/compliance\/cargarPerfil$/, compliance: true, handler: (ctx) => ok(ctx.desk.accept(ctx.body)) },
	{ method: 'GET', pattern: new RegExp(`^/helper/compliance/${RUT}$`), handler: read(v2Compliance) },
	{ method: 'GET', pattern: new RegExp(`^/helper/boletin/${RUT}/boletinDicom$`), handler: boletinDicom },
	{ method: 'GET', pattern: new RegExp(`^/helper/boletin/${RUT}/consultasDicom$`), handler: consultasDicom },
	{ method: 'GET', pattern: /^\/usage$/, handler: (ctx) => ok(usageAnswer(ctx.account, ctx.options().plan, ctx.now())) },
	{ method: 'GET', pattern: /^\/profiles$/, handler: profiles },
];
