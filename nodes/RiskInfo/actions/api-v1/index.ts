/** The V1 resources (spec §4.2, root /api/v1), in the order users meet them in the Resource list. */
import type { Resource } from '../types';
import { compliance } from './compliance.resource';
import { creditScore } from './creditScore.resource';
import { judicial } from './judicial.resource';
import { laborCollection } from './laborCollection.resource';
import { legal } from './legal.resource';
import { rut } from './rut.resource';

/**
 * The same resources and operation names as V2 where the thing is the same, but their own resource
 * values (`v1Rut`…) and names (`RUT (V1)`…): n8n's node panel lists the actions of every `resource`
 * option without looking at API Version, so V1 needs values of its own to be listed once, under its
 * own group, and picked as V1 (see test/action/actions-list.test.ts).
 */
export const apiV1Resources: Resource[] = [rut, judicial, laborCollection, creditScore, legal, compliance];
