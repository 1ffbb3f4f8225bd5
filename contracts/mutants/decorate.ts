// Seam decorators for mutants (Mutant.decorate): a stand-in for one of a service's objects (its store, its
// rate limiter) whose named methods are replaced, each replacement handed the original method. A seam's
// methods may answer values or promises (a store over SQLite or over a server database): `mapResult` maps a
// result of either kind and keeps its kind.
type AnyFunction = (...args: any[]) => any;

/** Replacements by method name: each gets the original (bound to the object) and the call's arguments. */
export type Overrides<T> = {
  [K in keyof T]?: T[K] extends (...args: infer A) => infer R
    ? (inner: (...args: A) => R, ...args: A) => unknown
    : never;
};

/** The object with the given methods replaced; every other member reads through unchanged. */
export function override<T extends object>(target: T, overrides: Overrides<T>): T {
  const replaced = overrides as Record<PropertyKey, AnyFunction | undefined>;
  return new Proxy(target, {
    get(object, name) {
      const value = Reflect.get(object, name, object);
      if (typeof value !== 'function') return value;
      const inner = (value as AnyFunction).bind(object);
      const replace = replaced[name];
      return replace ? (...args: unknown[]) => replace(inner, ...args) : inner;
    },
  });
}

/** `map` applied to a method's result, whether it is a value or a promise of one (then a promise of the mapped value). */
export function mapResult<T, U>(result: T | PromiseLike<T>, map: (value: T) => U): U | Promise<U> {
  const thenable = result as PromiseLike<T>;
  if (thenable !== null && typeof thenable === 'object' && typeof thenable.then === 'function')
    return Promise.resolve(thenable).then(map);
  return map(result as T);
}

/** A decorator replacing methods of whatever object it is given (a seam of Mutant.decorate). */
export const overriding =
  <T extends object>(overrides: Overrides<T>) =>
  (inner: T): T =>
    override(inner, overrides);

/**
 * A decorator whose replacements are written against the original object: `replace(original)` lists the
 * methods that behave differently, each free to call any method of the original (a delete that reads the
 * items first); every other member reads through unchanged.
 */
export const replacing =
  <T extends object>(replace: (original: T) => Partial<T>) =>
  (original: T): T => {
    const methods = replace(original) as Record<string, AnyFunction>;
    const overrides = Object.fromEntries(
      Object.entries(methods).map(([name, method]) => [
        name,
        (_inner: AnyFunction, ...args: unknown[]) => method(...args),
      ]),
    );
    return override(original, overrides as Overrides<T>);
  };
