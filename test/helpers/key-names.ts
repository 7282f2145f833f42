// The Answer Key Names a user writes for the sandbox's bulletin drifts (sandbox/README.md, "Answers
// that drift from the spec"), V2 and V1 together, written out from that table: the mapping under test,
// never derived from the node.
export const PROVIDER_KEY_NAMES = {
	'boletinComercial.casosSourceA': 'boletinComercial.casosAlfa',
	'boletinComercial.casosSourceB': 'boletinComercial.casosBeta',
	'boletinComercial.casosSourceC': 'boletinComercial.casosGamma',
	'boletinComercial.MontoSourceA': 'boletinComercial.MontoAlfa',
	'boletinComercial.MontoSourceB': 'boletinComercial.MontoBeta',
	'boletinComercial.MontoSourceC': 'boletinComercial.MontoGamma',
	'boletinComercialSummary.casesSourceA': 'boletinComercialSummary.casesAlfa',
	'boletinComercialSummary.casesSourceB': 'boletinComercialSummary.casesBeta',
	'boletinComercialSummary.casesSourceC': 'boletinComercialSummary.casesGamma',
	'boletinComercialSummary.amountSourceA': 'boletinComercialSummary.amountAlfa',
	'boletinComercialSummary.amountSourceB': 'boletinComercialSummary.amountBeta',
	'boletinComercialSummary.amountSourceC': 'boletinComercialSummary.amountGamma',
	incluyeBureau: 'incluyeBuroExterno',
};

export const RENAMED_BULLETIN_KEY_NAMES = { boletinComercial: 'boletinComercialConsolidado', boletinComercialSummary: 'commercialBulletinSummary' };
