/**
 * The service's reads, each from its own file (its endpoint, its key table, its reader), in one
 * list: Check Answers checks each in this order (the account's, the V2 summary and the reads
 * behind it, the V1 summary, which may take the V2 summary's words for the bulletin's sources),
 * and the Monitor's evidence picks its reads from it.
 */
import { COMPLIANCE } from './compliance';
import { CIVIL_CASES, COLLECTION_CASES, LABOR_CASES } from './courtCases';
import { CREDIT_SCORE } from './creditScore';
import { DICOM_CASES } from './dicom';
import { PROFILES } from './profiles';
import { SUMMARY_V1 } from './summaryV1';
import { SUMMARY_V2 } from './summaryV2';
import { USAGE } from './usage';

export const READS = {
	usage: USAGE,
	profiles: PROFILES,
	summaryV2: SUMMARY_V2,
	civilCases: CIVIL_CASES,
	laborCases: LABOR_CASES,
	collectionCases: COLLECTION_CASES,
	dicomCases: DICOM_CASES,
	compliance: COMPLIANCE,
	creditScore: CREDIT_SCORE,
	summaryV1: SUMMARY_V1,
};
