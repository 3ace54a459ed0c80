import { afterAll } from 'vitest';
import { closeDatabase } from './helpers';

afterAll(closeDatabase);
