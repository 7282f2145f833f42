/**
 * A minimal, valid PDF 1.4 written by hand (one page, Helvetica, uncompressed text) so the
 * download is a real PDF whose text a test can find without a PDF library.
 */
import type { download } from './v1records';

type DownloadJson = ReturnType<typeof download> & { fechaCarga: string };

/** PDF string literal: escape the delimiters, keep to Latin-1 (WinAnsiEncoding). */
function pdfText(text: string): string {
	return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, '?');
}

function summaryLines(d: DownloadJson): string[] {
	const money = (n: number | null | undefined) => (n === null || n === undefined ? '-' : `$${n.toLocaleString('es-CL')}`);
	const b = d.boletinComercialSummary;
	const j = d.judicialSummary;
	return [
		`RUT: ${d.rut}`,
		`Razon social: ${d.sii.razonSocial}`,
		`Tipo: ${d.isJuridicalPerson ? 'Persona juridica' : 'Persona natural'}`,
		`Fecha de carga: ${d.fechaCarga}`,
		`Situacion actual: ${d.sii.situacionActual}`,
		`Clasificacion: ${d.creditScoring.classificationLabel} (${d.creditScoring.classificationPercentage}%)`,
		`Boletin comercial: ${b.casesSourceA + b.casesSourceB + (b.casesSourceC ?? 0)} casos, ${money(b.amountSourceA + b.amountSourceB + (b.amountSourceC ?? 0))}`,
		`Causas judiciales: ${j.allCases} en total, ${j.currentCases} activas, ${j.bankruptcyCases} de quiebra`,
		`Deuda bancaria vigente (miles): ${money(d.deudaBancariaSummary.deudaDirectaVigente)}`,
		`Vehiculos: ${d.vehiclesSummary?.vehiclesQuantity ?? '-'}  Propiedades: ${d.propertiesSummary?.propertiesQuantity ?? '-'}`,
		`Informe completo: ${d.isCompleted ? 'SI' : 'NO'}`,
	];
}

export function renderSummaryPdf(d: DownloadJson): Buffer {
	const lines = summaryLines(d);
	const content = [
		'BT',
		'/F1 18 Tf 50 790 Td 24 TL',
		`(${pdfText('Resumen de riesgo')}) Tj`,
		'/F1 11 Tf 16 TL T*',
		...lines.map((l) => `(${pdfText(l)}) Tj T*`),
		'ET',
	].join('\n');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
		`<< /Title (${pdfText(`Resumen ${d.rut}`)}) /Producer (riskinfo sandbox) >>`,
	];
	let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets: number[] = [];
	objects.forEach((body, i) => {
		offsets.push(Buffer.byteLength(out, 'latin1'));
		out += `${i + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xref = Buffer.byteLength(out, 'latin1');
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}
