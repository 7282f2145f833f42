/**
 * The steps and the items of V1 Download Summary (GET /integration/{rut}/downloadSummary): the report as a PDF
 * file in the item's binary data, ready to email or upload, or as the JSON of spec §2.4.
 */
import { type INodeProperties, NodeOperationError } from 'n8n-workflow';

import { inputError, shown } from '../../../shared/errors';
import { isoDates, isoDatesProperty, oneItem } from '../steps';
import { readChoice } from '../parameters';
import type { ItemMaker, Step } from '../types';

const formatProperty: INodeProperties = {
	displayName: 'Format',
	name: 'format',
	type: 'options',
	options: [
		{ name: 'PDF', value: 'pdf', description: 'The report as a PDF file in the item\'s binary data' },
		{ name: 'JSON', value: 'json', description: 'The report\'s data as the item\'s JSON' },
	],
	default: 'pdf',
	description: 'Whether to get the report as a PDF file or as data',
};

const binaryFieldProperty: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	displayOptions: { show: { format: ['pdf'] } },
	description: 'The name of the binary field the PDF goes into, for the nodes that send or upload it (e.g. Send Email attachments)',
};

export const reportFormat: Step = {
	properties: [formatProperty, binaryFieldProperty],
	prepare(itemIndex, asked) {
		const format = readChoice.call(this, itemIndex, formatProperty, 'a format');
		// Only the PDF reads the binary field: the JSON form's items share a request whatever it says.
		if (format === 'pdf') {
			const field = shown(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
			if (field === '') {
				throw inputError(this.getNode(), itemIndex, 'Put Output File in Field', 'is empty', 'Name the binary field, e.g. "data".');
			}
			asked.choices.binaryPropertyName = field;
		}
		asked.request.query = { ...asked.request.query, format };
		asked.request.pdf = format === 'pdf';
		// The JSON form has no {success, data} wrapper (spec §2.4).
		asked.request.bare = format === 'json';
	},
};

/** The PDF as the item's binary data, or the JSON form as the item. */
export const reportItems: ItemMaker = async function (data, response, asked) {
	if (!asked.request.pdf) return [oneItem(data)];
	const rut = asked.rut!;
	if (!response.bytes) {
		throw new NodeOperationError(this.getNode(), `The service sent no PDF for RUT ${rut}`, {
			description: 'It answered with data instead of a file. Try the JSON format, or try again later.',
		});
	}
	const fileName = fileNameFrom(response.headers['content-disposition']) ?? `${rut}.pdf`;
	const binary = await this.helpers.prepareBinaryData(response.bytes, fileName, 'application/pdf');
	return [
		{
			json: { rut, fileName, mimeType: 'application/pdf', fileSize: response.bytes.length },
			binary: { [asked.choices.binaryPropertyName!]: binary },
		},
	];
};

/** Dates as ISO 8601, for the JSON form only. */
export const jsonIsoDates: Step = {
	...isoDates,
	properties: [{ ...isoDatesProperty, displayOptions: { show: { format: ['json'] } } }],
	prepare(itemIndex, asked, nodeVersion) {
		// The PDF has no dates to convert, so it reads (and keeps) no choice.
		if (!asked.request.pdf) isoDates.prepare!.call(this, itemIndex, asked, nodeVersion);
	},
};

/**
 * The file name of a Content-Disposition header (RFC 6266: filename* wins over filename).
 * @internal
 */
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
	// No trim before baseName: it trims the last path segment, which is all it keeps.
	const name = plain ? baseName(plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : '';
	return name || undefined;
}

/** A header must not be able to name a path. */
function baseName(name: string): string {
	return name.split(/[\\/]/).pop()!.trim();
}
