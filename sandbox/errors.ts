/**
 * Error bodies per version. V2 (and the V1 credit-score endpoint, spec §7.1 last line) use
 * {success, code, error}; the V1 body shape is not shown, so the sandbox uses {success, message}.
 * Statuses outside the spec's tables (409, 413, 503) carry the sandbox's own texts.
 */
export type Flavor = 'v2' | 'v1' | 'score';

const V2_TEXT: Record<number, string> = {
	400: 'Solicitud inválida',
	401: 'No autorizado',
	403: 'No tienes permiso para acceder a este recurso',
	404: 'Recurso no encontrado',
	408: 'Tiempo de espera agotado',
	409: 'El perfil ya está activo en compliance',
	413: 'Solicitud demasiado grande',
	429: 'Demasiadas solicitudes',
	500: 'Error interno del servidor',
	503: 'Servicio no disponible',
};

const V1_TEXT: Record<number, string> = {
	400: 'Data enviada es incorrecta o inexistente.',
	401: 'No autorizado.',
	403: 'No tienes permiso para acceder a este recurso.',
	404: 'Data no encontrada.',
	408: 'Tiempo de espera agotado.',
	409: 'El perfil ya está activo en compliance.',
	413: 'Data enviada excede el tamaño permitido.',
	429: 'Demasiadas solicitudes.',
	500: 'Server error',
	503: 'Servicio no disponible.',
};

export function errorBody(flavor: Flavor, status: number, details?: string): Record<string, unknown> {
	const extra = details === undefined ? {} : { details };
	if (flavor === 'v1') return { success: false, message: V1_TEXT[status] ?? V1_TEXT[500], ...extra };
	return { success: false, code: status, error: V2_TEXT[status] ?? V2_TEXT[500], ...extra };
}

/** Thrown by handlers; the server turns it into the body of the route's flavor. */
export class HttpError extends Error {
	constructor(readonly status: number, readonly details?: string, readonly headers: Record<string, string> = {}) {
		super(`HTTP ${status}${details ? `: ${details}` : ''}`);
	}
}
