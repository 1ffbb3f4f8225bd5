// Copied from templates/runtime/client/api-promise.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// What a generated method returns: a promise of the answer's data that also gives the whole answer
// (status, headers, request id) through withResponse(), as Stainless-generated SDKs do.
import type { ApiResponse } from './core.js';

export class ApiPromise<T> extends Promise<T> {
  readonly #response: Promise<ApiResponse<T>>;
  #data?: Promise<T>;

  constructor(response: Promise<ApiResponse<T>>) {
    // The executor is a placeholder: every settlement goes through the answer promise below.
    super((resolve) => resolve(undefined as T));
    this.#response = response;
  }

  /** Derived promises (then, catch, finally) are plain promises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The data together with the status, the headers and the request id. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.#response;
  }

  #parsed(): Promise<T> {
    this.#data ??= this.#response.then((r) => r.data);
    return this.#data;
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#parsed().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#parsed().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#parsed().finally(onfinally);
  }
}
