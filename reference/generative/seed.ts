// The `generative:` section of the seed file (README.md, "Seed file"): projects with their API keys and rate
// limit, models, limits, and resources to create at first start (the spec examples' files/abc-123 and
// cachedContents/cache-1, so the example requests of the conformance checks name things that exist).
import type { ModelRecord } from './store.js';

export interface SeedProject {
  id: string;
  apiKeys: string[];
  rateLimitBurst?: number;
}

export interface SeedModel {
  name: string;
  inputs?: string[];
  topK?: boolean;
  defaultThreshold?: ModelRecord['defaultThreshold'];
}

export interface SeedFile {
  project: string;
  name: string;
  displayName?: string;
  mimeType: string;
  /** The file's bytes as text. */
  text: string;
}

export interface SeedCache {
  project: string;
  name: string;
  displayName?: string;
  model: string;
  text: string;
  ttl?: string;
}

export interface SeedLimits {
  maxFileBytes: number;
  maxRequestMediaBytes: number;
  fileLifetimeHours: number;
  /** How long a resumable upload session stays open after its start. */
  uploadSessionHours: number;
  /** Bytes a project may hold in files and open upload sessions. */
  projectStorageBytes: number;
  videoProcessingMs: number;
  minCacheTokens: number;
  streamChunkTokens: number;
  streamChunkDelayMs: number;
  rateLimitGapMs: number;
}

export interface GenerativeSeed {
  projects: SeedProject[];
  models: SeedModel[];
  files: SeedFile[];
  cachedContents: SeedCache[];
  limits: SeedLimits;
}

export const DEFAULT_LIMITS: SeedLimits = {
  maxFileBytes: 2 * 1024 * 1024 * 1024,
  maxRequestMediaBytes: 64 * 1024 * 1024,
  fileLifetimeHours: 48,
  uploadSessionHours: 7 * 24,
  projectStorageBytes: 20 * 1024 * 1024 * 1024,
  videoProcessingMs: 1000,
  minCacheTokens: 1,
  streamChunkTokens: 8,
  streamChunkDelayMs: 2,
  rateLimitGapMs: 1000,
};

function fail(message: string): never {
  throw new Error(`seed file, generative section: ${message}`);
}

function list<T>(value: unknown, what: string): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(`${what} must be a list`);
  return value as T[];
}

export function parseSeed(raw: unknown): GenerativeSeed {
  const section = (raw ?? {}) as Record<string, unknown>;
  if (typeof section !== 'object' || Array.isArray(section)) fail('must be a mapping');
  const projects = list<SeedProject>(section.projects, 'projects');
  for (const p of projects) {
    if (typeof p?.id !== 'string' || !p.id) fail('every project needs an id');
    if (!Array.isArray(p.apiKeys) || p.apiKeys.some((k) => typeof k !== 'string'))
      fail(`project ${p.id}: apiKeys must be a list of strings`);
  }
  const models = list<SeedModel>(section.models, 'models');
  for (const m of models) {
    if (typeof m?.name !== 'string' || !/^(models|tunedModels)\/[a-zA-Z0-9][a-zA-Z0-9._-]*$/.test(m.name))
      fail(`model names are models/<id> or tunedModels/<id>, not ${JSON.stringify(m?.name)}`);
  }
  const limits = { ...DEFAULT_LIMITS, ...((section.limits ?? {}) as Partial<SeedLimits>) };
  for (const [key, value] of Object.entries(limits))
    if (typeof value !== 'number' || value < 0) fail(`limits.${key} must be a number >= 0`);
  return {
    projects,
    models,
    files: list<SeedFile>(section.files, 'files'),
    cachedContents: list<SeedCache>(section.cachedContents, 'cachedContents'),
    limits,
  };
}
