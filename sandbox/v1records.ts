/** V1 projections of a RUT's facts: spec §2.3–§2.6 and the corporate mesh list (the other lists are in v1lists.ts). */
import { DAY_MS, iso, scorePeriod, v2Period } from './dates';
import { COMPLIANCE_CATEGORIES, type CaseFact, type Facts } from './generate';
import { hashString } from './prng';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const count = (cs: CaseFact[], status: CaseFact['status']) => cs.filter((c) => c.status === status).length;
const laborFailed = (f: Facts) => f.failedHelpers.includes('laborCollection');
const assetsFailed = (f: Facts) => f.failedHelpers.includes('assets');

/** §2.5 identification fields; the summaries add the two counts (siiWithCounts). */
function sii(f: Facts) {
	const s = f.sii;
	return {
		razonSocial: f.razonSocial,
		presentaActividades: s.activities ? 'SI' : 'NO',
		inicioActividades: iso(s.started),
		autorizadoMonedaExtranjera: s.foreignCurrency ? 'SI' : 'NO',
		empresaMenor: s.smallCompany ? 'SI' : 'NO',
		observaciones: s.observations,
		notas: s.notes,
		situacionActual: s.situation,
		actividadEconomicaVigente: s.economic.map((a) => ({ activities: a.name, code: a.code, category: a.category, ivaAffection: a.vat ? 'SI' : 'NO', date: iso(a.date) })),
		documentosTimbrados: s.stamped.map((d) => ({ document: d.document, lastStampingYear: d.year })),
	};
}

const siiWithCounts = (f: Facts) => ({ ...sii(f), activityCount: f.sii.economic.length, documentCount: f.sii.stamped.length });

export function identification(f: Facts) {
	return { rut: f.rut, ...sii(f) };
}

function deudaBancariaSummary(f: Facts) {
	return { date: v2Period(f.bank.period), ...f.bank.current, variation: { date: v2Period(f.bank.prevPeriod), ...f.bank.previous } };
}

function boletinComercialSummary(f: Facts, bureau: boolean) {
	const b = f.bulletin;
	const c = (i: number, v: number) => (i === 2 && !bureau ? null : v);
	return {
		casesSourceA: b.cases[0], casesSourceB: b.cases[1], casesSourceC: c(2, b.cases[2]),
		amountSourceA: b.amounts[0], amountSourceB: b.amounts[1], amountSourceC: c(2, b.amounts[2]),
		// V1 `variation` is the change since the previous period.
		variation: {
			casesSourceA: b.cases[0] - b.prevCases[0], casesSourceB: b.cases[1] - b.prevCases[1], casesSourceC: c(2, b.cases[2] - b.prevCases[2]),
			amountSourceA: b.amounts[0] - b.prevAmounts[0], amountSourceB: b.amounts[1] - b.prevAmounts[1], amountSourceC: c(2, b.amounts[2] - b.prevAmounts[2]),
		},
		lastUpdate: iso(f.updated.bulletin),
	};
}

function judicialSummary(f: Facts) {
	const j = f.judicial;
	const all = [...j.civil, ...j.cobranza, ...j.laboral, ...j.bankruptcy];
	return {
		civilActiveCases: count(j.civil, 'Activo'), civilFiledCases: j.civil.length, civilConcludedCases: count(j.civil, 'Concluido'),
		cobranzaActiveCases: count(j.cobranza, 'Activo'), cobranzaFiledCases: j.cobranza.length, cobranzaConcludedCases: count(j.cobranza, 'Concluido'),
		laboralActiveCases: count(j.laboral, 'Activo'), laboralFiledCases: j.laboral.length, laboralConcludedCases: count(j.laboral, 'Concluido'),
		currentCases: count(all, 'Activo'), archivedCases: count(all, 'Archivado'), concludedCases: count(all, 'Concluido'),
		allCases: all.length,
		bankruptcyCases: j.bankruptcy.length,
		bankruptcyCasesResume: { active: count(j.bankruptcy, 'Activo'), concluded: count(j.bankruptcy, 'Concluido') },
		activeFiledPosturesResume: { ...j.postures },
	};
}

