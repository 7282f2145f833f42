/** The V2 resources (spec §4.1, root /api/clients/v2, and the reads the addendum adds). */
import type { Resource } from '../types';
import { account } from './account.resource';
import { commercialBulletin } from './commercialBulletin.resource';
import { compliance } from './compliance.resource';
import { creditScore } from './creditScore.resource';
import { judicial } from './judicial.resource';
import { laborCollection } from './laborCollection.resource';
import { legal } from './legal.resource';
import { rut } from './rut.resource';

/** In the order users meet them in the Resource list; the first is the default. */
export const apiV2Resources: Resource[] = [rut, commercialBulletin, judicial, laborCollection, creditScore, legal, compliance, account];
