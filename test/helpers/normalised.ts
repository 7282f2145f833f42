import { normaliseEvent, type NormalisedEvent } from '../../nodes/RiskInfoTrigger/normalise';

/** The normalised event, for a payload the test expects to be accepted; its refusal message otherwise. */
export function normalised(payload: unknown): NormalisedEvent {
	const result = normaliseEvent(payload);
	if (!result.ok) throw new Error(result.message);
	return result.value;
}
