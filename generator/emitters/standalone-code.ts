// ajv's standalone module code for many exports, in linear time. ajv's own `standaloneCode` appends each export
// to one growing code object (copying all of its parts every time), which is quadratic in the number of
// exports: for GitHub's document (4,000 validators) that copy was half of ajv's whole compile. This is the same
// walk with the parts gathered in an array; the text is byte for byte what ajv's function writes (tested).
import { _Code, getProperty, nil } from 'ajv/dist/compile/codegen/code.js';
import { UsedValueState } from 'ajv/dist/compile/codegen/scope.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';

type UsedValues = Record<string, Map<unknown, UsedValueState>>;

/** CommonJS module text exporting each compiled schema of `ajv` under its name (`{ name: schema id }`). */
export function standaloneCode(ajv: InstanceType<typeof Ajv2020>, exportsById: Record<string, string>): string {
  // ajv's internals, as its own standalone module reads them.
  const internal = ajv as any;
  if (!internal.opts.code.source) throw new Error('standaloneCode: the ajv instance needs the code.source option');
  const n: string = internal.scope.opts._n;
  const usedValues: UsedValues = {};
  const parts: string[] = ['"use strict";'];
  for (const [name, id] of Object.entries(exportsById)) {
    const validate = ajv.getSchema(id) as any;
    if (!validate) throw new Error(`standaloneCode: no schema with id ${id}`);
    const code = validateCode(internal, usedValues, validate.source);
    parts.push(`${n}exports${getProperty(name)} = ${validate.source.validateName};${n}${code}`);
  }
  return parts.join('');
}

function validateCode(ajv: any, usedValues: UsedValues, source: any): _Code {
  if (!source) throw new Error('standaloneCode: a function has no "source" property');
  const state = (name: any) => usedValues[name.prefix]?.get(name);
  const setState = (name: any, value: UsedValueState) => {
    (usedValues[name.prefix] ??= new Map()).set(name, value);
  };
  if (state(source.validateName) === UsedValueState.Completed) return nil;
  setState(source.validateName, UsedValueState.Started);
  const n: string = ajv.scope.opts._n;
  const referenced = (name: any): _Code | undefined => {
    const ref = name.value?.ref;
    if (name.prefix === 'validate' && typeof ref === 'function') return validateCode(ajv, usedValues, ref.source);
    if ((name.prefix === 'root' || name.prefix === 'wrapper') && typeof ref === 'object') {
      const { validate, validateName } = ref;
      if (!validateName) throw new Error('ajv internal error');
      const wrapper = `${ajv.opts.code.es5 ? 'var' : 'const'} ${name} = {validate: ${validateName}};`;
      if (state(validateName) === UsedValueState.Started) return new _Code(wrapper);
      return new _Code(`${wrapper}${n}${validateCode(ajv, usedValues, validate?.source)}`);
    }
    return undefined;
  };
  const scopeCode = ajv.scope.scopeCode(source.scopeValues, usedValues, referenced);
  const code = `${scopeCode}${n}${source.validateCode}`;
  return new _Code(source.evaluated ? `${code}${source.validateName}.evaluated = ${source.evaluated};${n}` : code);
}
