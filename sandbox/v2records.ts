/** V2 projections of a RUT's facts: the summary of spec §2.2 and the sandbox's own shapes for the "not shown" reads. */
import { v2Date, v2Period, v2Stamp } from './dates';
import { findingsOf } from './events';
import { COMPLIANCE_CATEGORIES, type CaseFact, type Facts, type MeshFact } from './generate';
import { Rng } from './prng';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const count = (cs: CaseFact[], status: CaseFact['status']) => cs.filter((c) => c.status === status).length;
const percentChange = (prev: number, cur: number) => (prev === 0 ? null : Math.round(((cur - prev) / prev) * 10000) / 100);

function variacion(prev: number, cur: number, prevPeriod: number, curPeriod: number) {
	return { ultimoPeriodo: v2Period(prevPeriod), periodoActual: v2Period(curPeriod), cambioPorcentual: percentChange(prev, cur), cambioAbsoluto: cur - prev };
}

function identificacion(f: Facts) {
	const s = f.sii;
	return {
		razonSocial: f.razonSocial,
		presentaActividades: s.activities ? 'SI' : 'NO',
		inicioActividades: v2Date(s.started),
		autorizadoMonedaExtranjera: s.foreignCurrency ? 'SI' : 'NO',
		empresaMenor: s.smallCompany ? 'SI' : 'NO',
		observaciones: s.observations,
		notas: s.notes,
		situacionActual: s.situation,
		actividadEconomicaVigente: s.economic.map((a) => ({ actividades: a.name, codigo: a.code, categoria: a.category, afectaIva: a.vat ? 'SI' : 'NO', fecha: v2Date(a.date) })),
		documentosTimbrados: s.stamped.map((d) => ({ documento: d.document, ultimoAnioTimbrado: d.year })),
		cantidadActividades: s.economic.length,
		cantidadDocumentos: s.stamped.length,
		ultimaActualizacion: v2Stamp(f.updated.sii),
		tamanoEmpresaSii: { tamanoEmpresa: s.size.label, ventasAnuales: s.size.sales, cantidadTrabajadores: s.size.workers },
	};
}

function boletinComercial(f: Facts, bureau: boolean) {
	const b = f.bulletin;
	// Without Bureau the SourceC fields are present but null (spec §2.2 rule 1 allows hidden or null).
	const amounts = bureau ? b.amounts : [b.amounts[0], b.amounts[1], 0];
	const prev = bureau ? b.prevAmounts : [b.prevAmounts[0], b.prevAmounts[1], 0];
	return {
		casosSourceA: b.cases[0], casosSourceB: b.cases[1], casosSourceC: bureau ? b.cases[2] : null,
		MontoSourceA: b.amounts[0], MontoSourceB: b.amounts[1], MontoSourceC: bureau ? b.amounts[2] : null,
		variacion: variacion(sum(prev), sum(amounts), b.prevPeriod, b.period),
		ultimaActualizacion: v2Stamp(f.updated.bulletin),
	};
}

function judicial(f: Facts) {
	const j = f.judicial;
	const all = [...j.civil, ...j.cobranza, ...j.laboral, ...j.bankruptcy];
	return {
		casosCivilesActivos: count(j.civil, 'Activo'), casosCivilesPresentados: j.civil.length, casosCivilesConcluidos: count(j.civil, 'Concluido'),
		cobranzaActivos: count(j.cobranza, 'Activo'), cobranzaPresentados: j.cobranza.length, cobranzaConcluidos: count(j.cobranza, 'Concluido'),
		laboralActivos: count(j.laboral, 'Activo'), laboralPresentados: j.laboral.length, laboralConcluidos: count(j.laboral, 'Concluido'),
		casosActuales: count(all, 'Activo'), casosArchivados: count(all, 'Archivado'), casosConcluidos: count(all, 'Concluido'),
		todosLosCasos: all.length,
		casosQuiebra: j.bankruptcy.length,
		casosQuiebraResumen: { activos: count(j.bankruptcy, 'Activo'), concluidos: count(j.bankruptcy, 'Concluido') },
		posturasActivasPresentadas: { ...j.postures },
		ultimaActualizacionCiviles: v2Stamp(f.updated.civil),
		ultimaActualizacionCobranza: v2Stamp(f.updated.cobranza),
		ultimaActualizacionLaboral: v2Stamp(f.updated.laboral),
		boletinConcursal: j.concursal,
	};
}

