// What the generative service keeps, behind one small interface, implemented once in SQL for SQLite and
// PostgreSQL (sql-store.ts). File bytes are not here: they live on disk (blobs.ts); a file row names its blob.
import type { components } from '../../generated/generative/types.js';

type Schemas = components['schemas'];

export type FileState = 'PROCESSING' | 'ACTIVE' | 'FAILED';

export interface ProjectRecord {
  id: string;
  /** Calls of one operation in a burst (each within the burst gap of the previous) before 429. */
  rateLimitBurst: number;
}

export interface ModelRecord {
  /** The addressable name: models/<id> or tunedModels/<id>. */
  name: string;
  /** Input kinds besides text: a MIME type's first segment (image, video) or a whole type (application/pdf). */
  inputs: string[];
  /** Nucleus-sampling-only models do not allow topK. */
  topK: boolean;
  /** Default threshold of every supported safety category. */
  defaultThreshold: 'BLOCK_LOW_AND_ABOVE' | 'BLOCK_MEDIUM_AND_ABOVE' | 'BLOCK_ONLY_HIGH' | 'BLOCK_NONE' | 'OFF';
}

export interface FileRecord {
  project: string;
  id: string;
  seq: number;
  displayName?: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  createTime: number;
  updateTime: number;
  expireTime: number;
  state: FileState;
  error?: Schemas['Status'];
  videoDuration?: string;
  /** Key of the bytes in the blob store. */
  blob: string;
}

export interface UploadSessionRecord {
  id: string;
  project: string;
  /** The API key the session was started with (the session URL needs none). */
  apiKey: string;
  metadata?: Schemas['File'];
  mimeType: string;
  declaredSize?: number;
  /** Bytes received and durably written. */
  received: number;
  createTime: number;
}

export interface CacheRecord {
  project: string;
  id: string;
  seq: number;
  displayName?: string;
  model: string;
  systemInstruction?: Schemas['Content'];
  contents?: Schemas['Content'][];
  tools?: Schemas['Tool'][];
  toolConfig?: Schemas['ToolConfig'];
  tokens: number;
  createTime: number;
  updateTime: number;
  expireTime: number;
}

export interface Page<T> {
  items: T[];
  /** seq of the last item when more follow. */
  nextAfter?: number;
}

export interface GenerativeStore {
  /** True when nothing was ever stored (the seed is loaded then). */
  isEmpty(): Promise<boolean>;
  /** Makes the seed's API keys (with their projects) the only ones: the seed is the source of truth at every start. */
  replaceApiKeys(projects: Array<{ project: ProjectRecord; apiKeys: string[] }>): Promise<void>;

  putProject(project: ProjectRecord, apiKeys: string[]): Promise<void>;
  projectOfKey(apiKey: string): Promise<ProjectRecord | undefined>;

  putModel(model: ModelRecord): Promise<void>;
  model(name: string): Promise<ModelRecord | undefined>;

  /** Inserts a file; false when the project already has a file of that id. */
  insertFile(file: Omit<FileRecord, 'seq'>): Promise<boolean>;
  file(project: string, id: string): Promise<FileRecord | undefined>;
  /** A project's files in creation order (null: every project's, for tooling). */
  files(project: string | null, afterSeq: number, limit: number): Promise<Page<FileRecord>>;
  /** Files in a state, across projects (processing resumes after a restart). */
  filesInState(state: FileState): Promise<FileRecord[]>;
  updateFile(
    project: string,
    id: string,
    change: Partial<Pick<FileRecord, 'state' | 'error' | 'videoDuration' | 'updateTime'>>,
  ): Promise<void>;
  deleteFile(project: string, id: string): Promise<FileRecord | undefined>;
  expiredFiles(now: number): Promise<FileRecord[]>;

  insertSession(session: UploadSessionRecord): Promise<void>;
  session(id: string): Promise<UploadSessionRecord | undefined>;
  setReceived(id: string, received: number): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ids of the sessions started before `before` (expired). */
  sessionsStartedBefore(before: number): Promise<string[]>;
  /** Bytes a project holds: its files' sizes plus what its open sessions declared (or received, without a declaration). */
  projectBytes(project: string): Promise<number>;

  insertCache(cache: Omit<CacheRecord, 'seq'>): Promise<CacheRecord>;
  cache(project: string, id: string): Promise<CacheRecord | undefined>;
  caches(project: string, afterSeq: number, limit: number, now: number): Promise<Page<CacheRecord>>;
  updateCacheExpiry(project: string, id: string, expireTime: number, updateTime: number): Promise<void>;
  deleteCache(project: string, id: string): Promise<boolean>;
  deleteExpiredCaches(now: number): Promise<number>;
}