function labor(f: Facts) {
	if (laborFailed(f)) return { moraPrevisionalSummary: null, multaLaboralSummary: null, boletinLaboralSummary: null };
	const fines = f.fines.items;
	const paid = fines.filter((x) => x.paid);
	const pending = fines.filter((x) => !x.paid);
	const total = sum(fines.map((x) => x.amount));
	return {
		moraPrevisionalSummary: { totalCases: f.mora.items.length, employees: f.mora.employees, variation: { totalCases: f.mora.items.length - f.mora.prevCases } },
		multaLaboralSummary: {
			totalFines: fines.length, totalFinesAmount: total, paidFines: paid.length, finesPaidAmount: sum(paid.map((x) => x.amount)),
			outstandingFines: pending.length, outstandingFinesAmount: sum(pending.map((x) => x.amount)),
			variation: {
				totalFines: fines.length - f.fines.prevTotal, totalFinesAmount: total - f.fines.prevAmount, paidFines: 0, finesPaidAmount: 0,
				outstandingFines: fines.length - f.fines.prevTotal, outstandingFinesAmount: total - f.fines.prevAmount,
			},
		},
		boletinLaboralSummary: { totalAmount: f.laborBulletin.amount, variation: { totalAmount: f.laborBulletin.amount - f.laborBulletin.prevAmount } },
	};
}

function weightings(f: Facts) {
	const s = f.score;
	return {
		numberOfHelpers: s.helpers.length, nameOfHelpers: [...s.helpers], classificationPercentage: s.percent, classificationLabel: s.label,
		financesWeighting: s.finance, judicialWeighting: s.judicial, laborCollectionWeighting: s.labor, commertialBulletinWeighting: s.bulletin,
		maxJudicialWeighting: s.maxJudicial, maxCommertialBulletinWeighting: s.maxBulletin, maxFinancesWeighting: s.maxFinance, maxLaborCollectionWeighting: s.maxLabor,
	};
}

function creditScoringSummary(f: Facts) {
	const s = f.score;
	return {
		financesWeight: s.finance, maxFinancesWeight: s.maxFinance, judicialWeight: s.judicial, maxJudicialWeight: s.maxJudicial,
		judicialBankruptcy: s.bankruptcy, laborCollectionWeight: s.labor, maxLaborCollectionWeight: s.maxLabor,
		bulletinWeight: s.bulletin, maxBulletinWeight: s.maxBulletin, ...weightings(f),
	};
}

/** The service's id of the RUT's record in the account, the same in every V1 record that carries it. */
export const scrappedRutId = (f: Facts) => (hashString(`compliance:${f.rut}`) % 1_000_000) + 1;

function compliance(f: Facts) {
	const id = scrappedRutId(f) - 1;
	const created = f.updated.compliance - 30 * DAY_MS;
	const rows = (key: (typeof COMPLIANCE_CATEGORIES)[number]['key']) => Array.from({ length: f.compliance.counts[key] }, (_, i) => `${key}-${i + 1}`);
	return {
		id, scrappedRutId: scrappedRutId(f), userId: 1001, corporationId: 501,
		name: f.person.nombre, secondName: f.person.segundoNombre, surname: f.person.apellido, secondSurname: f.person.segundoApellido,
		personType: f.juridical ? 'juridical' : 'natural',
		risk: f.compliance.risk,
		summary: COMPLIANCE_CATEGORIES.map((c) => {
			const n = f.compliance.counts[c.key];
			return { countResults: n, textCountResults: n, table: c.table, risk: c.risk === null ? null : n > 0 ? c.risk : 'free', useColor: c.risk !== null };
		}),
		selectedRowsSocietaryMesh: rows('mallaSocietaria'), selectedRowsPepChile: rows('pepChile'), selectedRowsPublicOfficial: rows('funcionariosPublicos'),
		selectedRowsPepChileFamily: rows('pepChileFamiliares'), selectedRowsBlacklist: rows('listasInternacionales'), selectedRowsPenal: rows('penal'),
		selectedRowsNews: rows('noticias'),
		lastDataUpdate: iso(f.updated.compliance), createdAt: iso(created), updatedAt: iso(f.updated.compliance),
	};
}

