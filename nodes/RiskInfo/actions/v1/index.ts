import type { Resource } from '../types';

export const v1Resources: Resource[] = [];