function cobranzaLaboral(f: Facts) {
	if (f.failedHelpers.includes('laborCollection')) return { moraPrevisional: null, multaLaboral: null, boletinLaboral: null };
	const stamp = v2Stamp(f.updated.labor);
	const { period, prevPeriod } = f.bulletin;
	const fines = f.fines.items;
	const paid = fines.filter((x) => x.paid);
	const pending = fines.filter((x) => !x.paid);
	const lb = f.laborBulletin;
	return {
		moraPrevisional: { casosTotales: f.mora.items.length, empleados: f.mora.employees, variacion: variacion(f.mora.prevCases, f.mora.items.length, prevPeriod, period), ultimaActualizacion: stamp },
		multaLaboral: {
			totalMultas: fines.length, montoTotalMultas: sum(fines.map((x) => x.amount)),
			multasPagadas: paid.length, montoMultasPagadas: sum(paid.map((x) => x.amount)),
			multasPendientes: pending.length, montoMultasPendientes: sum(pending.map((x) => x.amount)),
			variacion: variacion(f.fines.prevTotal, fines.length, prevPeriod, period),
			ultimaActualizacion: stamp,
		},
		boletinLaboral: { montoTotal: lb.amount, variacion: { montoTotal: lb.prevAmount, ...variacion(lb.prevAmount, lb.amount, prevPeriod, period) }, ultimaActualizacion: stamp },
	};
}

const mesh = (items: MeshFact[], stamp: number) =>
	items.map((m) => ({ participaciones: m.participations.map((p) => ({ rut: p.rut, sociedad: p.company })), socios: m.partners.map((p) => ({ rut: p.rut, socio: p.name })), ultimaActualizacion: v2Stamp(stamp) }));

const linkPdf = (f: Facts, kind: string, i: number) => `https://sandbox.invalid/documentos/${kind}/${f.rut}/${i + 1}.pdf`;

export function mallaSocietaria(f: Facts) {
	return { mallaSocietariaExterna: mesh(f.legal.meshExternal, f.updated.legal), mallaSocietariaInterna: mesh(f.legal.meshInternal, f.updated.legal) };
}

function legal(f: Facts) {
	const stamp = v2Stamp(f.updated.legal);
	return {
		diarioOficial: {
			casos: f.legal.gazette.map((g, i) => ({
				fecha: v2Stamp(g.date), razonSocial: f.razonSocial, linkPdf: linkPdf(f, 'diario-oficial', i), seccion: g.section,
				socios: g.partners.map((p) => ({ socio: p.name, rut: p.rut, domicilio: p.address })), rut: f.rut,
			})),
			ultimaActualizacion: stamp,
		},
		empresaEnUnDia: {
			casos: f.legal.eud.map((e, i) => ({
				fecha: v2Date(e.date), actuacion: e.act, numeroAtencion: e.folio, razonSocial: f.razonSocial, cve: e.cve, linkPdf: linkPdf(f, 'empresa-en-un-dia', i),
				socios: e.partners.map((p) => ({ socio: p.name, rut: p.rut, domicilio: p.address, acciones: p.shares, monto: p.amount, porcentaje: p.percent })),
				administradores: e.admins.map((p) => ({ administrador: p.name, rut: p.rut, domicilio: p.address })),
				fechaCreacion: v2Date(e.created), fechaActualizacion: v2Date(e.updated),
			})),
			ultimaActualizacion: stamp,
		},
		...mallaSocietaria(f),
	};
}

function deudaBancaria(f: Facts) {
	return { periodo: v2Period(f.bank.period), ...f.bank.current, variacion: { periodo: v2Period(f.bank.prevPeriod), ...f.bank.previous } };
}

function bienes(f: Facts) {
	if (f.failedHelpers.includes('assets')) return { vehiculos: null, propiedades: null };
	const stamp = v2Stamp(f.updated.assets);
	return {
		vehiculos: { cantidadVehiculos: f.vehicles.count, tasacionTotal: f.vehicles.appraisal, ultimaActualizacion: stamp },
		propiedades: { cantidadPropiedades: f.properties.count, tasacionTotal: String(f.properties.appraisal), ultimaActualizacion: stamp },
	};
}

function creditScoring(f: Facts) {
	const s = f.score;
	return {
		ponderacionFinanciero: s.finance, maxPonderacionFinanciero: s.maxFinance,
		ponderacionJudicial: s.judicial, maxPonderacionJudicial: s.maxJudicial, judicialBankruptcy: s.bankruptcy,
		ponderacionCobranzaLaboral: s.labor, maxPonderacionCobranzaLaboral: s.maxLabor,
		ponderacionBoletin: s.bulletin, maxPonderacionBoletin: s.maxBulletin,
		cantidadAyudantes: s.helpers.length, nombresAyudantes: [...s.helpers],
		porcentajeClasificacion: s.percent, etiquetaClasificacion: s.label,
	};
}