const assets = (f: Facts) => assetsFailed(f)
	? { vehiclesSummary: null, propertiesSummary: null }
	: { vehiclesSummary: { totalAssessmentFrom: f.vehicles.appraisal, vehiclesQuantity: f.vehicles.count }, propertiesSummary: { propertiesQuantity: f.properties.count, totalAppraisal: String(f.properties.appraisal) } };

/** Sub-helper ids are the sandbox's own numbering: 1 SII, 2 bulletin, 3 civil, 4 cobranza, 5 laboral, 6 labour collection, 7 bank, 8 assets, 9 legal, 10 compliance. */
function timestamps(f: Facts) {
	const u = f.updated;
	return [u.sii, u.bulletin, u.civil, u.cobranza, u.laboral, u.labor, u.bank, u.assets, u.legal, u.compliance].map((t, i) => ({ subhelperId: i + 1, lastUpdate: iso(t) }));
}

/** Extra keys of `summary?complete=true` (names not shown in the spec; the sandbox reuses those of §2.4). */
export function completeExtras(f: Facts) {
	const d = download(f, false);
	return { diarioOficial: d.diarioOficial, societaryMeshExternal: d.societaryMeshExternal, empresaEnUnDiaCases: d.empresaEnUnDiaCases };
}

/** V1 summary (§2.3) without fechaCarga. */
export function v1Summary(f: Facts, bureau: boolean) {
	return {
		rut: f.rut,
		sii: siiWithCounts(f),
		siiBusinessSize: { textSize: f.sii.size.label, icon: f.sii.size.icon, annualSales: f.sii.size.sales, dependentWorkers: f.sii.size.workers },
		deudaBancariaSummary: deudaBancariaSummary(f),
		boletinComercialSummary: boletinComercialSummary(f, bureau),
		judicialSummary: judicialSummary(f),
		boletinConcursalSummary: f.judicial.concursal,
		...labor(f),
		boletinLaboralLastUpdate: iso(f.updated.labor),
		creditScoring: creditScoringSummary(f),
		...assets(f),
		cobranzaLaboralLastUpdate: iso(f.updated.labor),
		timestampsSubHelpers: timestamps(f),
		compliance: compliance(f),
	};
}

const withStamp = <T extends object>(value: T | null, stamp: number) => (value === null ? null : { ...value, lastUpdate: iso(stamp) });

