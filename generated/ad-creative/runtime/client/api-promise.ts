// Copied from templates/runtime/client/api-promise.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// What a generated method returns: a promise of the answer's data that also gives the whole answer
// (status, headers, request id) through withResponse(), as Stainless-generated SDKs do.
import type { ApiResponse } from './core.js';

/** The executor of the placeholder promise: every settlement goes through the answer promise. */
const placeholder = (resolve: (value: never) => void) => resolve(undefined as never);
const dataOf = <T>(response: ApiResponse<T>): T => response.data;

/** T: the data awaiting gives; R: the whole answer, a union by status where an operation documents several. */
export class ApiPromise<T, R extends ApiResponse<T> = ApiResponse<T>> extends Promise<T> {
  readonly #response: Promise<R>;

  constructor(response: Promise<R>) {
    super(placeholder);
    this.#response = response;
  }

  /** Derived promises (then, catch, finally) are plain promises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The data together with the status, the headers and the request id. */
  withResponse(): Promise<R> {
    return this.#response;
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass overrides then to stay a Promise.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // One derived promise per then (await calls it once): the data handed straight to the callback.
    return this.#response.then(
      onfulfilled ? (r) => onfulfilled(r.data) : (dataOf as (r: ApiResponse<T>) => R1),
      onrejected,
    );
  }

  override catch<E = never>(onrejected?: ((reason: any) => E | PromiseLike<E>) | null): Promise<T | E> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#response.then(dataOf).finally(onfinally);
  }
}