function ratings(f: Facts) {
	const r = f.ratings;
	const grade = (valor: number) => ({ valor, total: r.comments.length });
	return {
		etiquetasActivas: [...r.tags],
		cantidadComentarios: r.comments.length,
		calificacionGlobal: grade(r.scores[0]), calificacionCumplimientoGlobal: grade(r.scores[1]), calificacionRelacionGlobal: grade(r.scores[2]),
		calificacionTransparenciaGlobal: grade(r.scores[3]), calificacionFiabilidadGlobal: grade(r.scores[4]),
		seccionComentarios: { comentarios: r.comments.map((c) => ({ comentario: c.text, rating: c.rating, fechaCreacion: v2Stamp(c.created), nombre: c.author, tagChanges: [] })) },
	};
}

function compliance(f: Facts) {
	const resumen: Record<string, { totalResultados: number; riesgo: string | null }> = {};
	for (const c of COMPLIANCE_CATEGORIES) {
		const n = f.compliance.counts[c.key];
		resumen[c.key] = { totalResultados: n, riesgo: c.risk === null ? null : n > 0 ? c.risk : 'free' };
	}
	return {
		estado: f.compliance.processed ? 'PROCESADO' : 'NO PROCESADO',
		...f.person,
		tipoPersona: f.juridical ? 'juridical' : 'natural',
		riesgo: f.compliance.risk,
		resumen,
	};
}

/** The V2 summary without fechaCarga, which belongs to the account's load, not to the RUT. */
export function v2Summary(f: Facts, bureau: boolean) {
	return {
		rut: f.rut,
		esPersonaJuridica: f.juridical,
		identificacion: identificacion(f),
		boletinComercial: boletinComercial(f, bureau),
		judicial: judicial(f),
		cobranzaLaboral: cobranzaLaboral(f),
		legal: legal(f),
		deudaBancaria: deudaBancaria(f),
		bienes: bienes(f),
		creditScoring: creditScoring(f),
		ratings: ratings(f),
		compliance: compliance(f),
		incluyeBureau: bureau,
		ayudantesFallidos: [...f.failedHelpers],
	};
}

// ---- Sandbox's own shapes for the V2 reads the spec leaves "not shown" (documented in README.md) ----

function caseList(f: Facts, items: CaseFact[], stamp: number) {
	return {
		rut: f.rut,
		total: items.length,
		ultimaActualizacion: v2Stamp(stamp),
		casos: items.map((c) => ({ rol: c.rol, tribunal: c.tribunal, caratulado: c.caratulado, fechaIngreso: v2Date(c.filed), estado: c.status, materia: c.materia, cuantia: c.cuantia, postura: c.posture })),
	};
}

export const v2Lists = {
	civil: (f: Facts) => caseList(f, f.judicial.civil, f.updated.civil),
	laboral: (f: Facts) => caseList(f, f.judicial.laboral, f.updated.laboral),
	cobranza: (f: Facts) => caseList(f, f.judicial.cobranza, f.updated.cobranza),
	moraPrevisional: (f: Facts) => ({
		rut: f.rut, total: f.mora.items.length, ultimaActualizacion: v2Stamp(f.updated.labor),
		casos: f.mora.items.map((m) => ({ periodo: v2Period(m.period), institucion: m.institution, trabajadores: m.workers, monto: m.amount })),
	}),
	multaLaboral: (f: Facts) => ({
		rut: f.rut, total: f.fines.items.length, ultimaActualizacion: v2Stamp(f.updated.labor),
		casos: f.fines.items.map((m) => ({ fecha: v2Date(m.date), resolucion: m.resolution, monto: m.amount, estado: m.paid ? 'Pagada' : 'Pendiente', motivo: m.reason })),
	}),
};

export function v2CreditScore(f: Facts) {
	return { rut: f.rut, periodo: v2Period(f.bulletin.period), ...creditScoring(f) };
}

/**
 * The summary's compliance object, with the findings of each list that has any, as the success
 * event gives them (spec §6.2); a list without findings is left out, as the counts already say.
 */
export function v2Compliance(f: Facts) {
	const name = f.juridical ? f.razonSocial : [f.person.nombre, f.person.apellido, f.person.segundoApellido].filter(Boolean).join(' ');
	const findings = Object.entries(findingsOf(new Rng(`compliance:${f.rut}`), name, f.compliance.counts)).filter(([, items]) => items.length > 0);
	return { rut: f.rut, ...compliance(f), ...Object.fromEntries(findings), ultimaActualizacion: v2Stamp(f.updated.compliance) };
}
