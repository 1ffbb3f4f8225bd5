// generateContent and streamGenerateContent: the checks no schema can make, the context (cached content,
// referenced files), the prompt's safety, then the model's answer through the decoder (stop sequences, token
// limit) and the candidate's safety, with usage counted by the one tokenizer (tokens.ts):
// promptTokenCount = system instruction + contents + cached content; cachedContentTokenCount = the cached part;
// candidatesTokenCount = the candidate's parts; totalTokenCount = prompt + candidates.
import type { components } from '../../generated/generative/types.js';
import type { AnswerDecoder, DecoderFactory } from './decoder.js';
import { failedPrecondition, fileNotAccessible, invalid, notFound } from './errors.js';
import type { Model, ModelRequest } from './model/model.js';
import {
  JsonSchemaTooLarge,
  jsonSchemaValue,
  MAX_JSON_SCHEMA_VALUES,
  parametersJsonSchemaOf,
  responseJsonSchemaOf,
} from './model/json-schema-value.js';
import { schemaValueSize } from './model/schema-value.js';
import type { SafetyFilter, SafetyRating, ThresholdResolver, Thresholds } from './safety.js';
import type { CacheRecord, GenerativeStore, ModelRecord, ProjectRecord } from './store.js';
import { contentTokens, partTokens } from './tokens.js';
import { isPublicVideoUrl } from './video-urls.js';

type Schemas = components['schemas'];
type Schema = Schemas['Schema'];

/**
 * Most values a schema's smallest value may hold (a convention: the public service documents no bound; an
 * answer past it would outgrow any output token limit).
 */
const MAX_SCHEMA_VALUES = 100_000;

/** Whether the smallest value the built-in model makes of a JSON Schema holds more values than an answer may. */
function asksTooMuch(schema: Parameters<typeof jsonSchemaValue>[0]): boolean {
  try {
    jsonSchemaValue(schema, [], MAX_JSON_SCHEMA_VALUES);
    return false;
  } catch (error) {
    if (error instanceof JsonSchemaTooLarge) return true;
    throw error;
  }
}
type Content = Schemas['Content'];
type Part = Schemas['Part'];
type GenerateRequest = Schemas['GenerateContentRequest'];
type GenerateResponse = Schemas['GenerateContentResponse'];
type Candidate = Schemas['Candidate'];

const DATA_MEMBERS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
] as const;
const TOOL_MEMBERS = ['functionDeclarations', 'codeExecution'];

