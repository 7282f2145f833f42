import type { Resource } from '../types';
import { compliance } from './compliance.resource';
import { creditScore } from './creditScore.resource';
import { judicial } from './judicial.resource';
import { laborCollection } from './laborCollection.resource';
import { legal } from './legal.resource';
import { rut } from './rut.resource';

/** Same resource names as V2 where the thing is the same, so switching versions keeps the choice. */
export const v1Resources: Resource[] = [rut, judicial, laborCollection, creditScore, legal, compliance];
