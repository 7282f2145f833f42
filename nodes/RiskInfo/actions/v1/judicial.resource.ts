/** V1 Judicial: the court cases of a RUT, one list per kind of court. */
import { loadIfMissing } from '../loadIfMissing';
import { isoDates, rutStep, splitIntoItems } from '../steps';
import type { Resource } from '../types';

export const judicial: Resource = {
	value: 'v1Judicial',
	name: 'Judicial (V1)',
	description: 'Court cases in which the RUT takes part',
	operations: [
		{
			value: 'getCivilCases',
			name: 'Get Civil Cases',
			action: 'Get civil cases (V1)',
			description: 'Civil court cases of a loaded RUT',
			method: 'GET',
			root: 'v1',
			path: '/helper/{rut}/getCivilCases',
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
		},
		{
			value: 'getCollectionCases',
			name: 'Get Collection Cases (Cobranza)',
			action: 'Get collection cases (V1)',
			description: 'Debt collection court cases (cobranza) of a loaded RUT',
			method: 'GET',
			root: 'v1',
			path: '/helper/{rut}/getCobranzaCases',
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
		},
		{
			value: 'getLaborCases',
			name: 'Get Labor Cases',
			action: 'Get labor cases (V1)',
			description: 'Labor court cases of a loaded RUT',
			method: 'GET',
			root: 'v1',
			path: '/helper/{rut}/getLaboralCases',
			steps: [rutStep, loadIfMissing, splitIntoItems, isoDates],
		},
	],
};
