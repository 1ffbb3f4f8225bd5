// The generative content and file service of the reference implementation (README.md, "Reference: generative").
import type { ReferenceService } from '../foundation/service.js';
import { migrationsFor } from '../foundation/sql.js';
import { MIGRATIONS } from './migrations.js';
import { createGenerativeService } from './service.js';

export const service: ReferenceService = {
  key: 'generative',
  migrations: migrationsFor('sqlite', MIGRATIONS),
  postgresMigrations: migrationsFor('postgres', MIGRATIONS),
  create: (ctx) => createGenerativeService(ctx),
};
