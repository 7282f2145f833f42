/** Local emulator of the risk-information service (V1 and V2). See sandbox/README.md. */
export { startSandbox } from './server';
export type { Sandbox, SandboxOptions, RecordedRequest, RecordedDelivery, Usage } from './types';
export { FIRST_WEBHOOK_ID, SAMPLE_WEBHOOK_ID } from './state';
export { KNOWN_RUTS, KNOWN_NAMES, DEMO_TOKEN, DEMO_CLIENT_ID } from './known';
export { buildComplianceEvent, outcomeForName } from './events';
export { encodeDelivery, deliver, type WebhookAuth } from './delivery';
export { checkDigit, formatRut, parseRut } from './rut';
export type { FaultMatch } from './faults';
export { ANSWER_DRIFTS, type AnswerDrift } from './drift';
export { CHANGE_KINDS, CHANGE_TEXT, BULLETIN_CASE_AMOUNT, type ChangeKind } from './changes';
