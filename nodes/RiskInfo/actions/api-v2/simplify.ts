/** Simplify on the V2 summary: the flat record of ../../../shared/simplify-v2.ts. */
import { simplifyV2 } from '../../../shared/simplify-v2';
import { simplifyStep } from '../steps';

export const simplify = simplifyStep(
	'Whether to return one flat record of the indicators people act on (name, classification, bulletin cases and amounts, active cases, bankruptcy, overdue bank debt, compliance risk, failed data sources) instead of the full nested summary',
	simplifyV2,
);