/** V1 downloadable summary, JSON form (§2.4), without fechaCarga. */
export function download(f: Facts, bureau: boolean) {
	const u = f.updated;
	const l = labor(f);
	const a = assets(f);
	const diario: Record<string, unknown> = {};
	f.legal.gazette.forEach((g, i) => {
		diario[String(i)] = {
			fecha: iso(g.date), razonSocial: f.razonSocial, linkPdf: `https://sandbox.invalid/documentos/diario-oficial/${f.rut}/${i + 1}.pdf`,
			seccion: g.section, socios: g.partners.map((p) => ({ socio: p.name, rut: p.rut, domicilio: p.address })),
		};
	});
	diario.lastUpdate = iso(u.legal);
	return {
		rut: f.rut,
		// §2.4: "sii (same as V1 sii)", counts included.
		sii: siiWithCounts(f),
		siiBusinessSize: { textSize: f.sii.size.label, icon: f.sii.size.icon, annualSales: f.sii.size.sales, lastUpdate: iso(u.sii) },
		deudaBancariaSummary: { ...deudaBancariaSummary(f), lastUpdate: iso(u.bank) },
		boletinComercialSummary: boletinComercialSummary(f, bureau),
		judicialSummary: { ...judicialSummary(f), lastUpdate: iso(u.civil) },
		boletinConcursalSummary: { lastUpdate: iso(u.civil) },
		moraPrevisionalSummary: withStamp(l.moraPrevisionalSummary, u.labor),
		multaLaboralSummary: withStamp(l.multaLaboralSummary, u.labor),
		boletinLaboralSummary: withStamp(l.boletinLaboralSummary, u.labor),
		creditScoring: weightings(f),
		vehiclesSummary: withStamp(a.vehiclesSummary, u.assets),
		propertiesSummary: withStamp(a.propertiesSummary, u.assets),
		isJuridicalPerson: f.juridical,
		isCompleted: f.failedHelpers.length === 0,
		diarioOficial: diario,
		societaryMeshExternal: {
			detail: f.legal.meshExternal.flatMap((m) => m.partners.map((p) => ({ socios: m.participations.map((x) => ({ rut: x.rut, socio: x.company })), socio: p.name, rut: p.rut }))),
			lastUpdate: iso(u.legal),
		},
		personaEnUnDiaCases: {
			detail: f.juridical ? [] : f.legal.meshInternal.flatMap((m) => m.participations.map((x) => ({
				rut: f.rut, rutSociedad: x.rut, nombreSociedad: x.company, rol: ['socio'],
				socios: m.partners.map((p) => ({ rut: p.rut, socio: p.name, domicilio: null })), administradores: [{ rut: f.rut, administrador: f.razonSocial }],
			}))),
			lastUpdate: iso(u.legal),
		},
		empresaEnUnDiaCases: {
			detail: f.legal.eud.map((e, i) => ({
				fecha: iso(e.date), actuacion: e.act, numeroAtencion: e.folio, cve: e.cve, linkPdf: `https://sandbox.invalid/documentos/empresa-en-un-dia/${f.rut}/${i + 1}.pdf`,
				socios: e.partners.map((p) => ({ socio: p.name, rut: p.rut })), administradores: e.admins.map((p) => ({ administrador: p.name, rut: p.rut })),
			})),
			lastUpdate: iso(u.legal),
		},
	};
}

/** V1 credit-score record (§2.6). */
export function creditScore(f: Facts) {
	const s = f.score;
	const pct = (w: number, max: number | null) => (max ? Math.round((w / max) * 100) : 0);
	const l = labor(f);
	const b = f.bulletin;
	return {
		periodo: scorePeriod(b.period),
		inicioActividades: f.sii.activities,
		porcentajeFinanzas: pct(s.finance, s.maxFinance), numeradorFinanzas: s.finance, denominadorFinanzas: s.maxFinance ?? 0, ponderacionFinanzas: s.finance,
		porcentajeJudicial: pct(s.judicial, s.maxJudicial), numeradorJudicial: s.judicial, denominadorJudicial: s.maxJudicial, ponderacionJudicial: s.judicial,
		quiebraJudicial: s.bankruptcy,
		porcentajeMoraPrevisional: pct(s.labor, s.maxLabor), casosMoraPrevisional: l.moraPrevisionalSummary?.totalCases ?? null,
		porcentajeMultasLaborales: pct(s.labor, s.maxLabor), montoMultasLaborales: l.multaLaboralSummary?.totalFinesAmount ?? null,
		porcentajeBoletinLaboral: pct(s.labor, s.maxLabor), montoBoletinLaboral: l.boletinLaboralSummary?.totalAmount ?? null,
		ponderacionCobranzaLaboral: s.labor,
		porcentajeBoletinComercial: pct(s.bulletin, s.maxBulletin), montoBoletinComercial: b.amounts[0] + b.amounts[1], ponderacionBoletinComercial: s.bulletin,
		cantidadHelpers: String(s.helpers.length),
		porcentajeClasificacion: s.percent,
		etiquetaClasificacion: s.label,
		nombresHelpers: [...s.helpers],
		maxPonderacionJudicial: s.maxJudicial, maxPonderacionBoletinComercial: s.maxBulletin, maxPonderacionCobranzaLaboral: s.maxLabor,
	};
}

/** `mallaSocietaria`, the one V1 list the addendum gives no example of: the §2.4 `societaryMeshExternal` object. */
export const v1Malla = (f: Facts) => download(f, false).societaryMeshExternal;
