// For the tests that send every operation to the sandbox: the service's endpoints as the interface
// spec (§4.1, §4.2) and its addendum (A1, A2, A5, A7) list them, copied from the spec, not from the node, so
// a wrong path in the node cannot agree with itself; and the values an operation's fields need.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** `addendum`: listed by the service's public documentation, not by the interface spec. */
export const SPEC_ENDPOINTS: Array<{ method: string; paths: string[]; addendum?: true }> = [
	// V2, root /api/clients/v2
	{ method: 'POST', paths: ['/api/clients/v2/helper/cargarRut'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/resumen'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/judicial/{rut}/civil'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/judicial/{rut}/laboral'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/judicial/{rut}/cobranza'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/cobranzaLaboral/{rut}/moraPrevisional'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/cobranzaLaboral/{rut}/multaLaboral'] },
	{ method: 'GET', paths: ['/api/clients/v2/creditScore/{rut}'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/legal/{rut}/mallaSocietaria'] },
	{ method: 'POST', paths: ['/api/clients/v2/webhook/compliance/cargarPerfil'] },
	{ method: 'GET', paths: ['/api/clients/v2/helper/compliance/{rut}'] },
	{ method: 'GET', paths: ['/api/clients/v2/usage'] },
	{ method: 'GET', paths: ['/api/clients/v2/profiles'] },
	// V2 reads the service's public documentation adds (addendum A1, A2, A5)
	{ method: 'GET', paths: ['/api/clients/v2/helper/boletin/{rut}/boletinDicom'], addendum: true },
	{ method: 'GET', paths: ['/api/clients/v2/helper/boletin/{rut}/consultasDicom'], addendum: true },
	{ method: 'GET', paths: ['/api/clients/v2/helper/cobranzaLaboral/{rut}/infraccionesPrevisionales'], addendum: true },
	// V1, root /api/v1 (the credit-scoring sample uses /api/external/v1)
	{ method: 'POST', paths: ['/api/v1/helper/loadRut'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/summary'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/getCivilCases'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/getLaboralCases'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/getCobranzaCases'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/getMoraPrevisionalCases'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/getMultaLaboralCases'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/getOfficialDiary'] },
	{ method: 'GET', paths: ['/api/v1/helper/{rut}/mallaSocietaria'] },
	{
		method: 'GET',
		paths: ['/api/external/v1/notification/creditScoring/{rut}/getByRut', '/api/v1/notification/creditScoring/{rut}/getByRut'],
	},
	{ method: 'GET', paths: ['/api/v1/integration/{rut}/downloadSummary'] },
	{ method: 'GET', paths: ['/api/v1/integration/helper/identification/{rut}'] },
	{ method: 'POST', paths: ['/api/v1/webhook/loadProfile', '/api/v1/integration/compliance/loadProfile'] },
	// The V1 read the service's public documentation adds (addendum A7)
	{ method: 'GET', paths: ['/api/v1/integration/helper/judicial/{rut}'], addendum: true },
];

/** A spec path with {rut} standing for any RUT in the form the node sends. */
const pathRegex = (p: string) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{rut\\}', '[0-9]{1,8}-[0-9kK]')}$`);

/** The endpoint of the list a request was sent to, if any. */
export const specEndpointOf = (request: { method: string; path: string }) =>
	SPEC_ENDPOINTS.find((e) => e.method === request.method && e.paths.some((p) => pathRegex(p).test(request.path)));

/** Values for an operation's required fields; everything else keeps the node's defaults. */
export function parametersFor(version: string, resource: string, operation: string, properties: INodeProperties[], rut: string): IDataObject {
	const p: IDataObject = { apiVersion: version, resource, operation };
	for (const prop of properties) {
		if (prop.name === 'rut') p.rut = rut;
		else if (prop.name === 'fullName') p.fullName = `Comercial Prueba ${version} ${operation} Limitada`;
		else if (prop.required && prop.default === '') throw new Error(`no test value for required field "${prop.name}" of ${version} ${resource} ${operation}`);
	}
	return p;
}
