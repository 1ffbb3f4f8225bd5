// The seam between the service and whatever produces answers. The service does everything around a model
// (validation, files, caches, safety, stop sequences, token limits, usage, streaming); a model only turns a
// request into an answer: parts that come whole (function calls, code) and text produced piece by piece, so a
// stream can flush each piece as it is produced and stop producing when the client goes away.
// The built-in backend is builtin-model.ts; another backend (a local inference server, say) implements Model.
import type { components } from '../../../generated/generative/types.js';

type Schemas = components['schemas'];

export interface ModelRequest {
  /** The model id the request addressed (models/<id> or tunedModels/<id>, without the prefix). */
  modelId: string;
  /** The cached conversation (if any) followed by the request's contents. */
  contents: Schemas['Content'][];
  systemInstruction?: Schemas['Content'];
  tools?: Schemas['Tool'][];
  toolConfig?: Schemas['ToolConfig'];
  generationConfig?: Schemas['GenerationConfig'];
}

export interface ModelAnswer {
  /** Parts that precede the text, produced whole (a function call, executable code and its result). */
  parts: Schemas['Part'][];
  /** The answer's text, piece by piece (lazily: nothing is computed before it is pulled); absent for a call only. */
  text?: Iterable<string>;
}

export interface Model {
  answer(request: ModelRequest): ModelAnswer;
}
