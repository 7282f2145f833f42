import type { Resource } from '../types';
import { account } from './account.resource';

export const v2Resources: Resource[] = [account];