export interface GenerationDeps {
  store: GenerativeStore;
  model: Model;
  clock: () => number;
  /** The prompt's and the answer's safety filters (one classifier by default). */
  promptFilter: SafetyFilter;
  answerFilter: SafetyFilter;
  /** The thresholds a request's safetySettings put in force over the model's default. */
  thresholds: ThresholdResolver;
  decoder: DecoderFactory;
  /** Stream pacing: tokens per event and the pause before each event (lets a slow client see progress). */
  streamChunkTokens: number;
  streamChunkDelayMs: number;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

/** A file's path as the files API writes it in `uri`, after whatever prefix a proxy mounts the service under. */
const FILE_PATH = /\/v1beta\/files\/([a-z0-9-]+)$/;

/**
 * The id of a file named by its uri (`<base>/v1beta/files/<id>`, http or https), whatever host it names: the host
 * is how the client reached the service, which a proxy or a balancer in front gives as its own address, and the
 * id is looked up among the caller's project's files only, so no host can name another project's file. A uri of
 * another form (another path, no scheme) names no file of this service.
 */
export function fileIdOf(fileUri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(fileUri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return FILE_PATH.exec(url.pathname)?.[1];
}

/** Everything decided before the model runs. */
interface Prepared {
  model: ModelRecord;
  modelRequest: ModelRequest;
  thresholds: Thresholds;
  promptTokens: number;
  cachedTokens?: number;
  promptRatings: SafetyRating[];
  promptBlocked: boolean;
  stopSequences: string[];
  maxTokens?: number;
  modelVersion: string;
}

function acceptsMedia(model: ModelRecord, mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  return model.inputs.includes(type) || model.inputs.includes(type.split('/')[0]!);
}

function textOfParts(parts: readonly Part[]): string {
  return parts.map((p) => p.text ?? p.codeExecutionResult?.output ?? '').join('\n');
}

export class Generation {
  constructor(private readonly deps: GenerationDeps) {}

  private async modelOf(name: string): Promise<ModelRecord> {
    const found = await this.deps.store.model(name);
    if (found) return found;
    throw notFound(`${name} is not found for API version v1beta, or is not supported for generateContent.`);
  }

  private async checkContents(
    project: ProjectRecord,
    contents: readonly Content[],
    model: ModelRecord,
    where: string,
  ): Promise<void> {
    for (const [ci, content] of contents.entries()) {
      if (!content.parts?.length) throw invalid('A Content must hold at least one part.', `${where}[${ci}].parts`);
      for (const [pi, part] of content.parts.entries()) {
        const field = `${where}[${ci}].parts[${pi}]`;
        if (DATA_MEMBERS.filter((k) => (part as Record<string, unknown>)[k] !== undefined).length > 1) {
          throw invalid(
            'A part holds at most one data member (text, inline_data, file_data, function_call, function_response, executable_code or code_execution_result).',
            field,
          );
        }
        if (part.inlineData && !acceptsMedia(model, part.inlineData.mimeType ?? '')) {
          throw invalid(
            `${model.name} does not take ${part.inlineData.mimeType} input.`,
            `${field}.inline_data.mime_type`,
          );
        }
        if (part.fileData && isPublicVideoUrl(part.fileData.fileUri ?? '')) {
          if (!acceptsMedia(model, part.fileData.mimeType ?? 'video/*'))
            throw invalid(`${model.name} does not take video input.`, `${field}.file_data`);
        } else if (part.fileData) {
          const id = fileIdOf(part.fileData.fileUri ?? '');
          if (!id) throw invalid(`Unsupported file uri: ${part.fileData.fileUri}`, `${field}.file_data.file_uri`);
          const file = await this.deps.store.file(project.id, id);
          if (!file || file.expireTime <= this.deps.clock()) throw fileNotAccessible(id);
          if (file.state !== 'ACTIVE') {
            throw failedPrecondition(`The File ${id} is not in an ACTIVE state and usage is not allowed.`);
          }
          if (!acceptsMedia(model, file.mimeType))
            throw invalid(`${model.name} does not take ${file.mimeType} input.`, `${field}.file_data`);
        }
      }
    }
  }

  private async cacheOf(project: ProjectRecord, name: string, model: ModelRecord): Promise<CacheRecord | undefined> {
    const id = name.replace(/^cachedContents\//, '');
    const cache = await this.deps.store.cache(project.id, id);
    if (!cache || cache.expireTime <= this.deps.clock())
      throw notFound(`CachedContent not found (or it expired): ${name}`);
    if (cache.model !== model.name)
      throw invalid(`${name} was created for ${cache.model}, not ${model.name}.`, 'cached_content');
    return cache;
  }

  /** The request-level checks and everything known before the model runs. */
  async prepare(project: ProjectRecord, modelName: string, body: GenerateRequest): Promise<Prepared> {
    const model = await this.modelOf(modelName);
    const config: Partial<Schemas['GenerationConfig']> = body.generationConfig ?? {};
    if (!body.contents?.length) throw invalid('contents is required and holds at least one Content.', 'contents');
    if (config.candidateCount !== undefined && config.candidateCount !== 1) {
      throw invalid('Only 1 candidate is supported.', 'generation_config.candidate_count');
    }
    if ((config.stopSequences?.length ?? 0) > 5)
      throw invalid('At most 5 stop sequences are allowed.', 'generation_config.stop_sequences');
    if (config.temperature !== undefined && (config.temperature < 0 || config.temperature > 2)) {
      throw invalid('temperature must lie between 0.0 and 2.0.', 'generation_config.temperature');
    }
    if (
      config.responseMimeType !== undefined &&
      !['text/plain', 'application/json'].includes(config.responseMimeType)
    ) {
      throw invalid(
        `Unsupported response_mime_type ${config.responseMimeType}: use text/plain or application/json.`,
        'generation_config.response_mime_type',
      );
    }
    if (config.responseSchema && config.responseMimeType !== 'application/json') {
      throw invalid(
        'response_schema needs response_mime_type application/json.',
        'generation_config.response_mime_type',
      );
    }
    if (config.responseSchema && schemaValueSize(config.responseSchema, MAX_SCHEMA_VALUES) > MAX_SCHEMA_VALUES) {
      throw invalid(
        `response_schema asks for an answer of more than ${MAX_SCHEMA_VALUES} values (min_items).`,
        'generation_config.response_schema',
      );
    }
    const responseJsonSchema = responseJsonSchemaOf(config);
    if (responseJsonSchema !== undefined && asksTooMuch(responseJsonSchema))
      throw invalid(
        `response_json_schema asks for an answer of more than ${MAX_JSON_SCHEMA_VALUES} values (minItems).`,
        'generation_config.response_json_schema',
      );
    if (config.topK !== undefined && !model.topK)
      throw invalid(`top_k is not supported by ${model.name}.`, 'generation_config.top_k');
    if (body.systemInstruction?.parts?.some((p) => typeof p.text !== 'string' || Object.keys(p).length !== 1)) {
      throw invalid('system_instruction holds text parts only.', 'system_instruction.parts');
    }
    for (const [i, tool] of (body.tools ?? []).entries()) {
      const other = Object.keys(tool).filter((k) => !TOOL_MEMBERS.includes(k));
      if (other.length)
        throw invalid(
          `Only function declarations and code execution are supported as tools, not ${other.join(', ')}.`,
          `tools[${i}]`,
        );
      for (const [j, decl] of (tool.functionDeclarations ?? []).entries()) {
        if (decl.parameters && decl.parameters.type !== 'OBJECT')
          throw invalid(
            'Function parameters must be of type OBJECT.',
            `tools[${i}].function_declarations[${j}].parameters.type`,
          );
        if (decl.parameters && schemaValueSize(decl.parameters as Schema, MAX_SCHEMA_VALUES) > MAX_SCHEMA_VALUES)
          throw invalid(
            `Function parameters ask for arguments of more than ${MAX_SCHEMA_VALUES} values (min_items).`,
            `tools[${i}].function_declarations[${j}].parameters`,
          );
        const parametersJsonSchema = parametersJsonSchemaOf(decl);
        if (!decl.parameters && parametersJsonSchema !== undefined && asksTooMuch(parametersJsonSchema))
          throw invalid(
            `Function parameters ask for arguments of more than ${MAX_JSON_SCHEMA_VALUES} values (minItems).`,
            `tools[${i}].function_declarations[${j}].parameters_json_schema`,
          );
      }
    }
    const thresholds = this.deps.thresholds(body.safetySettings, { defaultThreshold: model.defaultThreshold });
    const cache = body.cachedContent !== undefined ? await this.cacheOf(project, body.cachedContent, model) : undefined;
    await this.checkContents(project, body.contents ?? [], model, 'contents');

    const systemInstruction = body.systemInstruction ?? cache?.systemInstruction;
    const contents = [...(cache?.contents ?? []), ...(body.contents ?? [])];
    const requestTokens =
      contentTokens(body.contents) + contentTokens(body.systemInstruction ? [body.systemInstruction] : []);
    const cachedTokens = cache?.tokens;
    const promptTokens = requestTokens + (cachedTokens ?? 0);
    const promptFilter = this.deps.promptFilter;
    const promptRatings = promptFilter.rate(contents.map((c) => textOfParts(c.parts ?? [])).join('\n'));
    const promptBlocked = promptFilter.blocks(promptRatings, thresholds);
    const modelRequest: ModelRequest = { modelId: model.name.replace(/^\w+\//, ''), contents };
    if (systemInstruction) modelRequest.systemInstruction = systemInstruction;
    const tools = body.tools ?? cache?.tools;
    if (tools) modelRequest.tools = tools;
    const toolConfig = body.toolConfig ?? cache?.toolConfig;
    if (toolConfig) modelRequest.toolConfig = toolConfig;
    if (body.generationConfig) modelRequest.generationConfig = body.generationConfig;
    const prepared: Prepared = {
      model,
      modelRequest,
      thresholds,
      promptTokens,
      promptRatings,
      promptBlocked,
      stopSequences: config.stopSequences ?? [],
      modelVersion: `${modelRequest.modelId}-001`,
    };
    if (cachedTokens !== undefined) prepared.cachedTokens = cachedTokens;
    if (config.maxOutputTokens !== undefined) prepared.maxTokens = config.maxOutputTokens;
    return prepared;
  }

  private usage(p: Prepared, candidateTokens: number): Schemas['UsageMetadata'] {
    return {
      promptTokenCount: p.promptTokens,
      ...(p.cachedTokens !== undefined ? { cachedContentTokenCount: p.cachedTokens } : {}),
      candidatesTokenCount: candidateTokens,
      totalTokenCount: p.promptTokens + candidateTokens,
    };
  }

  private blockedPrompt(p: Prepared): GenerateResponse {
    const response: GenerateResponse = {
      promptFeedback: { blockReason: 'SAFETY', safetyRatings: p.promptRatings },
      usageMetadata: this.usage(p, 0),
      modelVersion: p.modelVersion,
    };
    return response;
  }

  /** Rates the candidate's text; true when a threshold blocks it. */
  private rateCandidate(p: Prepared, text: string): { ratings: SafetyRating[]; blocked: boolean } {
    const ratings = this.deps.answerFilter.rate(text);
    return { ratings, blocked: this.deps.answerFilter.blocks(ratings, p.thresholds) };
  }

  async generate(project: ProjectRecord, modelName: string, body: GenerateRequest): Promise<GenerateResponse> {
    const p = await this.prepare(project, modelName, body);
    if (p.promptBlocked) return this.blockedPrompt(p);
    const answer = this.deps.model.answer(p.modelRequest);
    const decoder = this.deps.decoder(p.stopSequences, p.maxTokens);
    let text: string | undefined;
    if (answer.text) {
      text = '';
      for (const piece of answer.text) {
        text += decoder.push(piece);
        if (decoder.finish) break;
      }
      text += decoder.end();
    }
    const parts: Part[] = [...answer.parts, ...(text !== undefined ? [{ text }] : [])];
    const { ratings, blocked } = this.rateCandidate(p, textOfParts(parts));
    const candidate: Candidate = { index: 0, safetyRatings: ratings };
    let candidateTokens = 0;
    if (blocked) {
      candidate.finishReason = 'SAFETY';
    } else {
      candidate.content = { role: 'model', parts };
      candidate.finishReason = this.finishReason(decoder.finish);
      candidateTokens = parts.reduce((sum, part) => sum + partTokens(part), 0);
    }
    candidate.tokenCount = candidateTokens;
    return {
      candidates: [candidate],
      promptFeedback: { safetyRatings: p.promptRatings },
      usageMetadata: this.usage(p, candidateTokens),
      modelVersion: p.modelVersion,
    };
  }

  private finishReason(finish: AnswerDecoder['finish']): Schemas['FinishReason'] {
    return finish ?? 'STOP';
  }

  /**
   * The answer as a stream of GenerateContentResponse events: each carries the text produced since the last
   * one and the usage so far; the last carries finishReason and the candidate's ratings. The model is pulled
   * only as events are sent, so a client that goes away stops the generation (the router ends the iterator).
   */
  async stream(
    project: ProjectRecord,
    modelName: string,
    body: GenerateRequest,
  ): Promise<AsyncIterable<GenerateResponse>> {
    const p = await this.prepare(project, modelName, body);
    const deps = this.deps;
    const self = this;
    return (async function* events(): AsyncGenerator<GenerateResponse> {
      if (p.promptBlocked) {
        yield self.blockedPrompt(p);
        return;
      }
      const answer = deps.model.answer(p.modelRequest);
      const decoder = deps.decoder(p.stopSequences, p.maxTokens);
      let sentTokens = 0;
      let sentText = '';
      let events = 0;
      let finished = false;
      const event = (parts: Part[], last: boolean, ratings?: SafetyRating[]): GenerateResponse => {
        sentTokens += parts.reduce((sum, part) => sum + partTokens(part), 0);
        const candidate: Candidate = { content: { role: 'model', parts }, index: 0 };
        if (last) {
          candidate.finishReason = self.finishReason(decoder.finish);
          if (ratings) candidate.safetyRatings = ratings;
        }
        const response: GenerateResponse = { candidates: [candidate], modelVersion: p.modelVersion };
        response.usageMetadata = self.usage(p, sentTokens);
        events += 1;
        return response;
      };
      try {
        let pending: Part[] = [...answer.parts];
        let buffer = '';
        let count = 0;
        const chunkTokens = deps.streamChunkTokens;
        const iterator = answer.text?.[Symbol.iterator]();
        for (;;) {
          const next = iterator?.next();
          const done = !next || next.done === true;
          if (!done) {
            buffer += decoder.push(next.value);
            count += 1;
          }
          const stopped = done || decoder.finish !== undefined;
          if (stopped) buffer += decoder.end();
          if (!stopped && count < chunkTokens) continue;
          // Safety of everything produced so far, before any of it leaves.
          const produced = textOfParts([...pending, { text: sentText + buffer }]);
          const { ratings, blocked } = self.rateCandidate(p, produced);
          if (blocked) {
            events += 1;
            finished = true;
            yield {
              candidates: [{ index: 0, finishReason: 'SAFETY', safetyRatings: ratings }],
              usageMetadata: self.usage(p, sentTokens),
              modelVersion: p.modelVersion,
            };
            return;
          }
          const parts = [
            ...pending,
            ...(buffer || (stopped && !pending.length && !sentText && iterator) ? [{ text: buffer }] : []),
          ];
          sentText += buffer;
          pending = [];
          buffer = '';
          count = 0;
          if (deps.streamChunkDelayMs > 0) await new Promise((r) => setTimeout(r, deps.streamChunkDelayMs));
          if (stopped) {
            finished = true;
            yield event(parts, true, ratings);
            return;
          }
          if (parts.length) yield event(parts, false);
        }
      } finally {
        if (!finished) deps.log('stream stopped: the client went away', { events, model: p.model.name });
        else deps.log('stream finished', { events, model: p.model.name });
      }
    })();
  }
}
