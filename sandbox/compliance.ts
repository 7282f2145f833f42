/** The asynchronous compliance load: synchronous checks (spec §4.2, §7.3), then a delayed webhook delivery. */
import { deliver } from './delivery';
import { HttpError } from './errors';
import { buildComplianceEvent, outcomeForName } from './events';
import type { Account, ComplianceProfile } from './state';
import type { RecordedDelivery, SandboxOptions } from './types';

interface ComplianceRequest {
	fullName: string;
	isMonitoring: boolean;
	isJuridicalPerson: boolean;
	searchErrors: number;
}

/** The four fields are required with exact types; the name rule depends on the person type. */
function validateComplianceBody(raw: unknown): ComplianceRequest {
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new HttpError(400, 'Se esperaba un objeto JSON');
	const body = raw as Record<string, unknown>;
	const { fullName, isMonitoring, isJuridicalPerson, searchErrors } = body;
	if (typeof fullName !== 'string' || fullName.trim() === '') throw new HttpError(400, 'fullName es requerido y debe ser un texto');
	if (typeof isMonitoring !== 'boolean') throw new HttpError(400, 'isMonitoring es requerido y debe ser booleano');
	if (typeof isJuridicalPerson !== 'boolean') throw new HttpError(400, 'isJuridicalPerson es requerido y debe ser booleano');
	if (typeof searchErrors !== 'number' || ![0, 1, 2].includes(searchErrors)) throw new HttpError(400, 'searchErrors es requerido y debe ser 0, 1 o 2');
	const words = fullName.trim().split(/\s+/);
	if (isJuridicalPerson && !words.some((w) => w.length >= 3)) {
		throw new HttpError(400, 'fullName de una persona jurídica debe contener al menos una palabra de 3 o más caracteres');
	}
	if (!isJuridicalPerson && words.length < 2) throw new HttpError(400, 'fullName de una persona natural debe contener al menos nombre y apellido');
	return { fullName, isMonitoring, isJuridicalPerson, searchErrors };
}

export interface DeskEnv {
	account: Account;
	options(): SandboxOptions;
	record(delivery: RecordedDelivery): void;
}

export class ComplianceDesk {
	private timers = new Set<NodeJS.Timeout>();
	private running = new Set<Promise<void>>();
	private abort = new AbortController();

	constructor(private readonly env: DeskEnv) {}

	/** Checks in the order of spec §7.3 (authentication is the server's), then schedules the result. */
	accept(body: unknown): { message: string; webhookId: number } {
		const permission = this.env.options().compliancePermission ?? { user: true, corporation: true };
		if (!permission.user) throw new HttpError(403, 'El usuario no tiene permiso para cargar perfiles de compliance por API');
		if (!permission.corporation) throw new HttpError(403, 'La corporación no tiene permiso para cargar perfiles de compliance por API');
		const req = validateComplianceBody(body);
		if (this.env.account.activeProfile(req.fullName, req.searchErrors, req.isJuridicalPerson)) {
			throw new HttpError(409, 'El perfil ya se encuentra activo en compliance');
		}
		const profile = this.env.account.addProfile(req);
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			const run = this.process(profile).catch(() => undefined).finally(() => this.running.delete(run));
			this.running.add(run);
		}, this.env.options().complianceDelayMs ?? 200);
		this.timers.add(timer);
		return { message: 'Perfil recibido, el resultado se enviará al webhook registrado', webhookId: profile.webhookId };
	}

	private async process(profile: ComplianceProfile): Promise<void> {
		const kind = outcomeForName(profile.fullName);
		profile.status = kind === 'failed' ? 'FAILED' : 'SUCCESS';
		const event = buildComplianceEvent(kind, profile);
		const opts = this.env.options();
		if (!opts.webhook) {
			this.env.record({ webhookId: profile.webhookId, url: '', status: 0, attempts: 0, event });
			return;
		}
		const result = await deliver(opts.webhook.url, event, opts.webhook.auth, opts.deliveryRetries ?? 2, {
			retryDelayMs: opts.deliveryRetryDelayMs, signal: this.abort.signal,
		});
		this.env.record({ webhookId: profile.webhookId, url: opts.webhook.url, ...result, event });
	}

	async close(): Promise<void> {
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
		this.abort.abort();
		await Promise.allSettled([...this.running]);
	}
}
