import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../../shared/errors';
import {
	isoDatesProperty,
	loadIfMissingProperties,
	maybeIso,
	readBoolean,
	readLoadChoice,
	readMaybeLoading,
	readRut,
	rutProperty,
	toItems,
} from '../common';
import type { LoadChoice } from '../common';
import type { Operation } from '../types';

interface DownloadParams extends IDataObject {
	rut: string;
	format: 'pdf' | 'json';
	binaryProperty: string;
	isoDates: boolean;
	load: LoadChoice | null;
}

export const downloadSummary: Operation<DownloadParams> = {
	value: 'downloadSummary',
	name: 'Download Summary',
	action: 'Download the summary report of a RUT (V1)',
	description:
		'The summary report of a loaded RUT as a PDF file, ready to email or upload, or as JSON (GET /integration/{rut}/downloadSummary). V1 only.',
	properties: [
		rutProperty,
		{
			displayName: 'Format',
			name: 'format',
			type: 'options',
			options: [
				{ name: 'PDF', value: 'pdf', description: 'The report as a PDF file in the item\'s binary data' },
				{ name: 'JSON', value: 'json', description: 'The report\'s data as the item\'s JSON' },
			],
			default: 'pdf',
			description: 'Whether to get the report as a PDF file or as data',
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			displayOptions: { show: { format: ['pdf'] } },
			description:
				'The name of the binary field the PDF goes into, for the nodes that send or upload it (e.g. Send Email attachments)',
		},
		...loadIfMissingProperties,
		{ ...isoDatesProperty, displayOptions: { show: { format: ['json'] } } },
	],
	prepare(this: IExecuteFunctions, i: number): DownloadParams {
		const format = this.getNodeParameter('format', i, 'pdf') as unknown;
		if (format !== 'pdf' && format !== 'json') {
			throw inputError(this.getNode(), i, 'Format', `"${String(format)}" is not a format`, 'Use "pdf" or "json".');
		}
		const binaryProperty = format === 'pdf' ? String(this.getNodeParameter('binaryPropertyName', i, 'data')).trim() : '';
		if (format === 'pdf' && binaryProperty === '') {
			throw inputError(this.getNode(), i, 'Put Output File in Field', 'is empty', 'Name the binary field, e.g. "data".');
		}
		return {
			rut: readRut.call(this, i),
			format,
			binaryProperty,
			isoDates: format === 'json' && readBoolean.call(this, i, isoDatesProperty),
			load: readLoadChoice.call(this, i),
		};
	},
	async execute(this: IExecuteFunctions, p, api, i) {
		const req = {
			method: 'GET' as const,
			root: 'v1' as const,
			path: `/integration/${p.rut}/downloadSummary`,
			query: { format: p.format },
			rut: p.rut,
			pdf: p.format === 'pdf',
			// The JSON form has no {success, data} wrapper (spec §2.4).
			bare: p.format === 'json',
		};
		const { response, loadedNow } = await readMaybeLoading(api, 'v1', req, p.load, i);
		const extra = p.load ? { loadedNow } : undefined;
		if (p.format === 'json') return toItems(maybeIso(response.data, p.isoDates), extra);

		if (!response.bytes) {
			throw new NodeOperationError(this.getNode(), `The service sent no PDF for RUT ${p.rut}`, {
				itemIndex: i,
				description: 'It answered with data instead of a file. Try the JSON format, or try again later.',
			});
		}
		const fileName = fileNameFrom(response.headers['content-disposition']) ?? `${p.rut}.pdf`;
		const binary = await this.helpers.prepareBinaryData(response.bytes, fileName, 'application/pdf');
		return [
			{
				json: { rut: p.rut, fileName, mimeType: 'application/pdf', fileSize: response.bytes.length, ...extra },
				binary: { [p.binaryProperty]: binary },
			},
		];
	},
};

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFrom(header: unknown): string | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string') return undefined;
	const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(value);
	if (extended) {
		try {
			const name = baseName(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
			if (name) return name;
		} catch {
			// A malformed percent-encoding: fall back to the plain parameter.
		}
	}
	const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(value);
	const name = plain ? baseName((plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]).trim()) : '';
	return name || undefined;
}

/** A header must not be able to name a path. */
function baseName(name: string): string {
	return name.split(/[\\/]/).pop()!.trim();
}
