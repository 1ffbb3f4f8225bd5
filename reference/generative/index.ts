// The generative content and file service of the reference implementation (README.md, "Reference: generative").
import type { ReferenceService } from '../foundation/service.js';
import { MIGRATIONS } from './migrations.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { createGenerativeService } from './service.js';

export const service: ReferenceService = {
  key: 'generative',
  migrations: MIGRATIONS,
  postgresMigrations: POSTGRES_MIGRATIONS,
  create: (ctx) => createGenerativeService(ctx),
};
