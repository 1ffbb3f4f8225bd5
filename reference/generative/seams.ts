// The generative service's seams: the objects it builds once at start and uses for every request. Whoever
// starts the service may hand it stand-ins with the same interface (ServiceContext.decorate, by these
// names), e.g. to count or log calls, or to plant a defect from outside.
import type { BlobStore } from './blobs.js';
import type { DecoderFactory } from './decoder.js';
import type { Model } from './model/model.js';
import type { ProcessingClock } from './processing-clock.js';
import type { SafetyFilter, ThresholdResolver } from './safety.js';
import type { GenerativeStore } from './store.js';

export interface GenerativeSeams {
  /** Everything the service keeps or looks up: projects and keys, models, files, upload sessions, caches. */
  store: GenerativeStore;
  /** File bytes on disk: whole files and the parts of resumable uploads. */
  blobs: BlobStore;
  /** What turns a request into an answer (the built-in deterministic model unless another is given). */
  model: Model;
  /** Rates the prompt and judges the ratings against the thresholds in force. */
  promptFilter: SafetyFilter;
  /** Rates the answer and judges the ratings against the thresholds in force. */
  answerFilter: SafetyFilter;
  /** The thresholds a request's safetySettings put in force over the model's default. */
  thresholds: ThresholdResolver;
  /** Makes the decoder of each answer (stop sequences, maxOutputTokens). */
  decoder: DecoderFactory;
  /** Names a file created without a name. */
  fileId: () => string;
  /** When a PROCESSING video's processing runs (a timer of the seed's videoProcessingMs by default). */
  processingClock: ProcessingClock;
}
